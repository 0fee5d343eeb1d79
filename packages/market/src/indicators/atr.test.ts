import { describe, expect, it } from "vitest";
import { Atr, trueRange } from "./atr";

describe("Atr", () => {
  it("averages true ranges with Wilder's smoothing, counting gaps", () => {
    const bars = [
      { high: 12, low: 10, close: 11 }, // TR 2 (first bar: high − low)
      { high: 13, low: 11, close: 12 }, // max(2, |13 − 11|, |11 − 11|) = 2
      { high: 14, low: 12.5, close: 13 }, // max(1.5, |14 − 12|, |12.5 − 12|) = 2 → ATR (2+2+2)/3 = 2
      { high: 13.5, low: 12, close: 12.5 }, // max(1.5, 0.5, 1) = 1.5 → (2·2 + 1.5)/3 = 1.8333
      { high: 16, low: 15, close: 15.5 }, // gap: max(1, 3.5, 2.5) = 3.5 → (1.8333·2 + 3.5)/3 = 2.3889
    ];
    const atr = new Atr(3);
    const values = bars.map((bar) => atr.update(bar));
    expect(values.slice(0, 2)).toEqual([undefined, undefined]);
    expect(values[2]).toBe(2);
    expect(values[3]).toBeCloseTo(5.5 / 3, 10);
    expect(values[4]).toBeCloseTo((11 / 3 + 3.5) / 3, 10);
  });

  it("true range takes the gap from the previous close", () => {
    expect(trueRange({ high: 10, low: 9, close: 9.5 }, undefined)).toBe(1);
    expect(trueRange({ high: 10, low: 9, close: 9.5 }, 12)).toBe(3);
    expect(trueRange({ high: 10, low: 9, close: 9.5 }, 7)).toBe(3);
  });
});
