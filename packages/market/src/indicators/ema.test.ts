import { describe, expect, it } from "vitest";
import { Ema, wilderAverage } from "./ema";

const feed = (ema: Ema, values: number[]) => values.map((v) => ema.update(v));

describe("Ema", () => {
  it("seeds with the simple average, then smooths with α = 2 / (n + 1)", () => {
    // period 3, α = 0.5: seed (10 + 11 + 12) / 3 = 11; then 11 + 0.5·(11 − 11) = 11;
    // 11 + 0.5·(10 − 11) = 10.5; 10.5 + 0.5·(14 − 10.5) = 12.25
    expect(feed(new Ema(3), [10, 11, 12, 11, 10, 14])).toEqual([
      undefined,
      undefined,
      11,
      11,
      10.5,
      12.25,
    ]);
  });

  it("with period 4 (α = 0.4)", () => {
    // seed (2 + 4 + 6 + 8) / 4 = 5; 5 + 0.4·(10 − 5) = 7; 7 + 0.4·(4 − 7) = 5.8
    const values = feed(new Ema(4), [2, 4, 6, 8, 10, 4]);
    expect(values.slice(3)).toEqual([5, 7, expect.closeTo(5.8, 12)]);
  });

  it("Wilder's average uses α = 1 / n", () => {
    // period 3: seed (3 + 6 + 9) / 3 = 6; (6·2 + 12) / 3 = 8; (8·2 + 2) / 3 = 6
    expect(feed(wilderAverage(3), [3, 6, 9, 12, 2]).slice(2)).toEqual([6, 8, 6]);
  });

  it("refuses a period that is not a whole number ≥ 1", () => {
    expect(() => new Ema(0)).toThrow(RangeError);
    expect(() => new Ema(2.5)).toThrow(RangeError);
  });
});
