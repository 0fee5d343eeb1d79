import { describe, expect, it } from "vitest";
import { TEST_MARKET, TEST_SNAPSHOTS } from "@/test/market";
import type { LiveMarketOverview } from "../api/get-market-overview";
import { applySnapshotUpdate, applyStatusUpdate, applyTickerUpdate } from "./apply-updates";

const overview: LiveMarketOverview = { ...TEST_MARKET, receivedAt: 1000 };

function snapshot(of: LiveMarketOverview, symbol: string) {
  return of.snapshots.find((candidate) => candidate.symbol === symbol);
}

describe("applyTickerUpdate (home-update)", () => {
  it("moves one symbol's last price and percent change and leaves the rest", () => {
    const next = applyTickerUpdate(overview, {
      symbol: "BANKNIFTY",
      ltp: 51300.15,
      percentChange: -1.13,
    });
    expect(snapshot(next, "BANKNIFTY")).toEqual({
      ...TEST_SNAPSHOTS[1],
      ltp: 51300.15,
      percentChange: -1.13,
    });
    expect(snapshot(next, "NIFTY")).toBe(snapshot(overview, "NIFTY"));
    expect(next.snapshots.map((entry) => entry.symbol)).toEqual(["NIFTY", "BANKNIFTY", "CRUDEOIL"]);
    expect(next.clock).toBe(overview.clock);
    expect(next.receivedAt).toBe(1000);
  });

  it("adds a symbol the overview did not list, from the spec's defaults", () => {
    const onlyNifty = { ...overview, snapshots: overview.snapshots.slice(0, 1) };
    const next = applyTickerUpdate(onlyNifty, {
      symbol: "CRUDEOIL",
      ltp: 6130,
      percentChange: 0.4,
    });
    expect(snapshot(next, "CRUDEOIL")).toEqual({
      symbol: "CRUDEOIL",
      open: 0,
      high: 0,
      low: 0,
      ltp: 6130,
      change: 0,
      percentChange: 0.4,
      volume: 0,
    });
  });

  it.each([
    ["nothing", undefined],
    ["a string", "NIFTY 24400"],
    ["an unknown symbol", { symbol: "SENSEX", ltp: 80000, percentChange: 0.1 }],
    ["a price as text", { symbol: "NIFTY", ltp: "24400", percentChange: 0.1 }],
    ["a missing percent change", { symbol: "NIFTY", ltp: 24400 }],
  ])("ignores %s", (_, payload) => {
    expect(applyTickerUpdate(overview, payload)).toBe(overview);
  });
});

describe("applySnapshotUpdate (dashboard-update)", () => {
  it("replaces one symbol's whole snapshot", () => {
    const update = {
      ...TEST_SNAPSHOTS[2],
      ltp: 6090,
      change: -18,
      percentChange: -0.29,
      low: 6088,
    };
    const next = applySnapshotUpdate(overview, update);
    expect(snapshot(next, "CRUDEOIL")).toEqual(update);
    expect(snapshot(next, "NIFTY")).toBe(snapshot(overview, "NIFTY"));
  });

  it("ignores a snapshot with a field missing or of the wrong type", () => {
    const { volume: _, ...withoutVolume } = TEST_SNAPSHOTS[0] ?? {};
    expect(applySnapshotUpdate(overview, withoutVolume)).toBe(overview);
    expect(applySnapshotUpdate(overview, { ...TEST_SNAPSHOTS[0], high: null })).toBe(overview);
  });
});

describe("applyStatusUpdate (market-status-update)", () => {
  it("replaces one exchange's status, and its stall with it", () => {
    const stalled = applyStatusUpdate(overview, { exchange: 5, status: "Active", stalled: true });
    expect(stalled.statuses).toContainEqual({ exchange: 5, status: "Active", stalled: true });
    expect(stalled.statuses).toContainEqual({ exchange: 1, status: "Active" });
    expect(stalled.feed.stalled).toEqual([5]);

    const resumed = applyStatusUpdate(stalled, { exchange: 5, status: "Inactive" });
    expect(resumed.statuses).toContainEqual({ exchange: 5, status: "Inactive", stalled: false });
    expect(resumed.statuses).toHaveLength(2);
    expect(resumed.feed.stalled).toEqual([]);
  });

  it.each([
    ["an unknown exchange", { exchange: 2, status: "Active" }],
    ["an unknown status", { exchange: 1, status: "Open" }],
    ["the exchange by name", { exchange: "NSE", status: "Active" }],
  ])("ignores %s", (_, payload) => {
    expect(applyStatusUpdate(overview, payload)).toBe(overview);
  });
});
