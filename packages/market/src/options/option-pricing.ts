/**
 * Prices of the contracts the models trade, from the underlying's price and the clock: Black-Scholes on
 * the spot index for NSE's index options, Black-76 on the futures price for MCX's CRUDEOIL options, with
 * volatility from the IV model. Premiums are rounded to the exchange's option tick and never quoted below
 * one tick.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { optionUnderlying } from "../instruments/option-underlyings";
import { roundToTick } from "../instruments/price-steps";
import { black76, blackScholes, type OptionGreeks } from "./black-scholes";
import { yearsToExpiry } from "./expiry-time";
import { IV_SURFACES, type IvSurface, surfaceVolatility } from "./iv-model";
import type { OptionContract } from "./option-contract";

export interface PricingSettings {
  /**
   * Risk-free rate, annualised: near India's 91-day treasury bill yield in 2025 (about 5.5%; an
   * approximation, configurable).
   */
  readonly rate: number;
  /** Continuous dividend yield per index (0 by default: the simulated index is a price index). */
  readonly dividendYield: Readonly<Record<MarketSymbol, number>>;
  readonly surfaces: Readonly<Record<MarketSymbol, IvSurface>>;
}

export const DEFAULT_PRICING: PricingSettings = {
  rate: 0.055,
  dividendYield: { NIFTY: 0, BANKNIFTY: 0, CRUDEOIL: 0 },
  surfaces: IV_SURFACES,
};

export interface TheoreticalOption extends OptionGreeks {
  /** The volatility the price was computed with. */
  readonly volatility: number;
  readonly years: number;
}

/** A contract's model price and greeks with the underlying at `underlyingPrice` at the instant `at`. */
export function theoreticalOption(
  contract: OptionContract,
  underlyingPrice: number,
  at: number,
  settings: PricingSettings = DEFAULT_PRICING,
): TheoreticalOption {
  const { symbol, optionType: type, strike } = contract;
  const years = yearsToExpiry(at, contract.expiresAt);
  const rate = settings.rate;
  const surface = settings.surfaces[symbol];
  if (optionUnderlying(symbol).exchange === "MCX") {
    const volatility = surfaceVolatility(surface, strike, underlyingPrice, years);
    const greeks = black76({ type, forward: underlyingPrice, strike, years, rate, volatility });
    return { ...greeks, volatility, years };
  }
  const dividendYield = settings.dividendYield[symbol];
  const forward = underlyingPrice * Math.exp((rate - dividendYield) * years);
  const volatility = surfaceVolatility(surface, strike, forward, years);
  const greeks = blackScholes({
    type,
    spot: underlyingPrice,
    strike,
    years,
    rate,
    volatility,
    dividendYield,
  });
  return { ...greeks, volatility, years };
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

/** The simulated option market: model prices on the IV model, rounded to the tick. */
export function simulatedPricer(settings: PricingSettings = DEFAULT_PRICING): OptionPricer {
  return (contract, underlyingPrice, at) =>
    roundPremium(contract.symbol, theoreticalOption(contract, underlyingPrice, at, settings).price);
}
