/**
 * Volume-weighted average price anchored to the trading session: the running Σ(typical price × volume) /
 * Σ volume, where the typical price is (high + low + close) / 3, restarting with the first bar of each
 * Asia/Kolkata day. A bar without volume (an index from a source that gives none) weighs nothing; while the
 * day has no volume at all the VWAP is the plain average of the typical prices.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey } from "@kalpa/contracts/names";
import { dayKeyOf, startOfDay } from "../time/day-key";
import { addDays } from "../time/day-math";

export class SessionVwap {
  #day: DayKey | undefined;
  #dayEnds = 0;
  #priceVolume = 0;
  #volume = 0;
  #typicalSum = 0;
  #bars = 0;
  #value: number | undefined;

  update(bar: Bar): number {
    if (this.#day === undefined || bar.time >= this.#dayEnds) {
      this.#day = dayKeyOf(bar.time);
      // Remember where the day ends, so that a bar costs a comparison, not a day key.
      this.#dayEnds = startOfDay(addDays(this.#day, 1)).getTime();
      this.#priceVolume = 0;
      this.#volume = 0;
      this.#typicalSum = 0;
      this.#bars = 0;
    }
    const typical = (bar.high + bar.low + bar.close) / 3;
    const volume = Math.max(0, bar.volume);
    this.#priceVolume += typical * volume;
    this.#volume += volume;
    this.#typicalSum += typical;
    this.#bars += 1;
    this.#value =
      this.#volume > 0 ? this.#priceVolume / this.#volume : this.#typicalSum / this.#bars;
    return this.#value;
  }

  get value(): number | undefined {
    return this.#value;
  }
}
