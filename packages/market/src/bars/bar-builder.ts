/**
 * Builds bars from ticks as they come: 1, 5 and 15-minute and daily bars per symbol. A bar is complete
 * when a tick lands in a later bucket or, with `closeUpTo`, when its bucket's end has passed (so the
 * session's last bar completes at the close without waiting for the next day's first tick).
 */
import type { Bar, BarInterval } from "@kalpa/contracts/market";
import { BAR_INTERVALS } from "@kalpa/contracts/market";
import type { MarketSymbol } from "@kalpa/contracts/names";
import type { CalendarOptions } from "../calendar/sessions";
import type { Tick } from "../feed/tick";
import { OPTION_UNDERLYINGS } from "../instruments/option-underlyings";
import { type Bucketer, createBucketer } from "./buckets";

export interface CompletedBar {
  readonly symbol: MarketSymbol;
  readonly interval: BarInterval;
  readonly bar: Bar;
}

interface Forming {
  bar: { time: number; open: number; high: number; low: number; close: number; volume: number };
  end: number;
}

export interface BarBuilderOptions {
  readonly intervals?: readonly BarInterval[];
  readonly calendar?: CalendarOptions;
}

export class BarBuilder {
  readonly intervals: readonly BarInterval[];
  readonly #bucketOf: Bucketer;
  readonly #forming = new Map<string, Forming & { symbol: MarketSymbol; interval: BarInterval }>();
  /** Each symbol's forming-bar keys, one per interval (built once: a tick builds no strings). */
  readonly #keys = new Map<MarketSymbol, readonly string[]>();

  constructor(options: BarBuilderOptions = {}) {
    this.intervals = options.intervals ?? BAR_INTERVALS;
    this.#bucketOf = createBucketer(options.calendar);
  }

  /** Adds a tick; returns the bars it completed. A tick older than its forming bar is ignored. */
  push(tick: Tick): CompletedBar[] {
    const completed: CompletedBar[] = [];
    const exchange = OPTION_UNDERLYINGS[tick.symbol].exchange;
    const keys = this.#keysOf(tick.symbol);
    for (let i = 0; i < keys.length; i++) {
      const interval = this.intervals[i] as BarInterval;
      const key = keys[i] as string;
      const current = this.#forming.get(key);
      if (current && tick.time < current.bar.time) continue;
      if (current && tick.time < current.end) {
        const bar = current.bar;
        bar.high = Math.max(bar.high, tick.price);
        bar.low = Math.min(bar.low, tick.price);
        bar.close = tick.price;
        bar.volume += tick.volume;
        continue;
      }
      if (current) completed.push(this.#complete(key));
      const bucket = this.#bucketOf(exchange, interval, tick.time);
      this.#forming.set(key, {
        symbol: tick.symbol,
        interval,
        end: bucket.end,
        bar: {
          time: bucket.start,
          open: tick.price,
          high: tick.price,
          low: tick.price,
          close: tick.price,
          volume: tick.volume,
        },
      });
    }
    return completed;
  }

  /** Completes every forming bar whose bucket ended at or before `now`. */
  closeUpTo(now: number): CompletedBar[] {
    const completed: CompletedBar[] = [];
    for (const [key, forming] of this.#forming) {
      if (forming.end <= now) completed.push(this.#complete(key));
    }
    return completed;
  }

  /** The bar still forming for `symbol` and `interval`, if any. */
  forming(symbol: MarketSymbol, interval: BarInterval): Bar | undefined {
    const current = this.#forming.get(`${symbol} ${interval}`);
    return current ? { ...current.bar } : undefined;
  }

  #keysOf(symbol: MarketSymbol): readonly string[] {
    let keys = this.#keys.get(symbol);
    if (!keys) {
      keys = this.intervals.map((interval) => `${symbol} ${interval}`);
      this.#keys.set(symbol, keys);
    }
    return keys;
  }

  #complete(key: string): CompletedBar {
    const forming = this.#forming.get(key);
    if (!forming) throw new Error(`no forming bar ${key}`);
    this.#forming.delete(key);
    return { symbol: forming.symbol, interval: forming.interval, bar: { ...forming.bar } };
  }
}
