import { describe, expect, it } from "vitest";
import { Supertrend } from "./supertrend";

describe("Supertrend", () => {
  it("trails the bands and turns on a close through them (ATR 2, multiplier 1, worked by hand)", () => {
    const bars = [
      { high: 10, low: 8, close: 9 }, // TR 2
      // TR 2 → ATR 2; mid 10, bands 12 / 8; close 10.5 ≥ mid → up, line 8
      { high: 11, low: 9, close: 10.5 },
      // TR 2 → ATR 2; mid 11, basic 13 / 9; upper stays 12 (13 is not below it); lower rises to 9
      { high: 12, low: 10, close: 11.5 },
      // TR 2.5 → ATR 2.25; mid 10.25, basic 12.5 / 8; upper 12, lower stays 9; close 9.2 ≥ 9 → up
      { high: 11.5, low: 9, close: 9.2 },
      // TR 1.5 → ATR 1.875; mid 8.75, basic 10.625 / 6.875; upper falls to 10.625; lower 9;
      // close 8.5 < 9 → down, line 10.625
      { high: 9.5, low: 8, close: 8.5 },
      // TR 1.5 → ATR 1.6875; mid 9.25, basic 10.9375 / 7.5625; upper stays 10.625; the previous close
      // 8.5 was below the lower band, so it resets to 7.5625; close 9.9 ≤ 10.625 → still down
      { high: 10, low: 8.5, close: 9.9 },
      // TR 1.3 → ATR 1.49375; mid 10.6, basic 12.09375 / 9.10625; upper 10.625; lower 9.10625;
      // close 11 > 10.625 → up, line 9.10625
      { high: 11.2, low: 10, close: 11 },
    ];
    const supertrend = new Supertrend(2, 1);
    const values = bars.map((bar) => supertrend.update(bar));
    expect(values[0]).toBeUndefined();
    const summary = values.slice(1).map((v) => [v?.direction, v?.value, v?.upper, v?.lower]);
    expect(summary).toEqual([
      ["up", 8, 12, 8],
      ["up", 9, 12, 9],
      ["up", 9, 12, 9],
      ["down", 10.625, 10.625, 9],
      ["down", 10.625, 10.625, 7.5625],
      ["up", expect.closeTo(9.10625, 12), 10.625, expect.closeTo(9.10625, 12)],
    ]);
    expect(supertrend.value?.direction).toBe("up");
  });
});
