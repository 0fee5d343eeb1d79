import { describe, expect, it } from "vitest";
import { decisionToSendByModel, nearestRank } from "./latency";

describe("nearestRank", () => {
  it("answers a value that happened: the ceil(q·n)-th smallest", () => {
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(nearestRank(sorted, 0.5)).toBe(50);
    expect(nearestRank(sorted, 0.99)).toBe(100);
    expect(nearestRank(sorted, 0.1)).toBe(10);
    expect(nearestRank([7], 0.99)).toBe(7);
    expect(nearestRank([], 0.5)).toBeNull();
  });

  it("takes the 99th percentile below the worst once there are more than a hundred", () => {
    const sorted = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(nearestRank(sorted, 0.99)).toBe(198);
    expect(nearestRank(sorted, 0.5)).toBe(100);
  });
});

describe("decisionToSendByModel", () => {
  it("groups by model in the order asked, sorts each, and leaves a model without sends empty", () => {
    const measured = [
      { model: "BankNifty:HFT", ms: 900 },
      { model: "Nifty:KalpaVruksha", ms: 40 },
      { model: "BankNifty:HFT", ms: 300 },
      { model: "BankNifty:HFT", ms: 1200 },
    ];
    expect(
      decisionToSendByModel(measured, ["BankNifty:HFT", "Nifty:KalpaVruksha", "CrudeOil:Yamuna"]),
    ).toEqual([
      { model: "BankNifty:HFT", count: 3, p50Ms: 900, p99Ms: 1200 },
      { model: "Nifty:KalpaVruksha", count: 1, p50Ms: 40, p99Ms: 40 },
      { model: "CrudeOil:Yamuna", count: 0, p50Ms: null, p99Ms: null },
    ]);
  });
});
