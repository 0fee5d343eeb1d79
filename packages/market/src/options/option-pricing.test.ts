import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { black76, blackScholes } from "./black-scholes";
import { yearsToExpiry } from "./expiry-time";
import { impliedVolatility } from "./implied-volatility";
import { simulatedVolatility } from "./iv-model";
import { contractAt } from "./option-contract";
import {
  DEFAULT_PRICING,
  roundPremium,
  simulatedPricer,
  theoreticalOption,
} from "./option-pricing";

const at = parseIndiaTime("2026-03-09 11:00");

describe("theoreticalOption", () => {
  it("prices NSE index options with Black-Scholes on the spot, at the surface's volatility", () => {
    const contract = contractAt("NIFTY", "CE", 25_000, at);
    const years = yearsToExpiry(at, contract.expiresAt);
    const forward = 25_000 * Math.exp(DEFAULT_PRICING.rate * years);
    const volatility = simulatedVolatility("NIFTY", 25_000, forward, years);
    const option = theoreticalOption(contract, 25_000, at);
    const direct = blackScholes({
      type: "CE",
      spot: 25_000,
      strike: 25_000,
      years,
      rate: DEFAULT_PRICING.rate,
      volatility,
    });
    expect(option).toEqual({ ...direct, volatility, years });
    // The implied volatility of the model's own price is the surface's.
    expect(
      impliedVolatility({
        type: "CE",
        underlying: 25_000,
        strike: 25_000,
        years,
        rate: DEFAULT_PRICING.rate,
        carry: DEFAULT_PRICING.rate,
        carryFollowsRate: true,
        price: option.price,
      }),
    ).toBeCloseTo(volatility, 8);
  });

  it("prices CRUDEOIL options with Black-76 on the futures price", () => {
    const contract = contractAt("CRUDEOIL", "PE", 5_500, at);
    const years = yearsToExpiry(at, contract.expiresAt);
    const volatility = simulatedVolatility("CRUDEOIL", 5_500, 5_500, years);
    expect(theoreticalOption(contract, 5_500, at).price).toBeCloseTo(
      black76({ type: "PE", forward: 5_500, strike: 5_500, years, rate: 0.055, volatility }).price,
      10,
    );
  });

  it("gives premiums of a realistic size: NIFTY weekly ATM a day out, BANKNIFTY monthly", () => {
    const nifty = theoreticalOption(contractAt("NIFTY", "CE", 25_000, at), 25_000, at).price;
    // ≈ 0.4 · S · σ · √T with T about 1.2 days: roughly 80-110 points.
    expect(nifty).toBeGreaterThan(70);
    expect(nifty).toBeLessThan(120);
    const bank = theoreticalOption(contractAt("BANKNIFTY", "PE", 56_000, at), 56_000, at).price;
    expect(bank).toBeGreaterThan(600);
    expect(bank).toBeLessThan(1_000);
  });
});

describe("premiums on the tick", () => {
  it("round to 0.05 on NSE and 0.10 on MCX, never below one tick", () => {
    expect(roundPremium("NIFTY", 101.1234)).toBe(101.1);
    expect(roundPremium("BANKNIFTY", 101.0251)).toBe(101.05);
    expect(roundPremium("CRUDEOIL", 187.26)).toBe(187.3);
    expect(roundPremium("NIFTY", 0.001)).toBe(0.05);
    expect(roundPremium("CRUDEOIL", 0)).toBe(0.1);
  });

  it("the simulated pricer quotes rounded model prices that rise for calls as the index rises", () => {
    const pricer = simulatedPricer();
    const contract = contractAt("BANKNIFTY", "CE", 56_000, at);
    const low = pricer(contract, 55_900, at);
    const high = pricer(contract, 56_100, at);
    expect(high).toBeGreaterThan(low);
    expect(Math.round(high * 20)).toBeCloseTo(high * 20, 9);
    // Later the same day, with the index unchanged, the premium has decayed.
    expect(pricer(contract, 56_000, at + 4 * 3_600_000)).toBeLessThan(pricer(contract, 56_000, at));
  });
});
