import { describe, expect, it } from "vitest";
import { black76 } from "./black-scholes";
import {
  type ChainQuote,
  fitSurface,
  impliedDividendYield,
  medianAbsolutePercentageError,
  modelPremium,
  parityForward,
  smileWithinNoArbitrage,
} from "./chain-calibration";
import { IV_SURFACES, type IvSurface } from "./iv-model";

const rate = 0.055;
const years = 11 / 365;

/** A chain priced by Black-76 on `forward` at a flat 11 % volatility. */
function flatChain(forward: number, strikes: readonly number[]) {
  const price = (type: "CE" | "PE", strike: number) =>
    black76({ type, forward, strike, years, rate, volatility: 0.11 }).price;
  return strikes.map((strike) => ({ strike, call: price("CE", strike), put: price("PE", strike) }));
}

describe("the parity forward", () => {
  it("recovers the forward a small synthetic chain was priced on", () => {
    const chain = flatChain(25_961.2, [25_700, 25_800, 25_900, 26_000, 26_100, 26_200]);
    expect(parityForward(chain, rate, years)).toBeCloseTo(25_961.2, 6);
  });

  it("reads the strikes nearest the money: a stale far strike does not move it", () => {
    const chain = flatChain(25_961.2, [25_800, 25_900, 26_000, 26_100]);
    chain.push({ strike: 24_000, call: 2_500, put: 1 }); // an old trade: parity says 1,964 - 1 ≈ 1,961
    expect(parityForward(chain, rate, years)).toBeCloseTo(25_961.2, 6);
  });

  it("refuses a chain with no call-and-put strike, or no time left", () => {
    expect(() => parityForward([{ strike: 26_000, call: 0, put: 80 }], rate, years)).toThrow(
      RangeError,
    );
    expect(() => parityForward(flatChain(26_000, [26_000]), rate, 0)).toThrow(RangeError);
  });

  it("gives the dividend yield that carries the spot to that forward", () => {
    const q = impliedDividendYield(25_910.05, 25_961.2, rate, years);
    expect(25_910.05 * Math.exp((rate - q) * years)).toBeCloseTo(25_961.2, 8);
    expect(
      impliedDividendYield(100, 100 * Math.exp((rate - 0.013) * years), rate, years),
    ).toBeCloseTo(0.013, 10);
    expect(() => impliedDividendYield(0, 100, rate, years)).toThrow(RangeError);
  });
});

describe("fitting a surface", () => {
  const truth: IvSurface = { ...IV_SURFACES.NIFTY, atm: 0.12, skew: -0.03, curvature: 0.04 };
  const quotes: ChainQuote[] = [];
  for (const days of [4, 11, 25]) {
    const t = days / 365;
    for (let strike = 25_000; strike <= 27_000; strike += 100) {
      for (const type of ["CE", "PE"] as const) {
        const quote = { type, strike, forward: 26_000, years: t, price: 0 };
        const price = modelPremium(truth, quote, rate);
        if (price > 0.5) quotes.push({ ...quote, price });
      }
    }
  }

  it("prices its own quotes without error and recovers the surface they came from", () => {
    expect(medianAbsolutePercentageError(truth, quotes, rate)).toBeLessThan(1e-12);
    const start = { ...IV_SURFACES.NIFTY, atm: 0.2, nearExpiryPremium: truth.nearExpiryPremium };
    const fitted = fitSurface(start, quotes, rate, ["atm", "skew", "curvature"]);
    expect(fitted.atm).toBeCloseTo(0.12, 3);
    expect(fitted.skew).toBeCloseTo(-0.03, 2);
    expect(fitted.curvature).toBeCloseTo(0.04, 2);
    expect(medianAbsolutePercentageError(fitted, quotes, rate)).toBeLessThan(0.005);
  });

  it("refuses fewer quotes than parameters", () => {
    expect(() => fitSurface(truth, quotes.slice(0, 2), rate)).toThrow(RangeError);
  });
});

describe("the no-arbitrage smile", () => {
  it("holds for the shipped surfaces and fails for a smile too steep at its wing", () => {
    for (const surface of Object.values(IV_SURFACES))
      expect(smileWithinNoArbitrage(surface)).toBe(true);
    expect(smileWithinNoArbitrage({ ...IV_SURFACES.CRUDEOIL, skew: 0.08, curvature: 0.25 })).toBe(
      false,
    );
    expect(smileWithinNoArbitrage({ ...IV_SURFACES.NIFTY, skew: 0, curvature: 0 })).toBe(true);
  });
});
