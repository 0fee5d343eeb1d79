/**
 * Average true range with Wilder's smoothing. The true range is the largest of high − low,
 * |high − previous close| and |low − previous close| (the first bar's is high − low), so overnight gaps
 * count. Defined from the period-th bar.
 */
import type { Bar } from "@kalpa/contracts/market";
import { type Ema, wilderAverage } from "./ema";

export type PriceBar = Pick<Bar, "high" | "low" | "close">;

/** The true range of `bar` after a bar that closed at `previousClose`. */
export function trueRange(bar: PriceBar, previousClose: number | undefined): number {
  const range = bar.high - bar.low;
  if (previousClose === undefined) return range;
  return Math.max(range, Math.abs(bar.high - previousClose), Math.abs(bar.low - previousClose));
}

export class Atr {
  readonly #average: Ema;
  #previousClose: number | undefined;

  constructor(readonly period = 14) {
    this.#average = wilderAverage(period);
  }

  update(bar: PriceBar): number | undefined {
    const range = trueRange(bar, this.#previousClose);
    this.#previousClose = bar.close;
    return this.#average.update(range);
  }

  get value(): number | undefined {
    return this.#average.value;
  }
}
