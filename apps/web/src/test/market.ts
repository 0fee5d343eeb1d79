import type { MarketOverview } from "@kalpa/contracts/api/market";
import type { MarketSnapshot } from "@kalpa/contracts/market";

/** Tue 10 Mar 2026, 10:42:05 in India. */
export const TEST_MARKET_NOW = Date.UTC(2026, 2, 10, 5, 12, 5);

export const TEST_SNAPSHOTS: MarketSnapshot[] = [
  {
    symbol: "NIFTY",
    open: 24310.5,
    high: 24402.25,
    low: 24288.1,
    ltp: 24350.45,
    change: 101.95,
    percentChange: 0.42,
    volume: 1234567,
  },
  {
    symbol: "BANKNIFTY",
    open: 51880,
    high: 51912.4,
    low: 51190.05,
    ltp: 51234.5,
    change: -651.75,
    percentChange: -1.26,
    volume: 456789,
  },
  {
    symbol: "CRUDEOIL",
    open: 6105,
    high: 6142,
    low: 6098,
    ltp: 6120,
    change: 12,
    percentChange: 0.2,
    volume: 98765,
  },
];

/** What GET /api/market/snapshots answers in tests: a simulated feed on a simulated clock, NSE and MCX open. */
export const TEST_MARKET: MarketOverview = {
  snapshots: TEST_SNAPSHOTS,
  statuses: [
    { exchange: 1, status: "Active" },
    { exchange: 5, status: "Active" },
  ],
  feed: { kind: "simulated", simulated: true, stalled: [] },
  clock: { now: TEST_MARKET_NOW, speed: 1, simulated: true },
};
