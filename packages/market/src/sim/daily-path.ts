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
 */
import type { DayKey } from "@kalpa/contracts/names";
import type { SeriesSymbol, SimulationProfile } from "../instruments/instrument";
import { MEAN_ABS_SHOCK, Rng } from "../random/rng";
import { hashSeed } from "../random/seed-hash";
import { addDays } from "../time/day-math";

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
}

export interface DailyPathOptions {
  readonly seed: string | number;
  readonly symbol: SeriesSymbol;
  readonly profile: SimulationProfile;
  /** Share of a full session traded on a day; 0 when the series does not trade. */
  readonly fractionOn: (day: DayKey) => number;
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
    const { annualVolatility, meanAbsOpeningGap } = options.profile;
    const dayVariance = annualVolatility ** 2 / TRADING_DAYS_PER_YEAR;
    this.#gapSigma = meanAbsOpeningGap / MEAN_ABS_SHOCK;
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
      const open = x0 + this.#gapSigma * rng.shock();
      const move =
        this.#intradaySigma * Math.sqrt(fraction) * rng.shock() - MEAN_REVERSION * (x0 - reference);
      const volumeNoise = Math.exp(VOLUME_SIGMA * rng.normal() - VOLUME_SIGMA ** 2 / 2);
      const point: DailyPoint = {
        day: next,
        previousClose: this.#lastClose,
        open: Math.exp(open),
        close: Math.exp(open + move),
        fraction,
        volume: Math.round(profile.typicalDailyVolume * fraction * volumeNoise),
      };
      this.#indexByDay.set(next, this.#points.length);
      this.#points.push(point);
      this.#lastClose = point.close;
    }
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
