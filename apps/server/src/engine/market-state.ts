/**
 * What every process knows of the market right now: the latest snapshot per symbol, each exchange's status,
 * the feed and the market clock. The process that runs the engine writes it; with several processes the
 * engine's process sends it to the others (modules/market/broadcast.ts), so any of them answers
 * GET /api/market/snapshots and a socket's get-snapshots.
 */
import type { MarketClock, MarketFeedInfo, MarketOverview } from "@kalpa/contracts/api/market";
import { emptySnapshot, type MarketSnapshot, type MarketStatus } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import { calendarStatusOf } from "@kalpa/market/calendar/calendar-book";
import { dayKeyOf } from "@kalpa/market/time/day-key";

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
}

export function createMarketState(): MarketState {
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
      for (const snapshot of overview.snapshots) snapshots.set(snapshot.symbol, snapshot);
      statuses = [...overview.statuses];
      feed = overview.feed;
      // Extrapolate the sender's clock from when this copy arrived.
      const received = Date.now();
      const { now, speed, simulated } = overview.clock;
      readClock = () => ({ now: now + (Date.now() - received) * speed, speed, simulated });
    },
  };
}
