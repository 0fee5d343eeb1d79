/**
 * Bollinger bands: the simple moving average of `period` closes, and bands `width` population standard
 * deviations of those closes above and below it (as charting platforms draw them).
 */
import { RollingWindow } from "./rolling-window";

export interface BollingerBands {
  readonly middle: number;
  readonly upper: number;
  readonly lower: number;
  /** One standard deviation of the window's closes. */
  readonly deviation: number;
}

export class Bollinger {
  readonly #window: RollingWindow;
  #value: BollingerBands | undefined;

  constructor(
    readonly period = 20,
    readonly width = 2,
  ) {
    this.#window = new RollingWindow(period);
  }

  update(close: number): BollingerBands | undefined {
    this.#window.push(close);
    if (!this.#window.full) return undefined;
    const values = this.#window.values();
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
    const deviation = Math.sqrt(variance);
    this.#value = {
      middle: mean,
      upper: mean + this.width * deviation,
      lower: mean - this.width * deviation,
      deviation,
    };
    return this.#value;
  }

  get value(): BollingerBands | undefined {
    return this.#value;
  }
}
