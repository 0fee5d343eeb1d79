import { describe, expect, it } from "vitest";
import { YEAR_MS } from "./expiry-time";
import { atmVolatility, IV_SURFACES, simulatedVolatility } from "./iv-model";

const days = (n: number) => (n * 24 * 60 * 60 * 1000) / YEAR_MS;

describe("the IV model", () => {
  it("quotes at-the-money levels in each market's usual range, a month out", () => {
    expect(simulatedVolatility("NIFTY", 25_000, 25_000, days(30))).toBeCloseTo(0.135, 3);
    expect(simulatedVolatility("BANKNIFTY", 56_000, 56_000, days(30))).toBeCloseTo(0.16, 3);
    expect(simulatedVolatility("CRUDEOIL", 5_500, 5_500, days(30))).toBeCloseTo(0.35, 3);
  });

  it("adds a fading premium toward expiry", () => {
    const surface = IV_SURFACES.NIFTY;
    expect(atmVolatility(surface, 0)).toBeCloseTo(0.135 * 1.1, 10);
    expect(atmVolatility(surface, days(3))).toBeCloseTo(0.135 * (1 + 0.1 * Math.exp(-1)), 10);
    expect(atmVolatility(surface, days(1))).toBeGreaterThan(atmVolatility(surface, days(5)));
  });

  it("makes index puts dearer than calls the same distance away, within floor and ceiling", () => {
    const t = days(7);
    const low = simulatedVolatility("NIFTY", 24_500, 25_000, t);
    const high = simulatedVolatility("NIFTY", 25_500, 25_000, t);
    expect(low).toBeGreaterThan(high);
    const atm = atmVolatility(IV_SURFACES.NIFTY, t);
    expect(simulatedVolatility("NIFTY", 10_000, 25_000, t)).toBeCloseTo(atm * 2, 10);
    for (let strike = 20_000; strike <= 30_000; strike += 50) {
      const vol = simulatedVolatility("NIFTY", strike, 25_000, t);
      expect(vol).toBeGreaterThanOrEqual(atm * 0.7 - 1e-12);
      expect(vol).toBeLessThanOrEqual(atm * 2 + 1e-12);
    }
  });

  it("stays finite at expiry", () => {
    expect(Number.isFinite(simulatedVolatility("CRUDEOIL", 5_600, 5_500, 0))).toBe(true);
  });
});
