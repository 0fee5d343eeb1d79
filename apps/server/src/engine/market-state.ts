/**
 * What every process knows of the market right now: the latest snapshot per symbol, each exchange's status,
 * the feed and the market clock. The process that runs the engine writes it; with several processes the
 * engine's process sends it to the others (modules/market/broadcast.ts), so any of them answers
 * GET /api/market/snapshots and a socket's get-snapshots.
 *
 * With `historyMs` it also keeps each symbol's snapshots of that long (one a second of the market clock, the
 * last of each second), so that prices can be served as they were that long ago (delayed public prices,
 * decision 034). Each process keeps its own: the engine's from its feed, the others' from the copies sent.
 */
import type { MarketClock, MarketFeedInfo, MarketOverview } from "@kalpa/contracts/api/market";
import { emptySnapshot, type MarketSnapshot, type MarketStatus } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import { calendarStatusOf } from "@kalpa/market/calendar/calendar-book";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { MarketConfig } from "../config/app-config";

export interface MarketState {
  overview(): MarketOverview;
  snapshot(symbol: MarketSymbol): MarketSnapshot;
  statuses(): MarketStatus[];
  setSnapshot(snapshot: MarketSnapshot): void;
  setStatuses(statuses: readonly MarketStatus[]): void;
  setFeed(feed: MarketFeedInfo): void;
  /** Where the market clock's "now" comes from: the engine's clock, or the last the engine sent. */
  setClock(read: () => MarketClock): void;
  replace(overview: MarketOverview): void;
  /**
   * The symbol's snapshot as it was `delayMs` ago by the market clock: the last kept at or before then.
   * Undefined when none is kept from that long ago (the process has not watched prices for that long).
   */
  delayedSnapshot(symbol: MarketSymbol, delayMs: number): MarketSnapshot | undefined;
}

/** How late the public's prices are (decision 034): with a broker's feed, unless set to 0. */
export interface PriceDelay {
  minutes: number;
  ms: number;
}

/**
 * The delay of prices shown to those who do not subscribe to an instrument: PUBLIC_PRICE_DELAY_MINUTES on
 * a broker's feed (MARKET_FEED=kite), whose exchanges license real-time data; none on the simulator or a
 * replay, or when set to 0.
 */
export function publicPriceDelayOf(
  market: Pick<MarketConfig, "feed" | "publicPriceDelayMinutes">,
): PriceDelay | null {
  if (market.feed !== "kite" || market.publicPriceDelayMinutes <= 0) return null;
  const minutes = market.publicPriceDelayMinutes;
  return { minutes, ms: Math.round(minutes * 60_000) };
}

interface Kept {
  at: number;
  snapshot: MarketSnapshot;
}

export function createMarketState(options: { historyMs?: number } = {}): MarketState {
  const historyMs = options.historyMs ?? 0;
  const history = new Map<MarketSymbol, Kept[]>(MARKET_SYMBOLS.map((symbol) => [symbol, []]));
  const snapshots = new Map<MarketSymbol, MarketSnapshot>(
    MARKET_SYMBOLS.map((symbol) => [symbol, emptySnapshot(symbol)]),
  );
  // Inactive until the engine says otherwise (spec section 4: initially Inactive).
  let statuses: MarketStatus[] = [
    { exchange: 1, status: "Inactive" },
    { exchange: 5, status: "Inactive" },
  ];
  let feed: MarketFeedInfo = { kind: "simulated", simulated: true, stalled: [] };
  // Before the engine (here or elsewhere) reports, the real time.
  let readClock: () => MarketClock = () => ({ now: Date.now(), speed: 1, simulated: false });

  /** Keeps a snapshot at the market clock's now: the last of each second, and no more than needed. */
  const keep = (snapshot: MarketSnapshot) => {
    if (historyMs <= 0) return;
    const kept = history.get(snapshot.symbol);
    if (!kept) return;
    const at = readClock().now;
    const last = kept.at(-1);
    if (last && Math.floor(last.at / 1000) === Math.floor(at / 1000)) {
      kept[kept.length - 1] = { at, snapshot };
    } else if (!last || at > last.at) {
      kept.push({ at, snapshot });
    } else {
      // The clock went back (a simulated clock set again): what was kept no longer describes the past.
      kept.splice(0, kept.length, { at, snapshot });
    }
    // One kept at or before the window's start stays: it is the price at that moment.
    const from = at - historyMs;
    let drop = 0;
    while (drop + 1 < kept.length && (kept[drop + 1] as Kept).at <= from) drop += 1;
    if (drop > 0) kept.splice(0, drop);
  };

  return {
    overview: () => {
      const clock = readClock();
      return {
        snapshots: [...snapshots.values()],
        statuses: [...statuses],
        feed,
        clock,
        // Each process's own calendar book (the same everywhere): is the market's day confirmed?
        calendar: calendarStatusOf(dayKeyOf(clock.now)),
      };
    },
    snapshot: (symbol) => snapshots.get(symbol) ?? emptySnapshot(symbol),
    statuses: () => [...statuses],
    setSnapshot: (snapshot) => {
      snapshots.set(snapshot.symbol, snapshot);
      keep(snapshot);
    },
    setStatuses: (next) => {
      statuses = [...next];
    },
    setFeed: (next) => {
      feed = next;
    },
    setClock: (read) => {
      readClock = read;
    },
    replace: (overview) => {
      statuses = [...overview.statuses];
      feed = overview.feed;
      // Extrapolate the sender's clock from when this copy arrived.
      const received = Date.now();
      const { now, speed, simulated } = overview.clock;
      readClock = () => ({ now: now + (Date.now() - received) * speed, speed, simulated });
      for (const snapshot of overview.snapshots) {
        snapshots.set(snapshot.symbol, snapshot);
        keep(snapshot);
      }
    },
    delayedSnapshot: (symbol, delayMs) => {
      const kept = history.get(symbol) ?? [];
      const then = readClock().now - delayMs;
      for (let i = kept.length - 1; i >= 0; i -= 1) {
        const item = kept[i] as Kept;
        if (item.at <= then) return item.snapshot;
      }
      return undefined;
    },
  };
}
