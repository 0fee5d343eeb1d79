/**
 * Exponential moving averages, seeded with the simple average of the first `period` values (the usual
 * convention: the first value is defined on the period-th input), then avg += α × (value − avg).
 *
 * - the EMA of charting platforms: α = 2 / (period + 1);
 * - Wilder's smoothing (RSI, ATR): α = 1 / period, i.e. avg = (avg × (period − 1) + value) / period.
 */
export class Ema {
  readonly period: number;
  readonly alpha: number;
  #count = 0;
  #sum = 0;
  #value: number | undefined;

  constructor(period: number, alpha = 2 / (period + 1)) {
    if (!Number.isInteger(period) || period < 1) {
      throw new RangeError("period must be a whole number ≥ 1");
    }
    this.period = period;
    this.alpha = alpha;
  }

  /** Feeds the next value; the average, once `period` values have arrived. */
  update(value: number): number | undefined {
    if (this.#value !== undefined) {
      this.#value += this.alpha * (value - this.#value);
      return this.#value;
    }
    this.#count += 1;
    this.#sum += value;
    if (this.#count === this.period) this.#value = this.#sum / this.period;
    return this.#value;
  }

  get value(): number | undefined {
    return this.#value;
  }
}

/** Wilder's running average over `period` values. */
export function wilderAverage(period: number): Ema {
  return new Ema(period, 1 / period);
}
