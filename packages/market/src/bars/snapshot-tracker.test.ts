import type { MarketSymbol } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import type { Tick } from "../feed/tick";
import { parseIndiaTime } from "../time/india-time";
import { SnapshotTracker } from "./snapshot-tracker";

function tick(symbol: MarketSymbol, at: string, price: number, volume: number): Tick {
  return { symbol, time: parseIndiaTime(at), price, volume };
}

describe("SnapshotTracker", () => {
  it("starts with every field 0, for every symbol", () => {
    expect(new SnapshotTracker().snapshots()).toEqual(
      ["NIFTY", "BANKNIFTY", "CRUDEOIL"].map((symbol) => ({
        symbol,
        open: 0,
        high: 0,
        low: 0,
        ltp: 0,
        change: 0,
        percentChange: 0,
        volume: 0,
      })),
    );
  });

  it("tracks the day from ticks against the previous close", () => {
    const tracker = new SnapshotTracker();
    tracker.setPreviousClose("NIFTY", "2026-03-09", 25_000);
    tracker.push(tick("NIFTY", "2026-03-09 09:15:00", 25_100, 10));
    tracker.push(tick("NIFTY", "2026-03-09 09:15:01", 24_950.35, 5));
    const snapshot = tracker.push(tick("NIFTY", "2026-03-09 09:15:02", 25_075.05, 1));
    expect(snapshot).toEqual({
      symbol: "NIFTY",
      open: 25_100,
      high: 25_100,
      low: 24_950.35,
      ltp: 25_075.05,
      change: 75.05,
      percentChange: 0.3,
      volume: 16,
    });
  });

  it("rolls to a new day: yesterday's last price becomes the previous close", () => {
    const tracker = new SnapshotTracker(["CRUDEOIL"]);
    tracker.push(tick("CRUDEOIL", "2026-03-09 23:29:59", 5_500, 3));
    const next = tracker.push(tick("CRUDEOIL", "2026-03-10 09:00:00", 5_445, 2));
    expect(next).toMatchObject({ open: 5_445, change: -55, percentChange: -1, volume: 2 });
    // A straggler from the finished day changes nothing.
    tracker.push(tick("CRUDEOIL", "2026-03-09 23:29:59", 1, 1));
    expect(tracker.snapshot("CRUDEOIL")).toEqual(next);
  });

  it("shows a restored session until a later day's tick arrives", () => {
    const tracker = new SnapshotTracker(["BANKNIFTY"]);
    tracker.restore("BANKNIFTY", {
      day: "2026-03-06",
      previousClose: 56_000,
      open: 56_100,
      high: 56_600,
      low: 55_900,
      close: 56_560,
      volume: 1_000,
    });
    expect(tracker.snapshot("BANKNIFTY")).toMatchObject({
      ltp: 56_560,
      change: 560,
      percentChange: 1,
    });
    const monday = tracker.push(tick("BANKNIFTY", "2026-03-09 09:15:00", 56_277.2, 0));
    expect(monday).toMatchObject({
      open: 56_277.2,
      change: -282.8,
      percentChange: -0.5,
      volume: 0,
    });
  });

  it("refuses symbols it does not track", () => {
    expect(() => new SnapshotTracker(["NIFTY"]).snapshot("CRUDEOIL")).toThrow(RangeError);
  });
});
