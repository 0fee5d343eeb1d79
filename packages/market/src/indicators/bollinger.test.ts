import { describe, expect, it } from "vitest";
import { Bollinger } from "./bollinger";

describe("Bollinger", () => {
  it("draws the bands two population deviations from the simple average", () => {
    const bands = new Bollinger(3, 2);
    expect(bands.update(1)).toBeUndefined();
    expect(bands.update(2)).toBeUndefined();
    // [1, 2, 3]: mean 2, variance (1 + 0 + 1)/3 = 2/3, deviation 0.8165 → 3.63299 / 0.36701
    const first = bands.update(3);
    expect(first?.middle).toBe(2);
    expect(first?.deviation).toBeCloseTo(Math.sqrt(2 / 3), 12);
    expect(first?.upper).toBeCloseTo(3.63299, 5);
    expect(first?.lower).toBeCloseTo(0.36701, 5);
    // [2, 3, 5]: mean 10/3, squares 16/9 + 1/9 + 25/9 = 42/9, variance 14/9, deviation 1.24722
    const second = bands.update(5);
    expect(second?.middle).toBeCloseTo(10 / 3, 12);
    expect(second?.upper).toBeCloseTo(10 / 3 + 2 * Math.sqrt(14 / 9), 12);
    expect(second?.lower).toBeCloseTo(0.838895, 6);
  });
});
