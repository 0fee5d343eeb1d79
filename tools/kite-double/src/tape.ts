/**
 * What the simulator says an underlying (NIFTY 50, NIFTY BANK, the CRUDEOIL future) is doing at an
 * instant: the last tick, the day's open, high and low so far, the cumulative volume and the previous
 * close. Ticks are the product's SimulatedMarket ticks (1 s apart, the product's own spacing), so the
 * double's prices are the product's simulated prices for the same seed. Before a day's first tick the
 * previous trading day's final state stands (as Kite shows yesterday's quote before the open).
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { sessionsOn } from "@kalpa/market/calendar/sessions";
import { optionUnderlying } from "@kalpa/market/instruments/option-underlyings";
import type { IntradayPath, MinuteTicks } from "@kalpa/market/sim/intraday-path";
import type { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { MINUTE_MS } from "@kalpa/market/time/time-of-day";

export interface UnderlyingState {
  readonly symbol: MarketSymbol;
  /** The trading day the state belongs to. */
  readonly day: DayKey;
  readonly price: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  /** The close of the trading day before `day`. */
  readonly previousClose: number;
  /** When that close was made (the last session's close that day, epoch ms). */
  readonly previousCloseAt: number;
  /** The simulator's volume of the day so far (an index's own packets carry none). */
  readonly volume: number;
  /** The volume of the last tick. */
  readonly tickVolume: number;
  /** The last tick's time (epoch ms). */
  readonly time: number;
  /** The day's first tick's time (epoch ms). */
  readonly openTime: number;
}

/** How far back a previous trading day is looked for (the longest closure the calendars allow). */
const LOOK_BACK_DAYS = 15;

function lastSessionClose(symbol: MarketSymbol, day: DayKey): number {
  const last = sessionsOn(optionUnderlying(symbol).exchange, day).at(-1);
  if (!last) throw new RangeError(`${symbol} has no session on ${day}`);
  return last.close;
}

/** One symbol's trading day: prefix highs, lows and volumes per minute, for state at any instant. */
class SymbolDay {
  readonly #path: IntradayPath;
  readonly #tickMs: number;
  readonly #highs: Float64Array;
  readonly #lows: Float64Array;
  readonly #volumes: Float64Array;
  readonly #base: Omit<
    UnderlyingState,
    "price" | "high" | "low" | "volume" | "tickVolume" | "time"
  >;
  #ticks: { minute: number; ticks: MinuteTicks } | undefined;

  constructor(
    path: IntradayPath,
    symbol: MarketSymbol,
    day: DayKey,
    previousClose: number,
    previousCloseAt: number,
    tickMs: number,
  ) {
    this.#path = path;
    this.#tickMs = tickMs;
    const count = path.slots.length;
    this.#highs = new Float64Array(count);
    this.#lows = new Float64Array(count);
    this.#volumes = new Float64Array(count);
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let volume = 0;
    let open = 0;
    for (let k = 0; k < count; k += 1) {
      const bar = path.minuteBar(k);
      if (k === 0) open = bar.open;
      high = Math.max(high, bar.high);
      low = Math.min(low, bar.low);
      volume += bar.volume;
      this.#highs[k] = high;
      this.#lows[k] = low;
      this.#volumes[k] = volume;
    }
    this.#base = {
      symbol,
      day,
      open,
      previousClose,
      previousCloseAt,
      openTime: path.slots[0]?.start ?? 0,
    };
  }

  #minuteTicks(k: number): MinuteTicks {
    if (this.#ticks?.minute !== k) this.#ticks = { minute: k, ticks: this.#path.minuteTicks(k) };
    return this.#ticks.ticks;
  }

  /** The state after the last tick at or before `at`; undefined before the day's first tick. */
  at(at: number): UnderlyingState | undefined {
    const slots = this.#path.slots;
    if (slots.length === 0 || at < (slots[0]?.start ?? 0)) return undefined;
    // The last minute that began at or before `at`.
    let lo = 0;
    let hi = slots.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((slots[mid]?.start ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    const k = lo;
    const start = slots[k]?.start ?? 0;
    const { times, prices, volumes } = this.#minuteTicks(k);
    const j =
      at >= start + MINUTE_MS
        ? times.length - 1
        : Math.min(times.length - 1, Math.floor((at - start) / this.#tickMs));
    let high = k > 0 ? (this.#highs[k - 1] ?? 0) : Number.NEGATIVE_INFINITY;
    let low = k > 0 ? (this.#lows[k - 1] ?? 0) : Number.POSITIVE_INFINITY;
    let volume = k > 0 ? (this.#volumes[k - 1] ?? 0) : 0;
    for (let i = 0; i <= j; i += 1) {
      const price = prices[i] ?? 0;
      high = Math.max(high, price);
      low = Math.min(low, price);
      volume += volumes[i] ?? 0;
    }
    return {
      ...this.#base,
      price: prices[j] ?? 0,
      high,
      low,
      volume,
      tickVolume: volumes[j] ?? 0,
      time: times[j] ?? start,
    };
  }
}

export class Tape {
  readonly #market: SimulatedMarket;
  readonly #days = new Map<string, SymbolDay | null>();

  /** `market` must tick every `market.tickMs` (the product's 1000 ms). */
  constructor(market: SimulatedMarket) {
    this.#market = market;
  }

  #symbolDay(symbol: MarketSymbol, day: DayKey): SymbolDay | null {
    const key = `${symbol} ${day}`;
    const cached = this.#days.get(key);
    if (cached !== undefined) return cached;
    const path = this.#market.intraday(symbol, day);
    let made: SymbolDay | null = null;
    if (path && path.slots.length > 0) {
      const before = this.#previousTradingDay(symbol, day);
      made = new SymbolDay(
        path,
        symbol,
        day,
        this.#market.previousClose(symbol, day),
        before ? lastSessionClose(symbol, before) : 0,
        this.#market.tickMs,
      );
    }
    this.#days.set(key, made);
    // Today and the day before are what live quotes need; keep a few more for history around them.
    if (this.#days.size > 12) {
      const oldest = this.#days.keys().next().value;
      if (oldest !== undefined) this.#days.delete(oldest);
    }
    return made;
  }

  #previousTradingDay(symbol: MarketSymbol, day: DayKey): DayKey | undefined {
    let candidate = day;
    for (let i = 0; i < LOOK_BACK_DAYS; i += 1) {
      candidate = addDays(candidate, -1);
      if (this.#market.dailyPoint(symbol, candidate)) return candidate;
    }
    return undefined;
  }

  /**
   * `symbol` at `at`: the day's state so far, or before its first tick the previous trading day's final
   * state; undefined when the simulator has no trading day near `at` (before its first day).
   */
  state(symbol: MarketSymbol, at: number): UnderlyingState | undefined {
    const day = dayKeyOf(at);
    const today = this.#symbolDay(symbol, day)?.at(at);
    if (today) return today;
    const before = this.#previousTradingDay(symbol, day);
    if (!before) return undefined;
    return this.#symbolDay(symbol, before)?.at(Number.MAX_SAFE_INTEGER);
  }
}
