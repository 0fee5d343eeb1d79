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
      { exchange: "NSE", active: true, stalled: true },
      { exchange: "MCX", active: false, stalled: false },
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
      { exchange: "NSE", active: false, stalled: false },
      { exchange: "MCX", active: true, stalled: false },
    ]);
  });
});
