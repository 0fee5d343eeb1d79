import { describe, expect, it } from "vitest";
import { floorPivots } from "./pivots";

describe("floorPivots", () => {
  it("computes the classic pivots from the previous day's bar", () => {
    // H 25,200, L 24,800, C 25,100: P = 75,100/3 = 25,033.33; range 400
    const pivots = floorPivots({ high: 25_200, low: 24_800, close: 25_100 });
    expect(pivots.pivot).toBeCloseTo(25_033.333, 3);
    expect(pivots.r1).toBeCloseTo(25_266.667, 3); // 2P − L
    expect(pivots.s1).toBeCloseTo(24_866.667, 3); // 2P − H
    expect(pivots.r2).toBeCloseTo(25_433.333, 3); // P + 400
    expect(pivots.s2).toBeCloseTo(24_633.333, 3); // P − 400
    expect(pivots.r3).toBeCloseTo(25_666.667, 3); // H + 2(P − L)
    expect(pivots.s3).toBeCloseTo(24_466.667, 3); // L − 2(H − P)
  });
});
