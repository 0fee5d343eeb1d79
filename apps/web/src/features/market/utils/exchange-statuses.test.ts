import type { MarketFeedInfo } from "@kalpa/contracts/api/market";
import { describe, expect, it } from "vitest";
import { exchangeStatuses } from "./exchange-statuses";

describe("exchangeStatuses", () => {
  it("names each exchange, Inactive unless listed Active, stalled by its status or the feed's list", () => {
    expect(
      exchangeStatuses({
        statuses: [{ exchange: 1, status: "Active" }],
        feed: { kind: "simulated", simulated: true, stalled: [1] },
      }),
    ).toEqual([
      { exchange: "NSE", active: true, stalled: true, stale: false },
      { exchange: "MCX", active: false, stalled: false, stale: false },
    ]);
    expect(
      exchangeStatuses({
        statuses: [
          { exchange: 5, status: "Active", stalled: false },
          { exchange: 1, status: "Inactive", stalled: false },
        ],
        feed: { kind: "replay", simulated: true, stalled: [5] },
      }),
    ).toEqual([
      { exchange: "NSE", active: false, stalled: false, stale: false },
      { exchange: "MCX", active: true, stalled: false, stale: false },
    ]);
  });

  it("says every exchange's prices are stale while a broker's feed is down", () => {
    const feed: MarketFeedInfo = {
      kind: "broker",
      simulated: false,
      stalled: [],
      staleSince: 1_700_000_000_000,
    };
    expect(exchangeStatuses({ statuses: [{ exchange: 1, status: "Active" }], feed })).toEqual([
      { exchange: "NSE", active: true, stalled: false, stale: true },
      { exchange: "MCX", active: false, stalled: false, stale: true },
    ]);
    expect(
      exchangeStatuses({
        statuses: [{ exchange: 1, status: "Active" }],
        feed: { ...feed, staleSince: null },
      }).map((status) => status.stale),
    ).toEqual([false, false]);
  });
});
