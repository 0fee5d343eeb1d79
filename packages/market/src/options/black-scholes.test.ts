import { describe, expect, it } from "vitest";
import { Rng } from "../random/rng";
import {
  black76,
  blackScholes,
  type GeneralisedInputs,
  generalisedBlackScholes,
} from "./black-scholes";

describe("textbook values", () => {
  it("Hull, Example 15.6: S 42, K 40, r 10%, σ 20%, six months: call 4.76, put 0.81", () => {
    const inputs = { spot: 42, strike: 40, rate: 0.1, volatility: 0.2, years: 0.5 };
    expect(blackScholes({ type: "CE", ...inputs }).price).toBeCloseTo(4.7594, 4);
    expect(blackScholes({ type: "PE", ...inputs }).price).toBeCloseTo(0.8086, 4);
  });

  it("Hull's greeks example (ch. 19): S 49, K 50, r 5%, σ 20%, 20 weeks", () => {
    const call = blackScholes({
      type: "CE",
      spot: 49,
      strike: 50,
      rate: 0.05,
      volatility: 0.2,
      years: 0.3846,
    });
    expect(call.price).toBeCloseTo(2.4, 2);
    expect(call.delta).toBeCloseTo(0.522, 3);
    expect(call.gamma).toBeCloseTo(0.066, 3);
    expect(call.vega).toBeCloseTo(12.1 / 100, 3); // 12.1 per unit of volatility
    expect(call.theta).toBeCloseTo(-4.31 / 365, 4); // -4.31 a year
    expect(call.rho).toBeCloseTo(8.91 / 100, 3); // 8.91 per unit of rate
  });

  it("Haug p. 4: generalised BSM put, S 75, K 70, six months, r 10%, b 5%, σ 35% = 4.0870", () => {
    const put = blackScholes({
      type: "PE",
      spot: 75,
      strike: 70,
      years: 0.5,
      rate: 0.1,
      volatility: 0.35,
      dividendYield: 0.05,
    });
    expect(put.price).toBeCloseTo(4.087, 4);
  });

  it("Black-76: Hull's crude put F 20, K 20, r 9%, four months, σ 25% = 1.12; Haug's F 19 = 1.7011", () => {
    const hull = { forward: 20, strike: 20, rate: 0.09, years: 4 / 12, volatility: 0.25 };
    expect(black76({ type: "PE", ...hull }).price).toBeCloseTo(1.1166, 4);
    const haug = { forward: 19, strike: 19, rate: 0.1, years: 0.75, volatility: 0.28 };
    expect(black76({ type: "CE", ...haug }).price).toBeCloseTo(1.7011, 4);
    expect(black76({ type: "PE", ...haug }).price).toBeCloseTo(1.7011, 4);
  });
});

/** Random inputs over the ranges the product meets, and beyond. */
function randomCases(count: number, seed: number): GeneralisedInputs[] {
  const rng = new Rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const underlying = 50 + rng.uniform() * 60_000;
    const futures = i % 3 === 0;
    const rate = rng.uniform() * 0.1;
    const dividendYield = futures ? 0 : rng.uniform() * 0.03;
    return {
      type: i % 2 === 0 ? "CE" : "PE",
      underlying,
      strike: underlying * Math.exp((rng.uniform() - 0.5) * 0.4),
      years: 1 / 365 + rng.uniform() * 1.5,
      rate,
      volatility: 0.05 + rng.uniform() * 0.6,
      carry: futures ? 0 : rate - dividendYield,
      carryFollowsRate: !futures,
    };
  });
}

describe("properties", () => {
  const cases = randomCases(300, 7);

  it("put-call parity: C − P = S·e^((b−r)T) − K·e^(−rT)", () => {
    for (const inputs of cases) {
      const call = generalisedBlackScholes({ ...inputs, type: "CE" }).price;
      const put = generalisedBlackScholes({ ...inputs, type: "PE" }).price;
      const { underlying: s, strike: k, years: t, rate: r, carry: b } = inputs;
      const parity = s * Math.exp((b - r) * t) - k * Math.exp(-r * t);
      expect(call - put - parity).toBeCloseTo(0, 6 - Math.round(Math.log10(s)));
    }
  });

  it("prices rise with volatility and with time (no carry), and stay within the no-arbitrage bounds", () => {
    for (const inputs of cases) {
      const base = generalisedBlackScholes(inputs).price;
      expect(
        generalisedBlackScholes({ ...inputs, volatility: inputs.volatility + 0.05 }).price,
      ).toBeGreaterThan(base);
      const noCarry = { ...inputs, rate: 0, carry: 0 };
      expect(
        generalisedBlackScholes({ ...noCarry, years: noCarry.years + 0.05 }).price,
      ).toBeGreaterThan(generalisedBlackScholes(noCarry).price);
      expect(base).toBeGreaterThanOrEqual(0);
      const cap =
        inputs.type === "CE"
          ? inputs.underlying * Math.exp((inputs.carry - inputs.rate) * inputs.years)
          : inputs.strike * Math.exp(-inputs.rate * inputs.years);
      expect(base).toBeLessThanOrEqual(cap);
    }
  });

  it("greeks agree with finite differences", () => {
    for (const inputs of cases) {
      const g = generalisedBlackScholes(inputs);
      const at = (change: Partial<GeneralisedInputs>) =>
        generalisedBlackScholes({ ...inputs, ...change }).price;
      const s = inputs.underlying;
      const hs = s * 1e-4;
      const scale = Math.max(1, g.price);
      expect((at({ underlying: s + hs }) - at({ underlying: s - hs })) / (2 * hs)).toBeCloseTo(
        g.delta,
        5,
      );
      const gammaFd =
        (at({ underlying: s + hs }) - 2 * g.price + at({ underlying: s - hs })) / (hs * hs);
      expect(Math.abs(gammaFd - g.gamma)).toBeLessThan(1e-4 * Math.max(g.gamma, 1e-6) + 1e-7);
      const hv = 1e-5;
      const vegaFd =
        (at({ volatility: inputs.volatility + hv }) - at({ volatility: inputs.volatility - hv })) /
        (2 * hv);
      expect(Math.abs(vegaFd / 100 - g.vega)).toBeLessThan(1e-6 * scale);
      const day = 1 / 365;
      const ht = inputs.years * 1e-4;
      const thetaFd =
        (-(at({ years: inputs.years + ht }) - at({ years: inputs.years - ht })) / (2 * ht)) * day;
      expect(Math.abs(thetaFd - g.theta)).toBeLessThan(1e-6 * scale + 1e-10 * s);
      const hr = 1e-6;
      const rhoChange = (delta: number) =>
        at({
          rate: inputs.rate + delta,
          carry: inputs.carryFollowsRate ? inputs.carry + delta : inputs.carry,
        });
      const rhoFd = (rhoChange(hr) - rhoChange(-hr)) / (2 * hr);
      expect(Math.abs(rhoFd / 100 - g.rho)).toBeLessThan(1e-5 * scale);
    }
  });

  it("at expiry and without volatility: the (discounted) intrinsic value", () => {
    const base = { spot: 25_000, strike: 24_900, rate: 0.06, volatility: 0.15 };
    expect(blackScholes({ type: "CE", ...base, years: 0 }).price).toBeCloseTo(100, 10);
    expect(blackScholes({ type: "PE", ...base, years: 0 })).toMatchObject({ price: 0, delta: 0 });
    expect(blackScholes({ type: "CE", ...base, years: 0 }).delta).toBe(1);
    const flat = blackScholes({ type: "CE", ...base, volatility: 0, years: 0.5 });
    expect(flat.price).toBeCloseTo(25_000 - 24_900 * Math.exp(-0.03), 8);
  });
});
