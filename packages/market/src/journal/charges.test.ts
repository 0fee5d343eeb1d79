import { describe, expect, it } from "vitest";
import { roundRupees, roundTripCharges, roundTripResult, sellTaxPercent } from "./charges";

// market-facts' worked example: NIFTY, 1 lot of 65, bought at 100 and sold at 110.
const NIFTY_EXAMPLE = { exchange: "NSE", buyPrice: 100, sellPrice: 110, quantity: 65 } as const;

describe("option round-trip charges", () => {
  it("match market-facts' NIFTY example on 2026-04-01 (STT at 0.15%): 63.78 on a gross 650", () => {
    const result = roundTripResult({ ...NIFTY_EXAMPLE, sellDay: "2026-04-01" });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 10.73, // 0.15% of 7,150
      transaction: 4.78, // 0.03503% of 13,650
      sebi: 0.01, // Rs 10 per crore of 13,650
      stamp: 0.2, // 0.003% of 6,500
      gst: 8.06, // 18% of 44.795
      total: 63.78,
    });
    expect(result.gross).toBe(650);
    expect(result.net).toBe(586.22);
  });

  it("apply STT at 0.1% to a sell on 2026-03-31, the day before the rate rose", () => {
    const result = roundTripResult({ ...NIFTY_EXAMPLE, sellDay: "2026-03-31" });
    expect(result.charges.sellTax).toBe(7.15);
    expect(result.charges.total).toBe(60.2);
    expect(result.net).toBe(589.8);
  });

  it("charge CTT and MCX's transaction rate on a hand-computed CRUDEOIL loss", () => {
    // 1 lot of 100 barrels, bought at 150.00, sold at 135.50 on 2026-06-10.
    // buy turnover 15,000; sell 13,550; both 28,550.
    const result = roundTripResult({
      exchange: "MCX",
      buyPrice: 150,
      sellPrice: 135.5,
      quantity: 100,
      sellDay: "2026-06-10",
    });
    expect(result.charges).toEqual({
      brokerage: 40,
      sellTax: 6.78, // CTT 0.05% of 13,550 = 6.775
      transaction: 11.93, // 0.0418% of 28,550 = 11.9339
      sebi: 0.03, // 0.02855
      stamp: 0.45, // 0.003% of 15,000
      gst: 9.35, // 18% of (40 + 11.9339 + 0.02855) = 9.3532
      total: 68.54,
    });
    expect(result.gross).toBe(-1450);
    expect(result.net).toBe(-1518.54);
  });

  it("read the sell-side rate in force on the day", () => {
    expect(sellTaxPercent("NSE", "2024-09-30")).toBe(0.0625);
    expect(sellTaxPercent("NSE", "2024-10-01")).toBe(0.1);
    expect(sellTaxPercent("NSE", "2026-04-01")).toBe(0.15);
    expect(sellTaxPercent("MCX", "2026-04-01")).toBe(0.05);
    expect(() => sellTaxPercent("NSE", "2020-01-01")).toThrow(/No NSE sell-side tax rate/);
  });

  it("refuse a trade without units or with a negative price", () => {
    const trade = { ...NIFTY_EXAMPLE, sellDay: "2026-04-01" } as const;
    expect(() => roundTripCharges({ ...trade, quantity: 0 })).toThrow(RangeError);
    expect(() => roundTripCharges({ ...trade, buyPrice: -1 })).toThrow(RangeError);
  });

  it("keep the total equal to the sum of its rounded parts, and net equal to gross less it", () => {
    for (let i = 1; i <= 200; i++) {
      const buyPrice = roundRupees(5 + ((i * 37.3) % 400));
      const sellPrice = roundRupees(5 + ((i * 53.9) % 400));
      const result = roundTripResult({
        exchange: i % 2 ? "NSE" : "MCX",
        buyPrice,
        sellPrice,
        quantity: (1 + (i % 5)) * 65,
        sellDay: "2026-05-04",
      });
      const { total, ...parts } = result.charges;
      const sum = Object.values(parts).reduce((a, b) => a + b, 0);
      expect(total).toBeCloseTo(sum, 10);
      expect(result.net).toBeCloseTo(result.gross - total, 10);
    }
  });
});

describe("roundRupees", () => {
  it("rounds half away from zero to the paisa", () => {
    expect(roundRupees(1.005)).toBe(1.01);
    expect(roundRupees(6.775)).toBe(6.78);
    expect(roundRupees(-6.775)).toBe(-6.78);
    expect(roundRupees(0.01365)).toBe(0.01);
  });
});
