import { describe, expect, it } from "vitest";
import { nearestStrike, roundToTick } from "./price-steps";

describe("roundToTick", () => {
  it("rounds to the nearest tick without float noise", () => {
    expect(roundToTick(25_012.326, 0.05)).toBe(25_012.35);
    expect(roundToTick(0.1 + 0.2, 0.1)).toBe(0.3);
    expect(roundToTick(5_512.49, 1)).toBe(5_512);
    expect(roundToTick(31.2344, 0.001)).toBe(31.234);
  });
});

describe("nearestStrike", () => {
  it("snaps to the strike grid", () => {
    expect(nearestStrike(25_024.9, 50)).toBe(25_000);
    expect(nearestStrike(25_025, 50)).toBe(25_050);
    expect(nearestStrike(56_149, 100)).toBe(56_100);
  });
});
