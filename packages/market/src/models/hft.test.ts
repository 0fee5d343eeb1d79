import { describe, expect, it } from "vitest";
import { craftedBars } from "./crafted-bars.test-support";
import { HFT_PARAMETERS, Hft } from "./hft";

const small = {
  ...HFT_PARAMETERS,
  breakoutBars: 3,
  fastEma: 2,
  slowEma: 3,
  rsiPeriod: 2,
  atrPeriod: 2,
};

describe("Hft", () => {
  it("buys a call on a close above the previous bars' highest high, with EMA, RSI and VWAP agreeing", () => {
    const model = new Hft(small);
    // highs 100.5 101 100.5 101 100.5: the last three before the jump top out at 101.
    const setups = craftedBars([100, 100.5, 100, 100.5, 100, 102], 1).map((bar) =>
      model.update(bar),
    );
    expect(setups.slice(0, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const setup = setups[5];
    expect(setup?.optionType).toBe("CE");
    expect(setup?.indicators.breakoutLevel).toBe(101);
    expect(setup?.reason).toContain("Close 102.00 broke the 3-minute high 101.00");
    // ATR(2): true ranges 1, 1, 1, 1, 1 then max(1, |102.5 − 100|, |101.5 − 100|) = 2.5 → (1 + 2.5) / 2
    expect(setup?.indicators.atr).toBe(1.75);
    expect(setup?.targetMove).toBe(small.targetAtr * 1.75);
    expect(setup?.stopMove).toBe(small.stopAtr * 1.75);
  });

  it("buys a put on a close below the previous bars' lowest low", () => {
    const model = new Hft(small);
    const setups = craftedBars([100, 100.5, 100, 100.5, 100, 98], 1).map((bar) =>
      model.update(bar),
    );
    expect(setups[5]?.optionType).toBe("PE");
    expect(setups[5]?.indicators.breakoutLevel).toBe(99.5);
  });

  it("stays out when the close only reaches the range", () => {
    const model = new Hft(small);
    const setups = craftedBars([100, 100.5, 100, 100.5, 100, 100.9], 1).map((bar) =>
      model.update(bar),
    );
    expect(setups.every((setup) => setup === undefined)).toBe(true);
  });
});
