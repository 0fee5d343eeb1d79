import type { Query } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { TEST_MARKET } from "@/test/market";
import {
  BROKER_FEED_CHECK_MS,
  type LiveMarketOverview,
  type marketOverviewQueryKey,
  marketOverviewQueryOptions,
} from "./get-market-overview";

type OverviewQuery = Query<
  LiveMarketOverview,
  Error,
  LiveMarketOverview,
  typeof marketOverviewQueryKey
>;

function intervalFor(state: { status: "success" | "error"; data?: LiveMarketOverview }) {
  const { refetchInterval } = marketOverviewQueryOptions();
  if (typeof refetchInterval !== "function") throw new Error("refetchInterval is not a function");
  return refetchInterval({ state } as unknown as OverviewQuery);
}

describe("the market overview's refresh", () => {
  it("is not asked again for a simulated feed (the socket keeps it current)", () => {
    expect(intervalFor({ status: "success", data: { ...TEST_MARKET, receivedAt: 0 } })).toBe(false);
  });

  it("is asked again now and then with a broker's feed, which may stop and go stale", () => {
    const broker = {
      ...TEST_MARKET,
      feed: { kind: "broker" as const, simulated: false, stalled: [], staleSince: null },
      receivedAt: 0,
    };
    expect(intervalFor({ status: "success", data: broker })).toBe(BROKER_FEED_CHECK_MS);
  });

  it("is asked again after a failure", () => {
    expect(intervalFor({ status: "error" })).toBe(30_000);
  });
});
