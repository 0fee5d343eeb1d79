import { describe, expect, it } from "vitest";
import { craftedBars } from "./crafted-bars.test-support";
import { KALPA_VRUKSHA_PARAMETERS, KalpaVruksha } from "./kalpa-vruksha";

const small = {
  ...KALPA_VRUKSHA_PARAMETERS,
  fastEma: 2,
  slowEma: 3,
  supertrendPeriod: 2,
  supertrendMultiplier: 1,
  rsiPeriod: 2,
  atrPeriod: 2,
};

// A slide of 2 points a bar, then two bars up 3 points each.
// EMA 2: 109, 107, 105, 103, 101, 102.33, 104.78; EMA 3: 108, 106, 104, 102, 102.5, 104.25:
// the fast one crosses above on the last bar (−0.17 → +0.53). Supertrend turned up on the bar before
// (close 103 above the trailing upper band, 100 + ATR 2.45). RSI(2): gains 1.5 → 2.25, losses
// 1 → 0.5: 81.8.
// VWAP (equal volumes) 104.875, below the close of 106.
const closes = [110, 108, 106, 104, 102, 100, 103, 106];

describe("KalpaVruksha", () => {
  it("buys a call on a fast EMA crossing above the slow one, Supertrend up, RSI in band, above VWAP", () => {
    const model = new KalpaVruksha("Nifty:KalpaVruksha", { ...small, rsiCallMax: 100 });
    const setups = craftedBars(closes, 5).map((bar) => model.update(bar));
    expect(setups.slice(0, 7).every((setup) => setup === undefined)).toBe(true);
    const setup = setups[7];
    expect(setup?.optionType).toBe("CE");
    expect(setup?.indicators.emaFast).toBeCloseTo(104.78, 2);
    expect(setup?.indicators.emaSlow).toBe(104.25);
    expect(setup?.indicators.rsi).toBeCloseTo(100 - 100 / 5.5, 10);
    expect(setup?.indicators.vwap).toBeCloseTo(104.875, 10);
    expect(setup?.reason).toMatch(
      /^EMA 2 \(104\.78\) crossed above EMA 3 \(104\.25\); Supertrend up/,
    );
    // ATR(2): true ranges 1, 2.5, 2.5, 2.5, 2.5, 2.5, 3.5, 3.5 → 1.75, 2.125, 2.3125, 2.40625,
    // 2.453125, 2.9765625, 3.23828125; target 2 ATR, stop 1.2 ATR.
    expect(setup?.indicators.atr).toBe(3.23828125);
    expect(setup?.targetMove).toBe(2 * 3.23828125);
    expect(setup?.stopMove).toBeCloseTo(1.2 * 3.23828125, 12);
  });

  it("does not chase: RSI 81.8 is above the default band's 75", () => {
    const model = new KalpaVruksha("Nifty:KalpaVruksha", small);
    expect(craftedBars(closes, 5).map((bar) => model.update(bar))[7]).toBeUndefined();
  });

  it("buys a put on the mirror image", () => {
    const model = new KalpaVruksha("BankNifty:KalpaVruksha", { ...small, rsiPutMin: 0 });
    const setups = craftedBars(
      closes.map((c) => 200 - c),
      5,
    ).map((bar) => model.update(bar));
    expect(model.symbol).toBe("BANKNIFTY");
    expect(setups[7]?.optionType).toBe("PE");
  });
});
