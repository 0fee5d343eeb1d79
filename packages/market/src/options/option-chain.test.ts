import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { YEAR_MS } from "./expiry-time";
import type { IvSurface } from "./iv-model";
import {
  buildOptionChain,
  chainAtmIv,
  chainQuoteKey,
  IV_PERCENTILE_MIN_DAYS,
  ivPercentile,
} from "./option-chain";
import { DEFAULT_PRICING, type PricingSettings } from "./option-pricing";

const flat = (atm: number): IvSurface => ({
  atm,
  skew: 0,
  curvature: 0,
  nearExpiryPremium: 0,
  nearExpiryDays: 3,
  wing: 3,
  floor: 0.5,
  ceiling: 2,
});

/** No rate, no carry, a flat 20 % surface: Black-Scholes reduces to figures checkable by hand. */
const PLAIN: PricingSettings = {
  rate: 0,
  dividendYield: { NIFTY: 0, BANKNIFTY: 0, CRUDEOIL: 0 },
  surfaces: { NIFTY: flat(0.2), BANKNIFTY: flat(0.2), CRUDEOIL: flat(0.2) },
};

const at = parseIndiaTime("2026-01-05T10:00");

describe("buildOptionChain", () => {
  it("matches hand-computed Black-Scholes figures at the money (S = K = 25,000, σ 20 %, one year)", () => {
    const chain = buildOptionChain({
      symbol: "NIFTY",
      underlying: 25_000,
      expiry: "2027-01-05",
      expiresAt: at + YEAR_MS,
      at,
      settings: PLAIN,
    });
    const row = chain.rows.find((r) => r.strike === 25_000);
    if (!row) throw new Error("no at-the-money row");
    // d1 = σ√T/2 = 0.1, N(0.1) = 0.539828, n(0.1) = 0.396953.
    expect(row.call.ltp).toBeCloseTo(25_000 * (2 * 0.539828 - 1), 0); // 1,991.4
    expect(row.call.delta).toBeCloseTo(0.539828, 5);
    expect(row.put.delta).toBeCloseTo(0.539828 - 1, 5);
    expect(row.call.gamma).toBeCloseTo(0.396953 / (25_000 * 0.2), 9);
    expect(row.put.gamma).toBeCloseTo(row.call.gamma, 12);
    expect(row.call.vega).toBeCloseTo((25_000 * 0.396953) / 100, 2); // 99.24 per vol point
    expect(row.call.theta).toBeCloseTo(-(25_000 * 0.396953 * 0.2) / 2 / 365, 3); // −2.719 a day
    expect(row.call.iv).toBeCloseTo(0.2, 12);
    // With no rate and the forward at the strike, the put costs what the call does.
    expect(row.put.ltp).toBe(row.call.ltp);
    expect(chain.forward).toBe(25_000);
    expect(chain.atmStrike).toBe(25_000);
    expect(chain.atmIv).toBeCloseTo(0.2, 12);
  });

  it("lists ten strikes either side of the signal's strike on the instrument's grid", () => {
    const chain = buildOptionChain({
      symbol: "BANKNIFTY",
      underlying: 56_040,
      expiry: "2026-01-27",
      expiresAt: parseIndiaTime("2026-01-27T15:30"),
      at,
      centreStrike: 56_300,
    });
    expect(chain.strikeStep).toBe(100);
    expect(chain.rows).toHaveLength(21);
    expect(chain.rows[0]?.strike).toBe(55_300);
    expect(chain.rows[10]?.strike).toBe(56_300);
    expect(chain.rows[20]?.strike).toBe(57_300);
    // The at-the-money strike is the grid's nearest to the forward, not to the signal's strike.
    expect(Math.abs(chain.atmStrike - chain.forward)).toBeLessThanOrEqual(50);
    expect(chain.forward).toBeGreaterThan(56_040); // the index carries upward (calibrated q < r)
  });

  it("holds put-call parity and the deltas' bounds on the default surfaces", () => {
    const expiresAt = parseIndiaTime("2026-01-27T15:30");
    const chain = buildOptionChain({
      symbol: "NIFTY",
      underlying: 25_123,
      expiry: "2026-01-27",
      expiresAt,
      at,
      settings: DEFAULT_PRICING,
    });
    const years = (expiresAt - at) / YEAR_MS;
    const discount = Math.exp(-DEFAULT_PRICING.rate * years);
    let previousCallDelta = 1;
    for (const row of chain.rows) {
      // C − P = e^(−rT)(F − K), within the two premiums' rounding to the 0.05 tick.
      const parity = discount * (chain.forward - row.strike);
      expect(Math.abs(row.call.ltp - row.put.ltp - parity)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(row.call.delta).toBeGreaterThan(0);
      expect(row.call.delta).toBeLessThan(1);
      expect(row.put.delta).toBeGreaterThan(-1);
      expect(row.put.delta).toBeLessThan(0);
      expect(row.call.delta).toBeLessThan(previousCallDelta);
      previousCallDelta = row.call.delta;
      expect(row.call.gamma).toBeGreaterThan(0);
      expect(row.call.theta).toBeLessThan(0);
      expect(row.call.vega).toBeGreaterThan(0);
      expect(row.call.bid).toBeNull();
      expect(row.call.quoted).toBe(false);
    }
  });

  it("quotes a bid and an ask from the model's spread in ticks", () => {
    const chain = buildOptionChain({
      symbol: "CRUDEOIL",
      underlying: 5_512,
      expiry: "2026-01-15",
      expiresAt: parseIndiaTime("2026-01-15T23:30"),
      at,
      spreadTicks: 2,
    });
    const row = chain.rows[10];
    if (!row) throw new Error("no centre row");
    expect(row.strike).toBe(5_500);
    expect(row.call.bid).toBeCloseTo(row.call.ltp - 0.2, 9);
    expect(row.call.ask).toBeCloseTo(row.call.ltp + 0.2, 9);
  });

  it("takes a broker's quote where it has one, with the implied volatility its price solves for", () => {
    const base = {
      symbol: "NIFTY" as const,
      underlying: 25_000,
      expiry: "2027-01-05",
      expiresAt: at + YEAR_MS,
      at,
      settings: PLAIN,
    };
    const quotes = new Map([[chainQuoteKey(25_000, "CE"), { ltp: 2_400, bid: 2_390, ask: 2_410 }]]);
    const chain = buildOptionChain({ ...base, quotes });
    const row = chain.rows.find((r) => r.strike === 25_000);
    expect(row?.call).toMatchObject({ ltp: 2_400, bid: 2_390, ask: 2_410, quoted: true });
    // A dearer premium than the 20 % model's 1,991: a higher volatility, near 24 %.
    expect(row?.call.iv).toBeGreaterThan(0.23);
    expect(row?.call.iv).toBeLessThan(0.25);
    expect(row?.put.quoted).toBe(false);
  });

  it("refuses a price that is not positive", () => {
    expect(() =>
      buildOptionChain({
        symbol: "NIFTY",
        underlying: 0,
        expiry: "2026-01-27",
        expiresAt: at + YEAR_MS,
        at,
      }),
    ).toThrow(RangeError);
  });
});

describe("ivPercentile", () => {
  const year = Array.from({ length: 245 }, (_, i) => 0.1 + i * 0.001);

  it("answers nothing with fewer than the minimum days, and ranks from there", () => {
    expect(ivPercentile(year.slice(0, IV_PERCENTILE_MIN_DAYS - 1), 0.2)).toBeUndefined();
    expect(ivPercentile(year.slice(0, IV_PERCENTILE_MIN_DAYS), 0.2)).toBe(100);
  });

  it("is the share of days at or below the value", () => {
    expect(ivPercentile(year, 0.05)).toBe(0);
    expect(ivPercentile(year, 1)).toBe(100);
    expect(ivPercentile(year, year[122] as number)).toBe(Math.round((123 / year.length) * 100));
  });
});

describe("chainAtmIv", () => {
  const at = Date.parse("2026-03-09T05:30:00Z");
  const base = {
    symbol: "NIFTY" as const,
    underlying: 25_000,
    expiry: "2026-03-10",
    expiresAt: Date.parse("2026-03-10T10:00:00Z"),
    at,
  };

  it("is the surface's on the model", () => {
    const chain = buildOptionChain(base);
    expect(chainAtmIv(chain)).toEqual({ iv: chain.atmIv, source: "model" });
  });

  it("is the mean of the quoted at-the-money call's and put's IVs on a broker's feed", () => {
    const model = buildOptionChain(base);
    const row = model.rows.find((r) => r.strike === model.atmStrike);
    const richer = (price: number) => ({ ltp: price * 1.2, bid: price * 1.19, ask: price * 1.21 });
    const quotes = new Map([
      [chainQuoteKey(model.atmStrike, "CE"), richer(row?.call.ltp ?? 0)],
      [chainQuoteKey(model.atmStrike, "PE"), richer(row?.put.ltp ?? 0)],
    ]);
    const chain = buildOptionChain({ ...base, quotes });
    const quoted = chain.rows.find((r) => r.strike === chain.atmStrike);
    const answer = chainAtmIv(chain);
    expect(answer.source).toBe("broker");
    expect(answer.iv).toBeCloseTo(((quoted?.call.iv ?? 0) + (quoted?.put.iv ?? 0)) / 2, 10);
    expect(answer.iv).toBeGreaterThan(chain.atmIv);
  });
});
