/**
 * Relative strength index with Wilder's smoothing: RSI = 100 − 100 / (1 + average gain / average loss)
 * over close-to-close changes. Defined from the (period + 1)-th close. No losses at all gives 100, a flat
 * series 50.
 */
import { type Ema, wilderAverage } from "./ema";

export class Rsi {
  readonly #gains: Ema;
  readonly #losses: Ema;
  #previous: number | undefined;
  #value: number | undefined;

  constructor(readonly period = 14) {
    this.#gains = wilderAverage(period);
    this.#losses = wilderAverage(period);
  }

  update(close: number): number | undefined {
    const previous = this.#previous;
    this.#previous = close;
    if (previous === undefined) return undefined;
    const change = close - previous;
    const gain = this.#gains.update(Math.max(0, change));
    const loss = this.#losses.update(Math.max(0, -change));
    if (gain === undefined || loss === undefined) return undefined;
    this.#value = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
    return this.#value;
  }

  get value(): number | undefined {
    return this.#value;
  }
}
