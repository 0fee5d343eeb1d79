/**
 * Prices of the contracts the models trade, from the underlying's price and the clock: Black-Scholes on
 * the spot index for NSE's index options, Black-76 on the futures price for MCX's CRUDEOIL options (the
 * generalised form with carry r − q and 0: black-scholes.ts), with
 * volatility from the IV model. An index option is priced off its forward spot × e^((r − q)T): the same
 * as Black-Scholes on the spot with dividend yield q. Both the surfaces and q are fitted to recorded real
 * prices (calibrated-surfaces.ts, docs/models.md section 6). Premiums are rounded to the exchange's option
 * tick and never quoted below one tick.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { optionUnderlying } from "../instruments/option-underlyings";
import { roundToTick } from "../instruments/price-steps";
import {
  type GeneralisedInputs,
  generalisedBlackScholes,
  type OptionGreeks,
} from "./black-scholes";
import { CALIBRATED_DIVIDEND_YIELD } from "./calibrated-surfaces";
import { yearsToExpiry } from "./expiry-time";
import { IV_SURFACES, type IvSurface, surfaceVolatility } from "./iv-model";
import type { OptionContract } from "./option-contract";

export interface PricingSettings {
  /**
   * Risk-free rate, annualised: near India's 91-day treasury bill yield in 2025 (about 5.5%; an
   * approximation, configurable).
   */
  readonly rate: number;
  /**
   * Continuous dividend yield per index: the q with which spot × e^((r − q)T) is the market's forward.
   * Fitted to NIFTY's put–call parity forwards of 14 Nov 2025 (calibrated-surfaces.ts), and negative: the
   * index forward then carried about 7.4 % a year, more than the rate (the futures' premium over the
   * treasury bill outweighs the index's dividends of about 1.3 %). CRUDEOIL's is unused (Black-76).
   */
  readonly dividendYield: Readonly<Record<MarketSymbol, number>>;
  readonly surfaces: Readonly<Record<MarketSymbol, IvSurface>>;
}

export const DEFAULT_PRICING: PricingSettings = {
  rate: 0.055,
  dividendYield: {
    NIFTY: CALIBRATED_DIVIDEND_YIELD,
    BANKNIFTY: CALIBRATED_DIVIDEND_YIELD,
    CRUDEOIL: 0,
  },
  surfaces: IV_SURFACES,
};

export interface TheoreticalOption extends OptionGreeks {
  /** The volatility the price was computed with. */
  readonly volatility: number;
  readonly years: number;
}

/** The generalised Black-Scholes inputs for a contract on the settings' surface (the volatility and time they use). */
export function pricingInputs(
  contract: Pick<OptionContract, "symbol" | "optionType" | "strike" | "expiresAt">,
  underlyingPrice: number,
  at: number,
  settings: PricingSettings,
): GeneralisedInputs {
  const { symbol, optionType: type, strike } = contract;
  const years = yearsToExpiry(at, contract.expiresAt);
  const rate = settings.rate;
  const surface = settings.surfaces[symbol];
  // CRUDEOIL options are on the futures price (Black-76, no carry); NSE's on the spot index (carry r − q).
  const futures = optionUnderlying(symbol).exchange === "MCX";
  const carry = futures ? 0 : rate - settings.dividendYield[symbol];
  const forward = underlyingPrice * Math.exp(carry * years);
  return {
    type,
    underlying: underlyingPrice,
    strike,
    years,
    rate,
    volatility: surfaceVolatility(surface, strike, forward, years),
    carry,
    carryFollowsRate: !futures,
  };
}

/** A contract's model price and greeks with the underlying at `underlyingPrice` at the instant `at`. */
export function theoreticalOption(
  contract: OptionContract,
  underlyingPrice: number,
  at: number,
  settings: PricingSettings = DEFAULT_PRICING,
): TheoreticalOption {
  const inputs = pricingInputs(contract, underlyingPrice, at, settings);
  return { ...generalisedBlackScholes(inputs), volatility: inputs.volatility, years: inputs.years };
}

/** A premium on the exchange's tick, at least one tick (the lowest price an option quotes at). */
export function roundPremium(symbol: MarketSymbol, price: number): number {
  const tick = optionUnderlying(symbol).optionTick;
  return Math.max(tick, roundToTick(price, tick));
}

/** Gives an option's premium for the underlying's price at an instant. */
export type OptionPricer = (
  contract: OptionContract,
  underlyingPrice: number,
  at: number,
) => number;

/**
 * Model prices rounded to the tick, on the settings `settingsAt` gives for the symbol at the instant (a
 * level that moves: live quotes, the recent realised volatility).
 */
export function pricerOn(
  settingsAt: (symbol: MarketSymbol, at: number) => PricingSettings,
): OptionPricer {
  return (contract, underlyingPrice, at) =>
    roundPremium(
      contract.symbol,
      generalisedBlackScholes(
        pricingInputs(contract, underlyingPrice, at, settingsAt(contract.symbol, at)),
      ).price,
    );
}

/** The simulated option market: model prices on the IV model, rounded to the tick. */
export function simulatedPricer(settings: PricingSettings = DEFAULT_PRICING): OptionPricer {
  return pricerOn(() => settings);
}
