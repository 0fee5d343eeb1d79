import { describe, expect, it } from "vitest";
import { MEAN_ABS_SHOCK, Rng } from "./rng";
import { hashSeed } from "./seed-hash";

function moments(draw: () => number, count: number) {
  let sum = 0;
  let sumSquares = 0;
  let sumAbs = 0;
  for (let i = 0; i < count; i += 1) {
    const x = draw();
    sum += x;
    sumSquares += x * x;
    sumAbs += Math.abs(x);
  }
  const mean = sum / count;
  return { mean, variance: sumSquares / count - mean * mean, meanAbs: sumAbs / count };
}

describe("hashSeed", () => {
  it("is stable and tells its parts apart", () => {
    expect(hashSeed(42, "NIFTY", "2026-03-09")).toBe(hashSeed(42, "NIFTY", "2026-03-09"));
    expect(hashSeed(42, "NIFTY", "2026-03-09")).not.toBe(hashSeed(43, "NIFTY", "2026-03-09"));
    expect(hashSeed("a", "bc")).not.toBe(hashSeed("ab", "c"));
  });
});

describe("Rng", () => {
  it("repeats for a seed and differs between seeds", () => {
    const draws = (seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 5 }, () => rng.uint32());
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
  });

  it("draws uniforms in [0, 1) with mean one half", () => {
    const rng = new Rng(1);
    let min = 1;
    let max = 0;
    const { mean } = moments(() => {
      const x = rng.uniform();
      min = Math.min(min, x);
      max = Math.max(max, x);
      return x;
    }, 100_000);
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(mean).toBeCloseTo(0.5, 2);
  });

  it("draws standard normals", () => {
    const rng = new Rng(2);
    const { mean, variance } = moments(() => rng.normal(), 200_000);
    expect(Math.abs(mean)).toBeLessThan(0.01);
    expect(variance).toBeGreaterThan(0.98);
    expect(variance).toBeLessThan(1.02);
  });

  it("draws unit-variance fat-tailed shocks whose mean absolute value is MEAN_ABS_SHOCK", () => {
    const rng = new Rng(3);
    const { mean, variance, meanAbs } = moments(() => rng.shock(), 200_000);
    expect(Math.abs(mean)).toBeLessThan(0.01);
    expect(variance).toBeGreaterThan(0.95);
    expect(variance).toBeLessThan(1.05);
    expect(meanAbs).toBeCloseTo(MEAN_ABS_SHOCK, 2);
  });
});
