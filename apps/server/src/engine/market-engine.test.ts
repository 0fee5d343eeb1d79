/**
 * The engine's loop on a hand-moved clock with a feed the test controls: the stall watchdog, status
 * changes, and bars stored before prices are published.
 */
import type { MarketSnapshot, MarketStatus } from "@kalpa/contracts/market";
import type { ExchangeId, MarketSymbol } from "@kalpa/contracts/names";
import { ManualClock } from "@kalpa/market/clock/manual-clock";
import type { MarketFeed } from "@kalpa/market/feed/market-feed";
import type { Tick } from "@kalpa/market/feed/tick";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { MarketRepository, StoredBar } from "../modules/market/repository";
import { createMarketEngine } from "./market-engine";

const at = (india: string) => Date.parse(`${india}+05:30`);

/** A feed that hands out the ticks the test queues; `silent` stops it delivering. */
class ScriptedFeed implements MarketFeed {
  readonly kind = "simulated";
  queue: Tick[] = [];
  silent = false;
  started = false;
  subscribe() {}
  async start() {
    this.started = true;
  }
  async stop() {
    this.started = false;
  }
  poll(now: number): readonly Tick[] {
    if (this.silent || !this.started) return [];
    const due = this.queue.filter((tick) => tick.time <= now);
    this.queue = this.queue.filter((tick) => tick.time > now);
    return due;
  }
}

function harness(start: string) {
  const clock = new ManualClock(at(start));
  const feeds: { from: number; feed: ScriptedFeed }[] = [];
  const events: string[] = [];
  const saved: StoredBar[] = [];
  const statuses: MarketStatus[][] = [];
  const stalls: ExchangeId[][] = [];
  const snapshots: MarketSnapshot[] = [];
  const repository = {
    async saveBars(bars: readonly StoredBar[]) {
      events.push(`save ${bars.length}`);
      saved.push(...bars);
    },
    async lastBarBefore() {
      return undefined;
    },
    async pruneBefore() {},
    async bars() {
      return [];
    },
  } as unknown as MarketRepository;
  const engine = createMarketEngine({
    clock: {
      now: () => clock.now(),
      info: () => ({ now: clock.now(), speed: 1, simulated: true }),
    },
    createFeed: (from) => {
      const feed = new ScriptedFeed();
      feeds.push({ from, feed });
      return feed;
    },
    calendar: {},
    repository,
    publisher: {
      snapshot(snapshot) {
        events.push(`publish ${snapshot.symbol}`);
        snapshots.push(snapshot);
      },
      statuses(_changed, all) {
        statuses.push([...all]);
      },
      stalled(exchanges) {
        stalls.push([...exchanges]);
      },
    },
    log: pino({ level: "silent" }),
    previousClose: () => 100,
    loopMs: 60_000, // the test steps the loop itself
    maxSilenceMs: 30_000,
  });
  const tick = (symbol: MarketSymbol, time: number, price: number): Tick => ({
    symbol,
    time,
    price,
    volume: 10,
  });
  return { clock, engine, feeds, events, saved, statuses, stalls, snapshots, tick };
}

describe("the market engine's loop", () => {
  it("restarts a feed that goes silent during a session, shows the stall, and clears it when ticks return", async () => {
    const h = harness("2026-11-20T10:00:00");
    await h.engine.start();
    expect(h.feeds).toHaveLength(1);
    // The start replayed from the previous trading day: Thursday 19 Nov, 00:00 India time.
    expect(h.feeds[0]?.from).toBe(at("2026-11-19T00:00:00"));
    const first = h.feeds[0]?.feed as ScriptedFeed;
    first.queue.push(h.tick("NIFTY", at("2026-11-20T10:00:05"), 101));
    first.queue.push(h.tick("BANKNIFTY", at("2026-11-20T10:00:05"), 201));
    first.queue.push(h.tick("CRUDEOIL", at("2026-11-20T10:00:05"), 301));
    h.clock.set(at("2026-11-20T10:00:10"));
    await h.engine.step();
    expect(h.stalls.at(-1)).toEqual([]);

    // Silent for more than 30 s while both exchanges trade.
    first.silent = true;
    h.clock.set(at("2026-11-20T10:00:40"));
    await h.engine.step();
    expect(h.stalls.at(-1)).toEqual([1, 5]);
    expect(h.statuses.at(-1)).toEqual([
      { exchange: 1, status: "Active", stalled: true },
      { exchange: 5, status: "Active", stalled: true },
    ]);
    // A new feed, asked to continue after the last tick delivered.
    expect(h.feeds).toHaveLength(2);
    expect(h.feeds[1]?.from).toBe(at("2026-11-20T10:00:05"));
    expect(first.started).toBe(false);

    const second = h.feeds[1]?.feed as ScriptedFeed;
    for (const symbol of ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const) {
      second.queue.push(h.tick(symbol, at("2026-11-20T10:00:45"), 110));
    }
    h.clock.set(at("2026-11-20T10:00:50"));
    await h.engine.step();
    expect(h.stalls.at(-1)).toEqual([]);
    expect(h.statuses.at(-1)).toEqual([
      { exchange: 1, status: "Active" },
      { exchange: 5, status: "Active" },
    ]);
    expect(h.snapshots.at(-1)).toMatchObject({ symbol: "CRUDEOIL", ltp: 110, change: 10 });
    await h.engine.stop();
  });

  it("does not call a quiet night a stall, and turns NSE Inactive at its close", async () => {
    // NSE closes at 15:40 since 3 Aug 2026.
    const h = harness("2026-11-20T15:39:00");
    await h.engine.start();
    const feed = h.feeds[0]?.feed as ScriptedFeed;
    for (const symbol of ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const) {
      feed.queue.push(h.tick(symbol, at("2026-11-20T15:39:00"), 100));
    }
    await h.engine.step();
    feed.silent = true;
    h.clock.set(at("2026-11-20T15:39:20"));
    await h.engine.step();
    expect(h.statuses.at(-1)?.[0]).toEqual({ exchange: 1, status: "Active" });
    h.clock.set(at("2026-11-20T15:40:00"));
    await h.engine.step();
    expect(h.statuses.at(-1)?.[0]).toEqual({ exchange: 1, status: "Inactive" });
    // MCX is still trading and silent for over 30 s: its stall shows, NSE's does not.
    expect(h.stalls.at(-1)).toEqual([5]);
    await h.engine.stop();
  });

  it("stores a completed bar before publishing the prices that completed it", async () => {
    const h = harness("2026-11-20T10:00:00");
    await h.engine.start();
    const feed = h.feeds[0]?.feed as ScriptedFeed;
    feed.queue.push(h.tick("NIFTY", at("2026-11-20T10:00:01"), 101));
    feed.queue.push(h.tick("NIFTY", at("2026-11-20T10:01:01"), 102));
    h.clock.set(at("2026-11-20T10:01:02"));
    h.events.length = 0;
    await h.engine.step();
    const saved = h.saved.find((bar) => bar.interval === "1m" && bar.symbol === "NIFTY");
    expect(saved).toMatchObject({ time: at("2026-11-20T10:00:00"), open: 101, close: 101 });
    expect(h.events.indexOf("save 1")).toBeGreaterThanOrEqual(0);
    expect(h.events.indexOf("save 1")).toBeLessThan(h.events.indexOf("publish NIFTY"));
    await h.engine.stop();
  });
});
