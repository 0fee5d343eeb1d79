/**
 * Live snapshots (spec section 3): per symbol the day's open, high, low, last price, volume, and the
 * change against the previous session's close. Fed by ticks; a tick on a new India-time day starts a new
 * day whose previous close is the last price of the day before.
 */
import type { MarketSnapshot } from "@kalpa/contracts/market";
import { type DayKey, MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import type { Tick } from "../feed/tick";
import { dayKeyOf } from "../time/day-key";

interface DayState {
  day: DayKey | undefined;
  previousClose: number;
  open: number;
  high: number;
  low: number;
  ltp: number;
  volume: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function emptyState(): DayState {
  return { day: undefined, previousClose: 0, open: 0, high: 0, low: 0, ltp: 0, volume: 0 };
}

export interface SessionSummary {
  readonly day: DayKey;
  readonly previousClose: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

export class SnapshotTracker {
  readonly #states = new Map<MarketSymbol, DayState>();

  constructor(readonly symbols: readonly MarketSymbol[] = MARKET_SYMBOLS) {
    for (const symbol of symbols) this.#states.set(symbol, emptyState());
  }

  #state(symbol: MarketSymbol): DayState {
    const state = this.#states.get(symbol);
    if (!state) throw new RangeError(`SnapshotTracker does not track ${symbol}`);
    return state;
  }

  /**
   * Starts from a known session (after a restart, or on a closed day): the snapshot shows that day until
   * a tick of a later day arrives.
   */
  restore(symbol: MarketSymbol, session: SessionSummary): void {
    Object.assign(this.#state(symbol), { ...session, ltp: session.close });
  }

  /** Sets the previous close for ticks of `day` (before its first tick). */
  setPreviousClose(symbol: MarketSymbol, day: DayKey, previousClose: number): void {
    Object.assign(this.#state(symbol), { ...emptyState(), day, previousClose });
  }

  /** Applies a tick and returns the symbol's updated snapshot. */
  push(tick: Tick): MarketSnapshot {
    const state = this.#state(tick.symbol);
    const day = dayKeyOf(tick.time);
    if (state.day === undefined || day > state.day) {
      const previousClose = state.ltp || state.previousClose;
      Object.assign(state, { ...emptyState(), day, previousClose });
    } else if (day < state.day) {
      return this.snapshot(tick.symbol); // a tick from a finished day changes nothing
    }
    if (state.open === 0) {
      state.open = tick.price;
      state.high = tick.price;
      state.low = tick.price;
    }
    state.high = Math.max(state.high, tick.price);
    state.low = Math.min(state.low, tick.price);
    state.ltp = tick.price;
    state.volume += tick.volume;
    return this.snapshot(tick.symbol);
  }

  /** The snapshot of `symbol`; every number 0 until something is known. */
  snapshot(symbol: MarketSymbol): MarketSnapshot {
    const { open, high, low, ltp, volume, previousClose } = this.#state(symbol);
    const known = ltp !== 0 && previousClose !== 0;
    const change = known ? ltp - previousClose : 0;
    return {
      symbol,
      open,
      high,
      low,
      ltp,
      change: round2(change),
      percentChange: known ? round2((change / previousClose) * 100) : 0,
      volume,
    };
  }

  snapshots(): MarketSnapshot[] {
    return this.symbols.map((symbol) => this.snapshot(symbol));
  }
}
