import { describe, expect, it } from "vitest";
import { roundTripCharges } from "../journal/charges";
import { parseIndiaTime } from "../time/india-time";
import { contractAt } from "./option-contract";
import { theoreticalOption } from "./option-pricing";
import { type PayoffInput, payoff, payoffRange, priceToday, solveUnderlying } from "./payoff";

const at = parseIndiaTime("2026-03-09 11:00");
const day = "2026-03-09";

function input(optionType: "CE" | "PE", overrides: Partial<PayoffInput> = {}): PayoffInput {
  const contract = contractAt("NIFTY", optionType, 25_000, at);
  return {
    contract,
    lotSize: 75,
    lots: 2,
    premiumPaid: 100,
    entryLow: 98,
    entryHigh: 102,
    target: 130,
    stopLoss: 85,
    underlying: 25_000,
    at,
    from: 24_500,
    to: 25_500,
    points: 11,
    day,
    ...overrides,
  };
}

const charges = (sellPrice: number) =>
  roundTripCharges({
    symbol: "NIFTY",
    buyPrice: 100,
    sellPrice,
    quantity: 150,
    lotSize: 75,
    sellDay: day,
  }).total;

describe("payoff", () => {
  it("at expiry: the intrinsic value less the premium paid, times the quantity, less the charges", () => {
    const { points } = payoff(input("CE"));
    expect(points).toHaveLength(11);
    expect(points.map((p) => p.underlying)).toEqual([
      24_500, 24_600, 24_700, 24_800, 24_900, 25_000, 25_100, 25_200, 25_300, 25_400, 25_500,
    ]);
    // 25 300: worth 300, paid 100 → 200 × 150 units = 30 000 before charges.
    expect(points[8]?.pnlAtExpiry).toBeCloseTo(30_000 - charges(300), 2);
    // 25 100: worth 100, paid 100 → nothing before charges.
    expect(points[6]?.pnlAtExpiry).toBeCloseTo(-charges(100), 2);
    // At or below the strike a call expires worthless.
    expect(points[5]?.pnlAtExpiry).toBeCloseTo(-15_000 - charges(0), 2);
    expect(points[0]?.pnlAtExpiry).toBe(points[5]?.pnlAtExpiry);
    // A put mirrors it: 24 700 is worth 300.
    const put = payoff(input("PE")).points;
    expect(put[2]?.pnlAtExpiry).toBeCloseTo(30_000 - charges(300), 2);
    expect(put[10]?.pnlAtExpiry).toBeCloseTo(-15_000 - charges(0), 2);
  });

  it("maximum loss: the premium paid times the quantity plus the round trip's charges, the floor of both curves", () => {
    const result = payoff(input("CE"));
    expect(result.quantity).toBe(150);
    expect(result.charges).toBe(charges(0));
    expect(result.charges).toBeGreaterThan(0);
    expect(result.maxLoss).toBeCloseTo(15_000 + charges(0), 2);
    for (const point of result.points) {
      expect(point.pnlAtExpiry).toBeGreaterThanOrEqual(-result.maxLoss);
      expect(point.pnlToday).toBeGreaterThanOrEqual(-result.maxLoss);
    }
  });

  it("break-even at expiry: strike + premium for a call, strike − premium for a put; charges push it further", () => {
    const call = payoff(input("CE"));
    expect(call.breakEven).toBe(25_100);
    expect(call.breakEvenAfterCharges).toBeGreaterThan(25_100);
    expect(call.breakEvenAfterCharges).toBeLessThan(25_110);
    const put = payoff(input("PE"));
    expect(put.breakEven).toBe(24_900);
    expect(put.breakEvenAfterCharges).toBeLessThan(24_900);
    expect(put.breakEvenAfterCharges).toBeGreaterThan(24_890);
  });

  it("today: the engine's model price with the time left; a call's P&L rises with the underlying, a put's falls", () => {
    const call = payoff(input("CE"));
    const contract = contractAt("NIFTY", "CE", 25_000, at);
    const atMoney = call.points[5];
    const price = theoreticalOption(contract, 25_000, at).price;
    expect(atMoney?.pnlToday).toBeCloseTo((price - 100) * 150 - charges(price), 1);
    for (let i = 1; i < call.points.length; i++) {
      expect(call.points[i]?.pnlToday).toBeGreaterThan(call.points[i - 1]?.pnlToday ?? 0);
      expect(call.points[i]?.pnlAtExpiry).toBeGreaterThanOrEqual(
        call.points[i - 1]?.pnlAtExpiry ?? 0,
      );
      // A call is worth more than its intrinsic value before expiry.
      expect(call.points[i]?.pnlToday).toBeGreaterThan(call.points[i]?.pnlAtExpiry ?? 0);
    }
    const put = payoff(input("PE")).points;
    for (let i = 1; i < put.length; i++) {
      expect(put[i]?.pnlToday).toBeLessThan(put[i - 1]?.pnlToday ?? 0);
    }
    expect(call.msToExpiry).toBe(contract.expiresAt - at);
    expect(call.volatility).toBeGreaterThan(0.05);
  });

  it("at the expiry instant today's curve is the expiry curve", () => {
    const contract = input("CE").contract;
    const result = payoff(input("CE", { at: contract.expiresAt }));
    for (const point of result.points) expect(point.pnlToday).toBe(point.pnlAtExpiry);
    expect(result.msToExpiry).toBe(0);
  });

  it("entry zone, target and stop: the underlying levels at which today's model price equals each premium", () => {
    const contract = input("CE").contract;
    const call = payoff(input("CE")).levels;
    for (const [premium, level] of [
      [98, call.entryLow],
      [102, call.entryHigh],
      [130, call.target],
      [85, call.stopLoss],
    ] as const) {
      expect(level).not.toBeNull();
      expect(priceToday(contract, level as number, at)).toBeCloseTo(premium, 4);
    }
    // A call's target lies above its entry zone, its stop below.
    expect(call.stopLoss as number).toBeLessThan(call.entryLow as number);
    expect(call.entryLow as number).toBeLessThan(call.entryHigh as number);
    expect(call.entryHigh as number).toBeLessThan(call.target as number);
    // A put's the other way round.
    const put = payoff(input("PE")).levels;
    expect(put.target as number).toBeLessThan(put.entryHigh as number);
    expect(put.entryLow as number).toBeGreaterThan(put.entryHigh as number);
    expect(put.stopLoss as number).toBeGreaterThan(put.entryLow as number);
  });

  it("marks the underlying now, the break-even and each level with the P&L there", () => {
    const result = payoff(input("CE"));
    expect(result.marks.map((m) => m.kind)).toEqual([
      "now",
      "break-even",
      "entry-low",
      "entry-high",
      "target",
      "stop",
    ]);
    const breakEven = result.marks[1];
    expect(breakEven?.underlying).toBe(25_100);
    // At the break-even the option at expiry is worth the premium paid: only the charges are lost.
    expect(breakEven?.pnlAtExpiry).toBeCloseTo(-charges(100), 2);
    // At the target's level, today's price is the target: (130 − 100) × 150 less the charges.
    const target = result.marks.find((m) => m.kind === "target");
    expect(target?.pnlToday).toBeCloseTo(4_500 - charges(130), 0);
    expect(result.marks[0]?.pnlToday).toBe(result.points[5]?.pnlToday);
  });

  it("solves by bisection, and answers null when the premium is out of reach", () => {
    expect(solveUnderlying((x) => 2 * x, 10, 0, 100)).toBeCloseTo(5, 5);
    expect(solveUnderlying((x) => 100 - x, 30, 0, 100)).toBeCloseTo(70, 5);
    expect(solveUnderlying((x) => 2 * x, 500, 0, 100)).toBeNull();
  });

  it("refuses bad input", () => {
    expect(() => payoff(input("CE", { lots: 0 }))).toThrow(RangeError);
    expect(() => payoff(input("CE", { premiumPaid: -1 }))).toThrow(RangeError);
    expect(() => payoff(input("CE", { from: 25_500, to: 24_500 }))).toThrow(RangeError);
    expect(() => payoff(input("CE", { points: 1 }))).toThrow(RangeError);
  });

  it("a range around the price that holds the levels, with a margin either side", () => {
    expect(payoffRange(25_000, [24_900, 25_300, null])).toEqual({ from: 24_150, to: 26_050 });
    expect(payoffRange(25_000, [])).toEqual({ from: 24_250, to: 25_750 });
  });
});
