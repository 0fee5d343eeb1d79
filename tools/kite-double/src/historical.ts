/**
 * GET /instruments/historical/:token/:interval (docs/kite-connect-reference.md §6), on the product's
 * simulator:
 *
 * - intervals `minute` and `day` (the ones the product uses; any other answers 400 InputException
 *   "invalid interval", so a new use shows up here first);
 * - `from`/`to` as `yyyy-mm-dd hh:mm:ss` India time, `to` inclusive; at most 60 days (minute) or 2000
 *   (day) apart, else 400 "interval exceeds max limit: N days"; day candles are picked by their day, so
 *   `from=2026-11-20 09:15:00` still includes 20 Nov's day candle;
 * - only what has happened on the double's clock: completed minutes, and today's day candle made of them;
 * - the indices and CRUDEOIL futures: the simulator's bars (every CRUDEOIL month quotes the one simulated
 *   crude series); a future without `continuous=1` answers only its own life (listed 92 days before its
 *   expiry, a simple reading of "the contract's own data"); with it, earlier days too;
 * - options: candles of the model premium priced from the underlying's minute bars (the product's
 *   optionCandles), within the contract's life, with the volume the ticker reports for them;
 * - `oi=1` adds open interest as a 7th element (0 for an index, which the SDK then drops);
 * - an index's candles have volume 0, as Kite's do.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey } from "@kalpa/contracts/names";
import { optionCandles } from "@kalpa/market/options/option-candles";
import type { OptionPricer } from "@kalpa/market/options/option-pricing";
import type { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { instantAt, MINUTE_MS } from "@kalpa/market/time/time-of-day";
import { kiteCandleTime, parseKiteDateTime } from "./kite-time";
import type { ListedRow } from "./listing";
import { activityShare, contractVolume, openInterest } from "./quotes";

export const MAX_RANGE_DAYS = { minute: 60, day: 2000 } as const;
/** How long before its expiry a contract is taken to be listed. */
export const CONTRACT_LIFE_DAYS = 92;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Finished day candles kept (about ten years of the three symbols, or many option contracts). */
const DAY_CACHE = 10_000;

export type HistoricalInterval = keyof typeof MAX_RANGE_DAYS;

export interface HistoricalQuery {
  readonly interval: string;
  readonly from: string | null;
  readonly to: string | null;
}

/** `[timestamp, open, high, low, close, volume]`, and open interest with `oi=1`. */
export type Candle = (string | number)[];

interface Span {
  readonly from: number;
  readonly to: number;
}

/** Checks a query's interval and range; the parsed span, or the InputException message. */
export function readHistoricalQuery(
  query: HistoricalQuery,
): { ok: true; interval: HistoricalInterval; span: Span } | { ok: false; message: string } {
  if (query.interval !== "minute" && query.interval !== "day") {
    return { ok: false, message: "invalid interval" };
  }
  const from = query.from === null ? undefined : parseKiteDateTime(query.from);
  const to = query.to === null ? undefined : parseKiteDateTime(query.to);
  // The messages below are the double's own (Kite's text for these is not documented).
  if (from === undefined) return { ok: false, message: "Invalid `from` date." };
  if (to === undefined) return { ok: false, message: "Invalid `to` date." };
  if (from > to) return { ok: false, message: "`from` date is after `to` date." };
  const limit = MAX_RANGE_DAYS[query.interval];
  if (to - from > limit * DAY_MS) {
    return { ok: false, message: `interval exceeds max limit: ${limit} days` };
  }
  return { ok: true, interval: query.interval, span: { from, to } };
}

function daysOf(span: Span): DayKey[] {
  const days: DayKey[] = [];
  for (let day = dayKeyOf(span.from); day <= dayKeyOf(span.to); day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

interface MinuteCandle extends Bar {
  readonly oi: number;
}

export class History {
  readonly #market: SimulatedMarket;
  readonly #pricer: OptionPricer;
  /** Finished days' candles by symbol (or option token) and day. */
  readonly #days = new Map<string, MinuteCandle | null>();

  /** `market` should be the double's own instance for history (live quotes keep theirs warm). */
  constructor(market: SimulatedMarket, pricer: OptionPricer) {
    this.#market = market;
    this.#pricer = pricer;
  }

  /** The completed minutes of `row` on `day` as of `now`. */
  #minutes(row: ListedRow, day: DayKey, now: number): MinuteCandle[] {
    const bars = this.#market
      .minuteBars(row.symbol, day)
      .filter((bar) => bar.time + MINUTE_MS <= now);
    // Kite's index candles carry no volume.
    if (row.kind === "index") return bars.map((bar) => ({ ...bar, volume: 0, oi: 0 }));
    const reference = this.#market.previousClose(row.symbol, day);
    const share = activityShare(row, reference, day);
    const premiums =
      row.kind === "option" && row.contract
        ? optionCandles(row.contract, bars, this.#pricer)
        : bars;
    let underlyingVolume = 0;
    let before = 0;
    return premiums.map((candle, k) => {
      underlyingVolume += bars[k]?.volume ?? 0;
      const cumulative = contractVolume(row, share, underlyingVolume);
      const volume = cumulative - before;
      before = cumulative;
      return {
        time: candle.time,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
        volume,
        oi: openInterest(row, share, cumulative).oi,
      };
    });
  }

  /** The day candle of `row` on `day` from its completed minutes (undefined when none). */
  #dayCandle(row: ListedRow, day: DayKey, now: number): MinuteCandle | undefined {
    const finished = day < dayKeyOf(now);
    const key = `${row.kind === "option" ? row.token : row.symbol} ${day}`;
    if (finished && this.#days.has(key)) return this.#days.get(key) ?? undefined;
    const minutes = this.#minutes(row, day, now);
    const first = minutes[0];
    const last = minutes.at(-1);
    const candle =
      first && last
        ? {
            time: instantAt(day, 0),
            open: first.open,
            high: Math.max(...minutes.map((bar) => bar.high)),
            low: Math.min(...minutes.map((bar) => bar.low)),
            close: last.close,
            volume: minutes.reduce((sum, bar) => sum + bar.volume, 0),
            oi: last.oi,
          }
        : undefined;
    if (finished) {
      this.#days.set(key, candle ?? null);
      if (this.#days.size > DAY_CACHE) {
        const oldest = this.#days.keys().next().value;
        if (oldest !== undefined) this.#days.delete(oldest);
      }
    }
    return candle;
  }

  /** The days `row` has data on: its own life for a contract, unless `continuous` (futures). */
  #life(row: ListedRow, continuous: boolean): Span {
    if (row.expiresAt === undefined || row.expiry === null) {
      return { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY };
    }
    const listed = instantAt(addDays(row.expiry, -CONTRACT_LIFE_DAYS), 0);
    return {
      from: continuous && row.kind === "future" ? Number.NEGATIVE_INFINITY : listed,
      to: row.expiresAt,
    };
  }

  candles(
    row: ListedRow,
    interval: HistoricalInterval,
    span: Span,
    options: { readonly continuous: boolean; readonly oi: boolean; readonly now: number },
  ): Candle[] {
    const life = this.#life(row, options.continuous);
    const from = Math.max(span.from, life.from);
    const to = Math.min(span.to, life.to, options.now);
    if (from > to) return [];
    const found: MinuteCandle[] = [];
    if (interval === "minute") {
      for (const day of daysOf({ from, to })) {
        for (const bar of this.#minutes(row, day, options.now)) {
          if (bar.time >= from && bar.time <= to) found.push(bar);
        }
      }
    } else {
      for (const day of daysOf({ from, to })) {
        if (!this.#market.dailyPoint(row.symbol, day)) continue;
        const candle = this.#dayCandle(row, day, options.now);
        if (candle) found.push(candle);
      }
    }
    return found.map((bar) => {
      const candle: Candle = [
        kiteCandleTime(bar.time),
        bar.open,
        bar.high,
        bar.low,
        bar.close,
        bar.volume,
      ];
      if (options.oi) candle.push(bar.oi);
      return candle;
    });
  }
}
