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
  it("prices NSE index options with Black-Scholes on the spot and the dividend yield, at the surface's volatility", () => {
    const contract = contractAt("NIFTY", "CE", 25_000, at);
    const years = yearsToExpiry(at, contract.expiresAt);
    const dividendYield = DEFAULT_PRICING.dividendYield.NIFTY;
    const forward = 25_000 * Math.exp((DEFAULT_PRICING.rate - dividendYield) * years);
    const volatility = simulatedVolatility("NIFTY", 25_000, forward, years);
    const option = theoreticalOption(contract, 25_000, at);
    const direct = blackScholes({
      type: "CE",
      spot: 25_000,
      strike: 25_000,
      years,
      rate: DEFAULT_PRICING.rate,
      volatility,
      dividendYield,
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
        carry: DEFAULT_PRICING.rate - dividendYield,
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

  it("gives premiums of the real chain's size: NIFTY weekly ATM a day out, BANKNIFTY monthly", () => {
    // ≈ 0.4 · S · σ · √T with σ near 11 % and T about 1.2 days: about 60 points (NIFTY's 18 Nov 2025
    // weekly traded 96-112 at the money with 4 days left).
    const nifty = theoreticalOption(contractAt("NIFTY", "CE", 25_000, at), 25_000, at).price;
    expect(nifty).toBeGreaterThan(45);
    expect(nifty).toBeLessThan(80);
    // 22 days at 11.4 %: a straddle near 1,100; the put below half of it, the forward above the spot.
    const put = theoreticalOption(contractAt("BANKNIFTY", "PE", 56_000, at), 56_000, at).price;
    const call = theoreticalOption(contractAt("BANKNIFTY", "CE", 56_000, at), 56_000, at).price;
    expect(put + call).toBeGreaterThan(1_000);
    expect(put + call).toBeLessThan(1_300);
    expect(put).toBeLessThan(call);
  });

  it("keeps put-call parity on the forward and falls with the strike for calls, rises for puts", () => {
    for (const symbol of ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const) {
      const spot = { NIFTY: 25_000, BANKNIFTY: 56_000, CRUDEOIL: 5_500 }[symbol];
      const step = { NIFTY: 50, BANKNIFTY: 100, CRUDEOIL: 50 }[symbol];
      const call = contractAt(symbol, "CE", spot, at);
      const years = yearsToExpiry(at, call.expiresAt);
      const carry =
        symbol === "CRUDEOIL" ? 0 : DEFAULT_PRICING.rate - DEFAULT_PRICING.dividendYield[symbol];
      const forward = spot * Math.exp(carry * years);
      const discount = Math.exp(-DEFAULT_PRICING.rate * years);
      let previous: { call: number; put: number } | undefined;
      for (let i = -10; i <= 10; i += 1) {
        const strike = call.strike + i * step;
        const c = theoreticalOption({ ...call, strike }, spot, at).price;
        const p = theoreticalOption({ ...call, optionType: "PE", strike }, spot, at).price;
        expect(c - p).toBeCloseTo(discount * (forward - strike), 6);
        if (previous) {
          expect(c).toBeLessThan(previous.call);
          expect(p).toBeGreaterThan(previous.put);
        }
        previous = { call: c, put: p };
      }
    }
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
