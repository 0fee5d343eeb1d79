/**
 * Supertrend: a trailing band `multiplier` ATRs from the bar's midpoint (high + low) / 2. In an up-trend the
 * line is the lower band, which may only rise while the trend lasts; in a down-trend the upper band, which
 * may only fall. The trend turns when a close crosses the band on the other side. The first bar with an
 * ATR starts the trend up when it closes at or above its midpoint, down otherwise.
 *
 *   basic upper = mid + m·ATR, basic lower = mid − m·ATR
 *   upper = basic upper if it is below the previous upper or the previous close was above that; else the
 *           previous upper (and the same, mirrored, for the lower band)
 *   trend up → down when close < lower; down → up when close > upper
 */
import { Atr, type PriceBar } from "./atr";

export type TrendDirection = "up" | "down";

export interface SupertrendValue {
  /** The line: the lower band in an up-trend, the upper band in a down-trend. */
  readonly value: number;
  readonly direction: TrendDirection;
  readonly upper: number;
  readonly lower: number;
}

export class Supertrend {
  readonly #atr: Atr;
  #previous: (SupertrendValue & { close: number }) | undefined;

  constructor(
    readonly period = 10,
    readonly multiplier = 3,
  ) {
    this.#atr = new Atr(period);
  }

  update(bar: PriceBar): SupertrendValue | undefined {
    const atr = this.#atr.update(bar);
    if (atr === undefined) return undefined;
    const mid = (bar.high + bar.low) / 2;
    const basicUpper = mid + this.multiplier * atr;
    const basicLower = mid - this.multiplier * atr;
    const previous = this.#previous;
    let upper = basicUpper;
    let lower = basicLower;
    let direction: TrendDirection = bar.close >= mid ? "up" : "down";
    if (previous) {
      if (!(basicUpper < previous.upper || previous.close > previous.upper)) upper = previous.upper;
      if (!(basicLower > previous.lower || previous.close < previous.lower)) lower = previous.lower;
      direction = previous.direction;
      if (direction === "up" && bar.close < lower) direction = "down";
      else if (direction === "down" && bar.close > upper) direction = "up";
    }
    const value = { value: direction === "up" ? lower : upper, direction, upper, lower };
    this.#previous = { ...value, close: bar.close };
    return value;
  }

  get value(): SupertrendValue | undefined {
    if (!this.#previous) return undefined;
    const { value, direction, upper, lower } = this.#previous;
    return { value, direction, upper, lower };
  }
}
