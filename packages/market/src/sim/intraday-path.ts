/**
 * One simulated trading day at tick resolution, pinned to the day's open and close from the daily path.
 *
 * Two levels of Brownian bridge in log price:
 * - minutes: a bridge from the open to the close whose step variance follows the activity profile
 *   (U-shaped), drawn from the stream (seed, symbol, day, "intraday");
 * - ticks: inside each minute, a bridge between that minute's end points at `tickMs` spacing, drawn from
 *   the stream (seed, symbol, day, "minute", k).
 * So any minute's ticks can be made on their own, live ticks and a whole day's bars always agree, and the
 * day's first tick is its open and its last tick its close.
 *
 * A calibrated series (calibration.ts) takes its minutes' variance from its fitted profile (5-minute
 * buckets), scaled by the day's volatility multiplier, and mixes each minute's step from the exchange's
 * common stream (seed, "NSE-factor", day, "intraday") and its own: step = σₖ √bₖ (ρ fₖ + √(1−ρ²) eₖ).
 * bₖ is the minute's burst multiple from the common stream (burstVariance with a small chance, else 1,
 * scaled to mean 1): news minutes that move every index at once, the 1-minute fat tails.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { ExchangeName, MarketSymbol } from "@kalpa/contracts/names";
import { roundToTick } from "../instruments/price-steps";
import { Rng } from "../random/rng";
import { hashSeed } from "../random/seed-hash";
import { MINUTE_MS } from "../time/time-of-day";
import { activityOf, type MinuteSlot } from "./activity-profile";
import type { CalibratedModel, DailyPoint } from "./daily-path";
import type { DayPlan } from "./day-plan";
import { PROFILE_BUCKET_MINUTES } from "./sim-parameters";

/** Minute-to-minute spread of volume around the profile (log-normal sigma). */
const MINUTE_VOLUME_SIGMA = 0.3;

export interface IntradayPathOptions {
  readonly seed: string | number;
  readonly symbol: MarketSymbol;
  readonly exchange: ExchangeName;
  readonly point: DailyPoint;
  readonly plan: DayPlan;
  /** Variance of the whole day's intraday log move on a full day. */
  readonly fullDayVariance: number;
  /** Spacing of ticks (ms); divides a minute and gives at least two ticks a minute. */
  readonly tickMs: number;
  readonly priceTick: number;
  /** Fitted parameters of a calibrated series (its variance profile, minute loading, bursts). */
  readonly model?: CalibratedModel | undefined;
}

export interface MinuteTicks {
  readonly times: readonly number[];
  readonly prices: readonly number[];
  readonly volumes: readonly number[];
}

/** Splits `total` into integer parts proportional to `weights`, summing exactly to `total`. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let given = 0;
  return weights.map((weight) => {
    cumulative += weight;
    const upTo = Math.round((total * cumulative) / sum);
    const part = upTo - given;
    given = upTo;
    return part;
  });
}

export function ticksPerMinute(tickMs: number): number {
  const steps = MINUTE_MS / tickMs;
  if (!Number.isInteger(steps) || steps < 2) {
    throw new RangeError("tickMs must divide a minute and be at most 30 seconds");
  }
  return steps;
}

export class IntradayPath {
  readonly slots: readonly MinuteSlot[];
  readonly minuteVolumes: readonly number[];
  readonly #options: IntradayPathOptions;
  readonly #steps: number;
  /** Log price at each minute boundary; the last entry is the close. */
  readonly #boundaries: Float64Array;
  readonly #stepVariance: Float64Array;

  constructor(options: IntradayPathOptions) {
    this.#options = options;
    this.#steps = ticksPerMinute(options.tickMs);
    const { plan, point, seed, symbol, exchange } = options;
    this.slots = plan.slots;
    const count = plan.slots.length;
    const activity = plan.slots.map((slot) => activityOf(exchange, slot));
    const totalActivity = activity.reduce((a, b) => a + b, 0);
    const dayVariance = options.fullDayVariance * plan.fraction * point.volatility ** 2;
    const model = options.model;
    const profile = model?.parameters.varianceProfile;
    const weights = profile
      ? plan.slots.map((slot) => {
          const bucket = Math.floor(slot.sinceOpen / PROFILE_BUCKET_MINUTES);
          return profile[Math.min(bucket, profile.length - 1)] ?? 1;
        })
      : activity;
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    this.#stepVariance = Float64Array.from(weights, (a) => (a / totalWeight) * dayVariance);

    const rng = new Rng(hashSeed(seed, symbol, point.day, "intraday"));
    const walk = new Float64Array(count + 1);
    if (model) {
      const common = new Rng(hashSeed(seed, model.factorKey, point.day, "intraday"));
      const { burstProbability, burstVariance } = model.factor;
      const meanBurst = 1 - burstProbability + burstProbability * burstVariance;
      const loading = model.parameters.minuteLoading;
      const own = Math.sqrt(1 - loading * loading);
      for (let i = 0; i < count; i += 1) {
        const burst = (common.uniform() < burstProbability ? burstVariance : 1) / meanBurst;
        const variance = (this.#stepVariance[i] ?? 0) * burst;
        this.#stepVariance[i] = variance;
        walk[i + 1] =
          (walk[i] ?? 0) + Math.sqrt(variance) * (loading * common.normal() + own * rng.normal());
      }
    } else {
      for (let i = 0; i < count; i += 1) {
        walk[i + 1] = (walk[i] ?? 0) + Math.sqrt(this.#stepVariance[i] ?? 0) * rng.normal();
      }
    }
    const open = Math.log(point.open);
    const move = Math.log(point.close) - open;
    const miss = (walk[count] ?? 0) - move;
    this.#boundaries = new Float64Array(count + 1);
    let share = 0;
    for (let k = 0; k <= count; k += 1) {
      this.#boundaries[k] = open + (walk[k] ?? 0) - share * miss;
      share += (weights[k] ?? 0) / totalWeight;
    }
    this.#boundaries[count] = Math.log(point.close);

    this.minuteVolumes = activity.map((a) =>
      Math.round(
        ((point.volume * a) / totalActivity) *
          Math.exp(MINUTE_VOLUME_SIGMA * rng.normal() - MINUTE_VOLUME_SIGMA ** 2 / 2),
      ),
    );
  }

  /**
   * Log prices of minute `k`'s ticks, and the minute's random stream positioned after them (the tick
   * volumes draw from it next).
   */
  #minutePath(k: number): { path: Float64Array; rng: Rng } {
    const { seed, symbol, point } = this.#options;
    const steps = this.#steps;
    const rng = new Rng(hashSeed(seed, symbol, point.day, "minute", k));
    // The last minute ends on its last tick (the close); the others end on the next minute's first.
    const length = k === this.slots.length - 1 ? steps - 1 : steps;
    const from = this.#boundaries[k] ?? 0;
    const to = this.#boundaries[k + 1] ?? from;
    const sigma = Math.sqrt((this.#stepVariance[k] ?? 0) / steps);
    const noise = new Float64Array(length + 1);
    for (let j = 1; j <= length; j += 1) noise[j] = (noise[j - 1] ?? 0) + sigma * rng.normal();
    const end = noise[length] ?? 0;
    const path = new Float64Array(steps);
    for (let j = 0; j < steps; j += 1) {
      const share = j / length;
      path[j] = from + share * (to - from) + (noise[j] ?? 0) - share * end;
    }
    return { path, rng };
  }

  #slot(k: number): MinuteSlot {
    const slot = this.slots[k];
    if (!slot) throw new RangeError(`No minute ${k} in this day`);
    return slot;
  }

  /** The ticks of minute `k`: `tickMs` apart from the minute's start. */
  minuteTicks(k: number): MinuteTicks {
    const slot = this.#slot(k);
    const { tickMs, priceTick } = this.#options;
    const { path, rng } = this.#minutePath(k);
    const times: number[] = [];
    const prices: number[] = [];
    const weights: number[] = [];
    path.forEach((x, j) => {
      times.push(slot.start + j * tickMs);
      prices.push(roundToTick(Math.exp(x), priceTick));
      weights.push(0.25 + 1.5 * rng.uniform());
    });
    return { times, prices, volumes: apportion(this.minuteVolumes[k] ?? 0, weights) };
  }

  /** The 1-minute bar of minute `k` (the same as aggregating its ticks, without making them). */
  minuteBar(k: number): Bar {
    const slot = this.#slot(k);
    const { path } = this.#minutePath(k);
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (const x of path) {
      if (x > high) high = x;
      if (x < low) low = x;
    }
    // Rounding to the tick keeps order, so the rounded extreme is the extreme of the rounded ticks.
    const price = (x: number) => roundToTick(Math.exp(x), this.#options.priceTick);
    return {
      time: slot.start,
      open: price(path[0] ?? 0),
      high: price(high),
      low: price(low),
      close: price(path.at(-1) ?? 0),
      volume: this.minuteVolumes[k] ?? 0,
    };
  }
}
