/**
 * The baselines a model is measured against, run on the same days with the same exits: models that wrap
 * the real one, feed it every bar (so its indicators, and the target and stop distances its setups would
 * give, stay current), and enter on their own schedule instead of the model's setups.
 *
 * - Random entry: on any bar, with probability `rate`, a random side (CE or PE), seeded. `rate` is chosen
 *   so that it sees about as many setups as the model did (randomEntryRate).
 * - Fixed 09:20: once a day, on the first bar that ends at or after 09:20 India time, the side of the
 *   day's move so far (CE when the bar closes at or above the session's first open, else PE). Its rules
 *   drop the quiet opening (the model's would forbid 09:20), and keep the rest.
 *
 * Both use the distances of the model's latest setup (its exits as they were then); before the model's
 * first setup there are none, and no baseline entry.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { OptionType } from "@kalpa/contracts/signals";
import { INTERVAL_MINUTES } from "../bars/buckets";
import type { ModelSetup, SignalModel } from "../models/signal-model";
import { Rng } from "../random/rng";
import { dayKeyOf } from "../time/day-key";
import { minutesIntoDay } from "../time/time-of-day";

/** The minute of the India day a fixed-time entry waits for: 09:20. */
export const FIXED_ENTRY_MINUTE = 9 * 60 + 20;

abstract class Baseline implements SignalModel {
  readonly id: SignalModel["id"];
  readonly symbol: SignalModel["symbol"];
  readonly interval: SignalModel["interval"];
  readonly rules: SignalModel["rules"];
  protected readonly inner: SignalModel;
  #exits: Pick<ModelSetup, "targetMove" | "stopMove"> | undefined;

  constructor(inner: SignalModel, rules: SignalModel["rules"] = inner.rules) {
    this.inner = inner;
    this.id = inner.id;
    this.symbol = inner.symbol;
    this.interval = inner.interval;
    this.rules = rules;
  }

  update(bar: Bar): ModelSetup | undefined {
    const setup = this.inner.update(bar);
    if (setup) this.#exits = { targetMove: setup.targetMove, stopMove: setup.stopMove };
    const side = this.entry(bar, setup);
    if (!side || !this.#exits) return undefined;
    return { optionType: side, ...this.#exits, reason: this.reason, indicators: {} };
  }

  protected abstract readonly reason: string;
  /** The side to enter on this bar, if any. */
  protected abstract entry(bar: Bar, setup: ModelSetup | undefined): OptionType | undefined;
}

export class RandomEntry extends Baseline {
  protected readonly reason = "random entry (baseline)";
  readonly #rng: Rng;
  readonly #rate: number;

  constructor(inner: SignalModel, seed: number, rate: number) {
    super(inner);
    this.#rng = new Rng(seed);
    this.#rate = rate;
  }

  protected entry(): OptionType | undefined {
    // Both draws every bar, so a run's entries do not depend on which bars had exits yet.
    const enter = this.#rng.uniform() < this.#rate;
    const side = this.#rng.uniform() < 0.5 ? "CE" : "PE";
    return enter ? side : undefined;
  }
}

/** The probability per bar that gives as many setups as `setups` over `bars` bars. */
export function randomEntryRate(setups: number, bars: number): number {
  return bars === 0 ? 0 : Math.min(1, setups / bars);
}

export class FixedTimeEntry extends Baseline {
  protected readonly reason = "fixed 09:20 entry (baseline)";
  #day = "";
  #open = 0;
  #entered = false;

  constructor(inner: SignalModel) {
    super(inner, { ...inner.rules, openingQuietMinutes: 0 });
  }

  protected entry(bar: Bar): OptionType | undefined {
    const day = dayKeyOf(bar.time);
    if (day !== this.#day) {
      this.#day = day;
      this.#open = bar.open;
      this.#entered = false;
    }
    const end = minutesIntoDay(bar.time) + INTERVAL_MINUTES[this.interval];
    if (this.#entered || end < FIXED_ENTRY_MINUTE) return undefined;
    this.#entered = true;
    return bar.close >= this.#open ? "CE" : "PE";
  }
}
