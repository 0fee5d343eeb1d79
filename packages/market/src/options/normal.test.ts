import { describe, expect, it } from "vitest";
import { normalCdf, normalPdf } from "./normal";

describe("the standard normal", () => {
  it("matches tabulated values of Φ to 1e-14", () => {
    const table: Array<[number, number]> = [
      [0, 0.5],
      [1, 0.8413447460685429],
      [-1.96, 0.024997895148220435],
      [3, 0.9986501019683699],
      [-8, 6.22096057427178e-16],
    ];
    for (const [x, expected] of table)
      expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-14);
  });

  it("is symmetric, and the density is Φ's slope", () => {
    for (const x of [-5, -2.3, -0.7, 0.1, 1.4, 6.8, 9]) {
      expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 14);
      const h = 1e-5;
      expect((normalCdf(x + h) - normalCdf(x - h)) / (2 * h)).toBeCloseTo(normalPdf(x), 8);
    }
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(-40)).toBe(0);
  });
});
