import { describe, expect, it } from "vitest";
import { craftedBars } from "./crafted-bars.test-support";
import { YAMUNA_PARAMETERS, Yamuna } from "./yamuna";

const small = {
  ...YAMUNA_PARAMETERS,
  bollingerPeriod: 5,
  bollingerWidth: 1.5,
  trendEma: 3,
  trendLookback: 1,
  rsiPeriod: 3,
  atrPeriod: 3,
  minTargetAtr: 0.1,
};

// A calm range, a stretch below the lower band, and the close back inside:
// [101, 100, 101, 100, 97]: mean 99.8, deviation 1.47, lower band 97.6 → 97 is below it;
// [100, 101, 100, 97, 98.5]: mean 99.3, deviation 1.4, lower band 97.2 → 98.5 is back inside,
// 0.8 below the middle band (the target).
const closes = [100, 101, 100, 101, 100, 97, 98.5];

describe("Yamuna", () => {
  it("buys a call when a close comes back inside the lower band, targeting the middle band", () => {
    const model = new Yamuna(small);
    const setups = craftedBars(closes, 15).map((bar) => model.update(bar));
    expect(setups.slice(0, 6).every((setup) => setup === undefined)).toBe(true);
    const setup = setups[6];
    expect(setup?.optionType).toBe("CE");
    expect(setup?.indicators.bandMiddle).toBeCloseTo(99.3, 10);
    expect(setup?.targetMove).toBeCloseTo(0.8, 10);
    expect(setup?.reason).toContain("Previous close 97.00 was outside the lower Bollinger band");
  });

  it("buys a put on the mirror image, from above the upper band", () => {
    const model = new Yamuna(small);
    const mirrored = closes.map((close) => 200 - close);
    const setup = craftedBars(mirrored, 15).map((bar) => model.update(bar))[6];
    expect(setup?.optionType).toBe("PE");
    expect(setup?.targetMove).toBeCloseTo(0.8, 10);
  });

  it("does not catch a falling market: the trend filter", () => {
    // The trend EMA(3) eases from 98.67 to 98.58 on the re-entry bar: allowed with a tolerance of a
    // quarter ATR, refused with none.
    const strict = new Yamuna({ ...small, trendToleranceAtr: 0 });
    expect(craftedBars(closes, 15).map((bar) => strict.update(bar))[6]).toBeUndefined();
  });

  it("leaves a re-entry alone when the middle band is too close", () => {
    const model = new Yamuna({ ...small, minTargetAtr: 1 });
    expect(craftedBars(closes, 15).map((bar) => model.update(bar))[6]).toBeUndefined();
  });
});
