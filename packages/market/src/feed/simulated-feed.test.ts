import { describe, expect, it } from "vitest";
import { SimulatedMarket } from "../sim/simulated-market";
import { SimulatedFeed } from "./simulated-feed";

const market = new SimulatedMarket({ seed: 3 });
const open = Date.parse("2026-03-09T09:15:00+05:30");

describe("SimulatedFeed", () => {
  it("delivers nothing until started, then each tick once as the clock advances", async () => {
    const feed = new SimulatedFeed(market, open);
    expect(feed.poll(open + 5_000)).toEqual([]);
    await feed.start();
    const first = feed.poll(open + 2_500);
    const second = feed.poll(open + 5_000);
    // Three symbols (MCX has been open since 09:00), at +1 s and +2 s.
    expect(first.map((t) => t.time - open)).toEqual([1000, 1000, 1000, 2000, 2000, 2000]);
    expect([...first, ...second]).toEqual(market.ticksBetween(open, open + 5_000));
    expect(feed.poll(open + 5_000)).toEqual([]);
  });

  it("delivers subscribed symbols only, and nothing after stop", async () => {
    const feed = new SimulatedFeed(market, open);
    feed.subscribe(["BANKNIFTY"]);
    await feed.start();
    const ticks = feed.poll(open + 3_000);
    expect(ticks.length).toBe(3);
    expect(new Set(ticks.map((t) => t.symbol))).toEqual(new Set(["BANKNIFTY"]));
    await feed.stop();
    expect(feed.poll(open + 10_000)).toEqual([]);
  });
});
