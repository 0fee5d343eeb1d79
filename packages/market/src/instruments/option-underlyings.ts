/**
 * NIFTY, BANKNIFTY and CRUDEOIL as data (market-facts.md, "Instruments"). Lot sizes are dated, so they
 * live in lot-sizes.ts. Simulation levels are round figures near 2025 prices: anchors for simulated data,
 * not quotes.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { EXCHANGES } from "@kalpa/contracts/names";
import type { OptionUnderlying } from "./instrument";

export const OPTION_UNDERLYINGS: Readonly<Record<MarketSymbol, OptionUnderlying>> = {
  NIFTY: {
    symbol: "NIFTY",
    name: "NIFTY 50",
    exchange: "NSE",
    exchangeId: EXCHANGES.NSE,
    underlying: "NIFTY 50 index",
    strikeStep: 50,
    optionTick: 0.05,
    underlyingTick: 0.05,
    expiryKinds: ["weekly", "monthly"],
    opensOnExpiryDay: true,
    notes: ["Strike step and ticks per NSE's contract specification (market-facts.md)."],
    simulation: {
      referenceLevel: 25_000,
      annualVolatility: 0.13,
      meanAbsOpeningGap: 0.003,
      typicalDailyVolume: 9_000_000,
    },
  },
  BANKNIFTY: {
    symbol: "BANKNIFTY",
    name: "NIFTY BANK",
    exchange: "NSE",
    exchangeId: EXCHANGES.NSE,
    underlying: "NIFTY BANK index",
    strikeStep: 100,
    optionTick: 0.05,
    underlyingTick: 0.05,
    expiryKinds: ["monthly"],
    opensOnExpiryDay: true,
    notes: [
      "Strike step and ticks per NSE's contract specification (market-facts.md).",
      "No weekly contracts since Nov 2024: monthly only.",
    ],
    simulation: {
      referenceLevel: 56_000,
      annualVolatility: 0.155,
      meanAbsOpeningGap: 0.0035,
      typicalDailyVolume: 2_500_000,
    },
  },
  CRUDEOIL: {
    symbol: "CRUDEOIL",
    name: "Crude Oil",
    exchange: "MCX",
    exchangeId: EXCHANGES.MCX,
    underlying: "MCX crude oil futures (100 barrels), Rs per barrel",
    strikeStep: 50,
    optionTick: 0.1,
    underlyingTick: 1,
    expiryKinds: ["monthly"],
    opensOnExpiryDay: false,
    notes: [
      "On the options' expiry day in-the-money options devolve into futures (MCX's option " +
        "specification) and brokers take no fresh positions in the expiring series (Zerodha's bulletins " +
        "'MCX Crude option contract expiry', May 2024 and Aug 2025): the engine trades the next month's " +
        "series from that day.",
      "Strike step 50 is unverified for the 100-barrel contract (MCX's Crude Oil Mini option " +
        "specification lists Rs 50).",
      "Option tick 0.10 is unverified (the Crude Oil Mini option specification lists Rs 0.05).",
      "Underlying tick Re 1 per barrel for the futures is unverified.",
    ],
    simulation: {
      referenceLevel: 5_500,
      annualVolatility: 0.33,
      meanAbsOpeningGap: 0.005,
      typicalDailyVolume: 3_000_000,
    },
  },
};

/** The instrument row for `symbol`. */
export function optionUnderlying(symbol: MarketSymbol): OptionUnderlying {
  return OPTION_UNDERLYINGS[symbol];
}
