import { describe, expect, it } from "vitest";
import { YEAR_MS } from "./expiry-time";
import {
  atmVolatility,
  IV_SURFACES,
  IV_SURFACES_BEFORE_CALIBRATION,
  simulatedVolatility,
} from "./iv-model";

const days = (n: number) => (n * 24 * 60 * 60 * 1000) / YEAR_MS;

describe("the IV model", () => {
  it("quotes the at-the-money levels of the real chain it was fitted to, a month out", () => {
    // NIFTY's chain of 14 Nov 2025 traded 10.5-11.1 % at the money on every expiry of 11-74 days; crude's
    // options of 2-12 Jun 2025 about 35 % (docs/models.md section 6).
    const nifty = simulatedVolatility("NIFTY", 25_000, 25_000, days(30));
    expect(nifty).toBeGreaterThan(0.1);
    expect(nifty).toBeLessThan(0.115);
    const bank = simulatedVolatility("BANKNIFTY", 56_000, 56_000, days(30));
    expect(bank).toBeGreaterThan(nifty);
    expect(bank).toBeLessThan(nifty * 1.15);
    const crude = simulatedVolatility("CRUDEOIL", 5_500, 5_500, days(30));
    expect(crude).toBeGreaterThan(0.3);
    expect(crude).toBeLessThan(0.4);
  });

  it("moves the at-the-money level toward expiry by the near-expiry premium, fading by days", () => {
    const surface = IV_SURFACES_BEFORE_CALIBRATION.NIFTY;
    expect(atmVolatility(surface, 0)).toBeCloseTo(0.135 * 1.1, 10);
    expect(atmVolatility(surface, days(3))).toBeCloseTo(0.135 * (1 + 0.1 * Math.exp(-1)), 10);
    expect(atmVolatility(surface, days(1))).toBeGreaterThan(atmVolatility(surface, days(5)));
    // The fitted index surfaces: the premium is small (14 Nov 2025's expiries of 4 to 74 days traded
    // within a point of each other), gone a month out.
    const fitted = IV_SURFACES.NIFTY;
    expect(atmVolatility(fitted, 0)).toBeCloseTo(fitted.atm * (1 + fitted.nearExpiryPremium), 10);
    expect(Math.abs(fitted.nearExpiryPremium)).toBeLessThan(0.5);
    expect(atmVolatility(fitted, days(30))).toBeCloseTo(fitted.atm, 5);
  });

  it("makes index puts dearer than calls the same distance away, flat beyond the wing, within floor and ceiling", () => {
    const t = days(7);
    const low = simulatedVolatility("NIFTY", 24_500, 25_000, t);
    const high = simulatedVolatility("NIFTY", 25_500, 25_000, t);
    expect(low).toBeGreaterThan(high);
    const surface = IV_SURFACES.NIFTY;
    const atm = atmVolatility(surface, t);
    const { wing, skew, curvature, floor, ceiling } = surface;
    const farOut = Math.min(ceiling, Math.max(floor, 1 - skew * wing + curvature * wing * wing));
    expect(simulatedVolatility("NIFTY", 10_000, 25_000, t)).toBeCloseTo(atm * farOut, 10);
    expect(simulatedVolatility("NIFTY", 15_000, 25_000, t)).toBeCloseTo(atm * farOut, 10);
    for (let strike = 20_000; strike <= 30_000; strike += 50) {
      const vol = simulatedVolatility("NIFTY", strike, 25_000, t);
      expect(vol).toBeGreaterThanOrEqual(atm * surface.floor - 1e-12);
      expect(vol).toBeLessThanOrEqual(atm * surface.ceiling + 1e-12);
    }
  });

  it("smiles on the fitted surfaces: two standard deviations either side quote above the money", () => {
    for (const [symbol, price] of [
      ["NIFTY", 25_000],
      ["BANKNIFTY", 56_000],
      ["CRUDEOIL", 5_500],
    ] as const) {
      const t = days(14);
      const atm = atmVolatility(IV_SURFACES[symbol], t);
      const sd = atm * Math.sqrt(t);
      for (const x of [-2, 2]) {
        expect(simulatedVolatility(symbol, price * Math.exp(x * sd), price, t)).toBeGreaterThan(
          atm,
        );
      }
    }
  });

  it("stays finite at expiry", () => {
    expect(Number.isFinite(simulatedVolatility("CRUDEOIL", 5_600, 5_500, 0))).toBe(true);
  });
});
