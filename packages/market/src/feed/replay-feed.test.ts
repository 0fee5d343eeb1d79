import { describe, expect, it } from "vitest";
import { BarBuilder } from "../bars/bar-builder";
import type { ReplayBar } from "./replay-csv";
import { barToTicks, ReplayFeed } from "./replay-feed";

const t0 = Date.parse("2026-03-09T09:15:00+05:30");
const bars: ReplayBar[] = [
  { symbol: "NIFTY", time: t0, open: 100, high: 104, low: 99, close: 103, volume: 10 },
  { symbol: "NIFTY", time: t0 + 60_000, open: 103, high: 105, low: 98, close: 99, volume: 7 },
  { symbol: "CRUDEOIL", time: t0, open: 5500, high: 5502, low: 5498, close: 5500, volume: 4 },
];

describe("barToTicks", () => {
  it("walks open, low, high, close on a rising bar and open, high, low, close on a falling one", () => {
    expect(barToTicks(bars[0] as ReplayBar).map((t) => t.price)).toEqual([100, 99, 104, 103]);
    expect(barToTicks(bars[1] as ReplayBar).map((t) => t.price)).toEqual([103, 105, 98, 99]);
  });

  it("keeps the ticks inside the minute and the volume whole", () => {
    const ticks = barToTicks(bars[1] as ReplayBar);
    expect(ticks.map((t) => t.time - t0)).toEqual([60_000, 75_000, 90_000, 105_000]);
    expect(ticks.reduce((sum, t) => sum + t.volume, 0)).toBe(7);
  });
});

describe("ReplayFeed", () => {
  it("delivers the bars' ticks as the clock passes them, in time order, then ends", async () => {
    const feed = new ReplayFeed(bars);
    expect(feed.firstTime).toBe(t0);
    await feed.start();
    const first = feed.poll(t0 + 20_000);
    expect(first.map((t) => `${t.symbol}@${(t.time - t0) / 1000}`)).toEqual([
      "NIFTY@0",
      "CRUDEOIL@0",
      "NIFTY@15",
      "CRUDEOIL@15",
    ]);
    expect(feed.ended).toBe(false);
    expect(feed.poll(t0 + 120_000)).toHaveLength(8);
    expect(feed.ended).toBe(true);
    expect(feed.poll(t0 + 999_000)).toEqual([]);
  });

  it("skips what lies before its start instant, and symbols not subscribed", async () => {
    const feed = new ReplayFeed(bars, t0 + 45_000);
    feed.subscribe(["NIFTY"]);
    await feed.start();
    const ticks = feed.poll(t0 + 120_000);
    expect(ticks.map((t) => (t.time - t0) / 1000)).toEqual([60, 75, 90, 105]);
  });
});

describe("ReplayFeed and BarBuilder", () => {
  it("give back exactly the replayed 1-minute bars", async () => {
    const feed = new ReplayFeed(bars);
    await feed.start();
    const builder = new BarBuilder({ intervals: ["1m"] });
    const built = feed.poll(t0 + 180_000).flatMap((tick) => builder.push(tick));
    built.push(...builder.closeUpTo(t0 + 180_000));
    const rebuilt = built.map(({ symbol, bar }) => ({ symbol, ...bar }));
    const byTime = (a: ReplayBar, b: ReplayBar) =>
      a.time - b.time || a.symbol.localeCompare(b.symbol);
    expect(rebuilt.sort(byTime)).toEqual([...bars].sort(byTime));
  });
});
