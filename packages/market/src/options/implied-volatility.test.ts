import { describe, expect, it } from "vitest";
import { Rng } from "../random/rng";
import { generalisedBlackScholes } from "./black-scholes";
import { impliedVolatility, premiumBounds } from "./implied-volatility";

const hull = {
  type: "CE" as const,
  underlying: 42,
  strike: 40,
  years: 0.5,
  rate: 0.1,
  carry: 0.1,
  carryFollowsRate: true,
};

describe("impliedVolatility", () => {
  it("recovers Hull's 20% from the call's 4.7594", () => {
    const price = generalisedBlackScholes({ ...hull, volatility: 0.2 }).price;
    expect(price).toBeCloseTo(4.7594, 4);
    expect(impliedVolatility({ ...hull, price })).toBeCloseTo(0.2, 10);
  });

  it("round-trips random calls and puts on spot and on futures", () => {
    const rng = new Rng(11);
    let checked = 0;
    for (let i = 0; i < 500; i += 1) {
      const underlying = 20 + rng.uniform() * 60_000;
      const futures = i % 2 === 0;
      const rate = rng.uniform() * 0.1;
      const inputs = {
        type: i % 4 < 2 ? ("CE" as const) : ("PE" as const),
        underlying,
        strike: underlying * Math.exp((rng.uniform() - 0.5) * 0.3),
        years: 0.5 / 365 + rng.uniform(),
        rate,
        carry: futures ? 0 : rate,
        carryFollowsRate: !futures,
      };
      const volatility = 0.03 + rng.uniform() * 1.2;
      const model = generalisedBlackScholes({ ...inputs, volatility });
      const iv = impliedVolatility({ ...inputs, price: model.price });
      const { lower } = premiumBounds(inputs);
      if (model.price - lower < 1e-9 * underlying) {
        // Indistinguishable from the intrinsic value in floating point: nothing to recover.
        continue;
      }
      expect(iv).toBeDefined();
      const repriced = generalisedBlackScholes({ ...inputs, volatility: iv ?? 0 }).price;
      expect(Math.abs(repriced - model.price)).toBeLessThan(1e-7 * Math.max(1, model.price));
      if (model.vega > 1e-4 * underlying * 0.01) {
        expect(iv).toBeCloseTo(volatility, 6);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("has no answer outside the no-arbitrage bounds, and never NaN", () => {
    const { lower, upper } = premiumBounds(hull);
    expect(lower).toBeCloseTo(42 - 40 * Math.exp(-0.05), 10);
    expect(upper).toBe(42);
    for (const price of [lower - 0.01, lower, upper, upper + 1, -1, 0, Number.NaN, Infinity]) {
      expect(impliedVolatility({ ...hull, price })).toBeUndefined();
    }
    expect(impliedVolatility({ ...hull, price: 5, years: 0 })).toBeUndefined();
    expect(impliedVolatility({ ...hull, price: 5, strike: 0 })).toBeUndefined();
    // A put's premium cannot exceed the discounted strike.
    const put = { ...hull, type: "PE" as const };
    expect(impliedVolatility({ ...put, price: 40 })).toBeUndefined();
  });

  it("finds volatilities far from the start (Newton alone overshoots at the wings)", () => {
    for (const volatility of [0.05, 0.1, 3, 8]) {
      const price = generalisedBlackScholes({ ...hull, strike: 60, volatility }).price;
      if (price <= 0) continue;
      expect(impliedVolatility({ ...hull, strike: 60, price })).toBeCloseTo(volatility, 5);
    }
  });
});
