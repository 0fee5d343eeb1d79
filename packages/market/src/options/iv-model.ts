/**
 * The implied-volatility model for simulated runs: what volatility the simulated option market quotes for
 * a strike and an expiry, so that premiums move sensibly with the underlying and with time. Deterministic:
 * a function of the instrument, the strike's moneyness and the time left, nothing else.
 *
 *   σ(K, T) = σ_atm(T) × clamp(1 + skew·x + curvature·x², floor, ceiling)
 *   x       = clamp(ln(K / F) / (σ_atm · √max(T, 1 day)), −wing, wing)   (moneyness in standard deviations)
 *   σ_atm(T) = atm × (1 + nearExpiryPremium · e^(−days left / nearExpiryDays))
 *
 * The surfaces quoted are fitted to recorded real prices (calibrated-surfaces.ts, written by
 * `npm run calibrate:options`; docs/models.md section 6): NIFTY's chain of 14 Nov 2025 for the index
 * shape and level (about 10.7 % at the money; BANKNIFTY's about 7 % above NIFTY's), crude's options of
 * early June 2025 for crude's (about 35 %). Index options show a put skew (lower strikes dearer); crude's
 * calls were the dearer side. The level is one day's, a calm one: the market's moved from 10 % to 25 %
 * within months of 2026.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { CALIBRATED_SURFACES } from "./calibrated-surfaces";
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
  /**
   * Standard deviations of moneyness beyond which the smile is flat. With the smile's slope held under
   * the no-arbitrage bound up to there (chain-calibration.ts's fit), call premiums fall and put premiums
   * rise with the strike everywhere.
   */
  readonly wing: number;
  /** Smallest and largest multiplier of the at-the-money level anywhere on the smile. */
  readonly floor: number;
  readonly ceiling: number;
}

/**
 * The surfaces before they were fitted to real prices (calibrated-surfaces.ts replaced them): the
 * start of the fit (scripts/calibrate-options.ts) and the "before" of docs/models.md section 6.
 */
export const IV_SURFACES_BEFORE_CALIBRATION: Readonly<Record<MarketSymbol, IvSurface>> = {
  NIFTY: {
    atm: 0.135,
    skew: -0.1,
    curvature: 0.04,
    nearExpiryPremium: 0.1,
    nearExpiryDays: 3,
    wing: 3,
    floor: 0.7,
    ceiling: 2,
  },
  BANKNIFTY: {
    atm: 0.16,
    skew: -0.09,
    curvature: 0.04,
    nearExpiryPremium: 0.08,
    nearExpiryDays: 3,
    wing: 3,
    floor: 0.7,
    ceiling: 2,
  },
  CRUDEOIL: {
    atm: 0.35,
    skew: -0.03,
    curvature: 0.06,
    nearExpiryPremium: 0.05,
    nearExpiryDays: 3,
    wing: 3,
    floor: 0.7,
    ceiling: 2,
  },
};

/** The surfaces the simulated market quotes: fitted to recorded real prices (calibrated-surfaces.ts). */
export const IV_SURFACES: Readonly<Record<MarketSymbol, IvSurface>> = CALIBRATED_SURFACES;

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
  const raw = Math.log(strike / forward) / (atm * Math.sqrt(Math.max(years, DAY_YEARS)));
  const x = Math.min(surface.wing, Math.max(-surface.wing, raw));
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
