/**
 * The implied-volatility model for simulated runs: what volatility the simulated option market quotes for
 * a strike and an expiry, so that premiums move sensibly with the underlying and with time. Deterministic:
 * a function of the instrument, the strike's moneyness and the time left, nothing else.
 *
 *   σ(K, T) = σ_atm(T) × clamp(1 + skew·x + curvature·x², floor, ceiling)
 *   x       = ln(K / F) / (σ_atm · √max(T, 1 day))      (moneyness in standard deviations)
 *   σ_atm(T) = atm × (1 + nearExpiryPremium · e^(−days left / nearExpiryDays))
 *
 * Levels are near what these markets typically quote (2024-2025): NIFTY at-the-money IV mostly 11-16%,
 * BANKNIFTY 13-19%, MCX crude oil 28-45%. The simulator's realised volatility is NIFTY 13%, BANKNIFTY
 * 15.5%, CRUDEOIL 33% (docs/market-data.md), and options usually price a little above realised volatility,
 * so the at-the-money levels sit just above those. Index options show a put skew (lower strikes dearer);
 * crude's skew is milder and its smile more curved. Options close to expiry carry a small premium in IV.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { YEAR_MS } from "./expiry-time";

export interface IvSurface {
  /** At-the-money implied volatility away from expiry (annualised, 0.135 = 13.5%). */
  readonly atm: number;
  /** Change of the multiplier per standard deviation of moneyness (negative: puts dearer). */
  readonly skew: number;
  /** Curvature of the smile per squared standard deviation. */
  readonly curvature: number;
  /** Extra at-the-money IV as a fraction of `atm` as expiry approaches (0.1 = +10% at expiry). */
  readonly nearExpiryPremium: number;
  /** How fast that premium fades, in days (e-folding). */
  readonly nearExpiryDays: number;
  /** Smallest and largest multiplier of the at-the-money level anywhere on the smile. */
  readonly floor: number;
  readonly ceiling: number;
}

export const IV_SURFACES: Readonly<Record<MarketSymbol, IvSurface>> = {
  NIFTY: {
    atm: 0.135,
    skew: -0.1,
    curvature: 0.04,
    nearExpiryPremium: 0.1,
    nearExpiryDays: 3,
    floor: 0.7,
    ceiling: 2,
  },
  BANKNIFTY: {
    atm: 0.16,
    skew: -0.09,
    curvature: 0.04,
    nearExpiryPremium: 0.08,
    nearExpiryDays: 3,
    floor: 0.7,
    ceiling: 2,
  },
  CRUDEOIL: {
    atm: 0.35,
    skew: -0.03,
    curvature: 0.06,
    nearExpiryPremium: 0.05,
    nearExpiryDays: 3,
    floor: 0.7,
    ceiling: 2,
  },
};

const DAY_YEARS = (24 * 60 * 60 * 1000) / YEAR_MS;

/** The at-the-money IV with `years` to expiry. */
export function atmVolatility(surface: IvSurface, years: number): number {
  const days = Math.max(0, years) / DAY_YEARS;
  return surface.atm * (1 + surface.nearExpiryPremium * Math.exp(-days / surface.nearExpiryDays));
}

/** The IV the simulated market quotes for `strike` against the forward `forward` with `years` left. */
export function surfaceVolatility(
  surface: IvSurface,
  strike: number,
  forward: number,
  years: number,
): number {
  const atm = atmVolatility(surface, years);
  const x = Math.log(strike / forward) / (atm * Math.sqrt(Math.max(years, DAY_YEARS)));
  const multiplier = 1 + surface.skew * x + surface.curvature * x * x;
  return atm * Math.min(surface.ceiling, Math.max(surface.floor, multiplier));
}

/** `surfaceVolatility` on the instrument's own surface. */
export function simulatedVolatility(
  symbol: MarketSymbol,
  strike: number,
  forward: number,
  years: number,
): number {
  return surfaceVolatility(IV_SURFACES[symbol], strike, forward, years);
}
