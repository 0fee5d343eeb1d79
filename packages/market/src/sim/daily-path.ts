/**
 * The simulated daily path of one series: each trading day's open and close, generated day by day from
 * an anchor. A day's random draws come from its own stream (seed, symbol, day), so the path is the same
 * whenever and in whatever order it is asked for, and any day can be regenerated.
 *
 * Per trading day, in log price x (previous close x₀):
 *   open  = x₀ + gap,                 gap ~ σ_gap · shock
 *   close = open + r,                 r ~ σ_intra · √fraction · shock − κ (x₀ − x_ref)
 * where shock is a unit-variance fat-tailed draw, σ_gap = meanAbsOpeningGap / E|shock|,
 * σ_gap² + σ_intra² = annualVolatility² / 252, fraction is the day's share of a full session, and κ pulls
 * the level back toward the reference with a half-life of about half a trading year.
 *
 * A calibrated series (NIFTY, BANKNIFTY: calibration.ts) draws instead
 *   gap = σ_gap · v · (ρ_gap f₁ + √(1−ρ_gap²) e₁)
 *   r   = σ_intra · √fraction · v · (ρ_day f₂ + √(1−ρ_day²) e₂) − κ (x₀ − x_ref)
 * with f, v from the exchange's common factor stream (seed, "NSE-factor", day) and e from the series' own
 * stream. f and e are normal, scaled on a jump day (a small chance, shared by the exchange's series: an
 * election result, a budget) to a larger variance, and in proportion on other days so the mean variance
 * holds: the fat daily tails. v = exp(η z − η²) is the day's volatility multiplier (E v² = 1), shared too,
 * which also scales the day's minutes. The loadings ρ give the correlation. Each series can still be
 * made alone.
 */
import type { DayKey } from "@kalpa/contracts/names";
import type { SeriesSymbol, SimulationProfile } from "../instruments/instrument";
import { MEAN_ABS_SHOCK, Rng } from "../random/rng";
import { hashSeed } from "../random/seed-hash";
import { addDays } from "../time/day-math";
import type { FactorParameters, SymbolParameters } from "./sim-parameters";

/** The first simulated day; the path starts there at the reference level. */
export const SIM_ANCHOR_DAY: DayKey = "2024-01-01";
export const TRADING_DAYS_PER_YEAR = 252;
/** Daily pull toward the reference level (half-life 125 trading days, about half a year). */
const MEAN_REVERSION = Math.LN2 / 125;
/** Share of a day's variance the intraday move keeps at least, however large the gap. */
const MIN_INTRADAY_SHARE = 0.2;
/** Day-to-day spread of volume (log-normal sigma). */
const VOLUME_SIGMA = 0.25;

export interface DailyPoint {
  readonly day: DayKey;
  readonly previousClose: number;
  readonly open: number;
  readonly close: number;
  /** Share of a full session traded (1 on a regular day). */
  readonly fraction: number;
  /** The day's simulated volume. */
  readonly volume: number;
  /** The day's volatility multiplier (1 for a series without a calibration); scales its intraday path. */
  readonly volatility: number;
}

/** A calibrated series: its fitted parameters and its exchange's common factor. */
export interface CalibratedModel {
  readonly parameters: SymbolParameters;
  readonly factor: FactorParameters;
  /** The name of the common factor's random streams ("NSE-factor"). */
  readonly factorKey: string;
}

export interface DailyPathOptions {
  readonly seed: string | number;
  readonly symbol: SeriesSymbol;
  readonly profile: SimulationProfile;
  /** Share of a full session traded on a day; 0 when the series does not trade. */
  readonly fractionOn: (day: DayKey) => number;
  /** Fitted parameters: they replace the profile's volatility and gap, and add the common factor. */
  readonly model?: CalibratedModel | undefined;
}

export class DailyPath {
  readonly #options: DailyPathOptions;
  readonly #gapSigma: number;
  readonly #intradaySigma: number;
  readonly #points: DailyPoint[] = [];
  readonly #indexByDay = new Map<DayKey, number>();
  /** The last day generated (trading or not). */
  #generatedTo: DayKey = addDays(SIM_ANCHOR_DAY, -1);
  #lastClose: number;

  constructor(options: DailyPathOptions) {
    this.#options = options;
    const fitted = options.model?.parameters;
    const annualVolatility = fitted?.annualVolatility ?? options.profile.annualVolatility;
    const dayVariance = annualVolatility ** 2 / TRADING_DAYS_PER_YEAR;
    this.#gapSigma = fitted?.gapSigma ?? options.profile.meanAbsOpeningGap / MEAN_ABS_SHOCK;
    this.#intradaySigma = Math.sqrt(
      Math.max(dayVariance - this.#gapSigma ** 2, MIN_INTRADAY_SHARE * dayVariance),
    );
    this.#lastClose = options.profile.referenceLevel;
  }

  /** Standard deviation of the whole-day intraday log move on a full day. */
  get intradaySigma(): number {
    return this.#intradaySigma;
  }

  #extendTo(day: DayKey): void {
    if (day < SIM_ANCHOR_DAY) {
      throw new RangeError(`Simulated prices start on ${SIM_ANCHOR_DAY}; ${day} is earlier`);
    }
    const { seed, symbol, profile, fractionOn } = this.#options;
    const reference = Math.log(profile.referenceLevel);
    while (this.#generatedTo < day) {
      const next = addDays(this.#generatedTo, 1);
      this.#generatedTo = next;
      const fraction = fractionOn(next);
      if (fraction <= 0) continue;
      const rng = new Rng(hashSeed(seed, symbol, next, "daily"));
      const x0 = Math.log(this.#lastClose);
      const pull = MEAN_REVERSION * (x0 - reference);
      const { gap, intraday, volatility } = this.#draws(next, rng);
      const open = x0 + this.#gapSigma * gap;
      const move = this.#intradaySigma * Math.sqrt(fraction) * intraday - pull;
      const volumeNoise = Math.exp(VOLUME_SIGMA * rng.normal() - VOLUME_SIGMA ** 2 / 2);
      const point: DailyPoint = {
        day: next,
        previousClose: this.#lastClose,
        open: Math.exp(open),
        close: Math.exp(open + move),
        fraction,
        volume: Math.round(profile.typicalDailyVolume * fraction * volumeNoise),
        volatility,
      };
      this.#indexByDay.set(next, this.#points.length);
      this.#points.push(point);
      this.#lastClose = point.close;
    }
  }

  /** The day's unit shocks of the gap and the intraday move, and its volatility multiplier. */
  #draws(day: DayKey, own: Rng): { gap: number; intraday: number; volatility: number } {
    const model = this.#options.model;
    if (!model) return { gap: own.shock(), intraday: own.shock(), volatility: 1 };
    const { parameters, factor, factorKey } = model;
    const common = new Rng(hashSeed(this.#options.seed, factorKey, day, "daily"));
    const spread = factor.dayVolatilitySpread;
    const volatility = Math.exp(spread * common.normal() - spread * spread);
    const { dayJumpProbability: q, dayJumpVariance: jump } = factor;
    const scale = Math.sqrt((common.uniform() < q ? jump : 1) / (1 - q + q * jump));
    const mix = (loading: number) =>
      volatility *
      scale *
      (loading * common.normal() + Math.sqrt(1 - loading * loading) * own.normal());
    return { gap: mix(parameters.gapLoading), intraday: mix(parameters.dayLoading), volatility };
  }

  /** The point of `day`, or undefined when the series does not trade that day. */
  pointOn(day: DayKey): DailyPoint | undefined {
    this.#extendTo(day);
    const index = this.#indexByDay.get(day);
    return index === undefined ? undefined : this.#points[index];
  }

  /** The trading days from `from` to `to`, both included. */
  pointsBetween(from: DayKey, to: DayKey): DailyPoint[] {
    this.#extendTo(to);
    return this.#points.filter((point) => point.day >= from && point.day <= to);
  }
}
