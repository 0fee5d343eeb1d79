import { describe, expect, it } from "vitest";
import { MarketSnapshotSchema, MarketStatusSchema } from "./market";

describe("market schemas", () => {
  it("accept a snapshot and refuse an unknown symbol or a missing field", () => {
    const snapshot = {
      symbol: "NIFTY",
      open: 25_000,
      high: 25_100,
      low: 24_950,
      ltp: 25_050.5,
      change: 50.5,
      percentChange: 0.2,
      volume: 1200,
    };
    expect(MarketSnapshotSchema.safeParse(snapshot).success).toBe(true);
    expect(MarketSnapshotSchema.safeParse({ ...snapshot, symbol: "SENSEX" }).success).toBe(false);
    const { volume: _dropped, ...withoutVolume } = snapshot;
    expect(MarketSnapshotSchema.safeParse(withoutVolume).success).toBe(false);
  });

  it("accept only the two exchange ids and the two statuses", () => {
    expect(MarketStatusSchema.safeParse({ exchange: 5, status: "Active" }).success).toBe(true);
    expect(MarketStatusSchema.safeParse({ exchange: 2, status: "Active" }).success).toBe(false);
    expect(MarketStatusSchema.safeParse({ exchange: 1, status: "Open" }).success).toBe(false);
  });
});
