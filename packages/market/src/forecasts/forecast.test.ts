import type { Bar } from "@kalpa/contracts/market";
import type { ForecastSlug } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import { Atr } from "../indicators/atr";
import { Ema } from "../indicators/ema";
import { floorPivots } from "../indicators/pivots";
import { Rsi } from "../indicators/rsi";
import { contractKey } from "../options/option-contract";
import { SimulatedMarket } from "../sim/simulated-market";
import { addDays } from "../time/day-math";
import { instantAt } from "../time/time-of-day";
import { FORECAST_INSTRUMENTS, isForecastDay } from "./forecast-instruments";
import { forecastContracts, generateForecast, MIN_FORECAST_BARS } from "./generate-forecast";

const DAY = "2026-11-23"; // a Monday, NSE and MCX open

/** Fixed daily bars: a gentle trend with a wave, ranges proportional to the level. */
function fixedBars(level: number, drift: number, count = 60): Bar[] {
  const bars: Bar[] = [];
  let close = level;
  for (let i = 0; i < count; i += 1) {
    const open = close;
    close = level * (1 + drift * i + 0.012 * Math.sin(i / 3));
    const high = Math.max(open, close) * 1.004;
    const low = Math.min(open, close) * 0.996;
    bars.push({ time: instantAt(addDays(DAY, i - count), 0), open, high, low, close, volume: 0 });
  }
  return bars;
}

/** The numbers after `label` in `text` (Indian grouping removed). */
function numberAfter(text: string, label: string): number {
  const at = text.indexOf(label);
  expect(at, `"${label}" in commentary`).toBeGreaterThanOrEqual(0);
  const match = /-?[\d,]+(\.\d+)?/.exec(text.slice(at + label.length));
  return Number((match?.[0] ?? "NaN").replaceAll(",", ""));
}

describe("generateForecast", () => {
  it("needs enough history", () => {
    expect(generateForecast("nifty", DAY, fixedBars(24_000, 0.001, MIN_FORECAST_BARS - 1))).toBe(
      undefined,
    );
  });

  it("is deterministic", () => {
    const bars = fixedBars(24_000, 0.001);
    expect(generateForecast("nifty", DAY, bars)).toEqual(generateForecast("nifty", DAY, bars));
  });

  it("quotes the computed indicator values in its commentary", () => {
    const bars = fixedBars(24_000, 0.001);
    const fast = new Ema(9);
    const slow = new Ema(21);
    const rsi = new Rsi(14);
    const atr = new Atr(14);
    for (const bar of bars) {
      fast.update(bar.close);
      slow.update(bar.close);
      rsi.update(bar.close);
      atr.update(bar);
    }
    const last = bars.at(-1) as Bar;
    const pivots = floorPivots(last);
    const forecast = generateForecast("nifty", DAY, bars);
    expect(forecast).toBeDefined();
    for (const part of [forecast?.call, forecast?.put]) {
      const text = part?.commentary ?? "";
      const close2 = (v: number | undefined) => expect.closeTo(v ?? Number.NaN, 2);
      expect(numberAfter(text, "closed the last session at ")).toEqual(close2(last.close));
      expect(numberAfter(text, "9-day EMA is ")).toEqual(close2(fast.value));
      expect(numberAfter(text, "21-day EMA is ")).toEqual(close2(slow.value));
      expect(numberAfter(text, "14-day RSI is ")).toEqual(expect.closeTo(rsi.value ?? 0, 1));
      expect(numberAfter(text, "14-day ATR is ")).toEqual(close2(atr.value));
      expect(numberAfter(text, "pivot ")).toEqual(close2(pivots.pivot));
      expect(numberAfter(text, "resistance R1 ")).toEqual(close2(pivots.r1));
      expect(numberAfter(text, "support S1 ")).toEqual(close2(pivots.s1));
      expect(numberAfter(text, "priced near ₹")).toBe(part?.entryPrice);
      expect(numberAfter(text, "Target ₹")).toBe(part?.target);
      expect(numberAfter(text, "stop ₹")).toBe(part?.stopLoss);
      expect(numberAfter(text, "Reward to risk is ")).toBe(part?.riskReward);
      expect(numberAfter(text, "probability bias is ")).toBe(part?.probabilityBias);
      expect(text).toContain(`the ${part?.strikePrice} `);
    }
    // The underlying levels quoted are the plan's.
    expect(numberAfter(forecast?.call.commentary ?? "", "if NIFTY rises to ")).toBe(
      forecast?.callLevels.target,
    );
    expect(numberAfter(forecast?.put.commentary ?? "", "if it rises to ")).toBe(
      forecast?.putLevels.stop,
    );
    // Trend words follow the averages.
    const up = (fast.value ?? 0) > (slow.value ?? 0);
    expect(forecast?.call.commentary).toContain(up ? "trend is up" : "trend is down");
  });

  it("prices the options: target above entry above stop for both parts, on the strike grid", () => {
    for (const [slug, level] of [
      ["nifty", 24_000],
      ["banknifty", 52_000],
      ["crudeoil", 6_000],
    ] as const) {
      const forecast = generateForecast(slug, DAY, fixedBars(level, 0.001));
      if (!forecast) throw new Error("no forecast");
      expect(forecast.priceKind).toBe("premium");
      expect(forecast.expiry).not.toBeNull();
      for (const part of [forecast.call, forecast.put]) {
        expect(part.signalDate).toBe(DAY);
        expect(part.target).toBeGreaterThan(part.entryPrice);
        expect(part.stopLoss).toBeLessThan(part.entryPrice);
        expect(part.stopLoss).toBeGreaterThan(0);
        expect(part.riskReward).toBeCloseTo(
          (part.target - part.entryPrice) / (part.entryPrice - part.stopLoss),
          2,
        );
        expect(Number.isInteger(part.probabilityBias)).toBe(true);
      }
      const step = slug === "banknifty" ? 100 : 50;
      expect(forecast.call.strikePrice % step).toBe(0);
      expect(forecast.call.probabilityBias + forecast.put.probabilityBias).toBe(100);
      expect(forecast.callLevels.target).toBeGreaterThan(forecast.indicators.close);
      expect(forecast.putLevels.target).toBeLessThan(forecast.indicators.close);
    }
  });

  it("enters at a contract's real premium when a broker gives one, the target and stop scaled with it", () => {
    const bars = fixedBars(24_000, 0.001);
    const model = generateForecast("nifty", DAY, bars);
    const [call, put] = forecastContracts("nifty", DAY, bars);
    expect(call).toMatchObject({ optionType: "CE", strike: model?.call.strikePrice });
    expect(put).toMatchObject({ optionType: "PE", strike: model?.put.strikePrice });
    const anchor = Math.round((model?.call.entryPrice ?? 0) * 1.2 * 20) / 20;
    const anchored = generateForecast(
      "nifty",
      DAY,
      bars,
      new Map([[contractKey(call as NonNullable<typeof call>), anchor]]),
    );
    expect(anchored?.call.entryPrice).toBe(anchor);
    const ratio = anchor / (model?.call.entryPrice ?? 1);
    expect(anchored?.call.target).toBeCloseTo((model?.call.target ?? 0) * ratio, 0);
    expect(anchored?.call.stopLoss).toBeCloseTo((model?.call.stopLoss ?? 0) * ratio, 0);
    // The put had no real premium: it stays the model's.
    expect(anchored?.put).toEqual(model?.put);
    expect(forecastContracts("xau", DAY, fixedBars(2_400, 0.001))).toEqual([]);
  });

  it("gives levels for gold, silver and the dollar index, with the nearest round level", () => {
    const cases: Array<[ForecastSlug, number, number]> = [
      ["xau", 3_503.7, 10],
      ["xag", 40.13, 0.25],
      ["dollarx", 99.8, 0.5],
    ];
    for (const [slug, level, step] of cases) {
      const bars = fixedBars(level, 0.0005);
      const forecast = generateForecast(slug, DAY, bars);
      if (!forecast) throw new Error("no forecast");
      const close = forecast.indicators.close;
      expect(forecast.priceKind).toBe("level");
      expect(forecast.expiry).toBeNull();
      expect(Math.abs(forecast.call.strikePrice - close)).toBeLessThanOrEqual(step / 2 + 1e-9);
      expect(Number.isInteger(Math.round((forecast.call.strikePrice / step) * 1e9) / 1e9)).toBe(
        true,
      );
      expect(forecast.call.target).toBeGreaterThan(forecast.call.entryPrice);
      expect(forecast.call.stopLoss).toBeLessThan(forecast.call.entryPrice);
      expect(forecast.put.target).toBeLessThan(forecast.put.entryPrice);
      expect(forecast.put.stopLoss).toBeGreaterThan(forecast.put.entryPrice);
      expect(forecast.put.riskReward).toBeGreaterThan(0);
      expect(forecast.call.commentary).toContain("round level");
    }
  });

  it("leans bullish in a rising market and bearish in a falling one", () => {
    const rising = generateForecast("xau", DAY, fixedBars(3_500, 0.004));
    const falling = generateForecast("xau", DAY, fixedBars(3_500, -0.004));
    expect(rising?.call.probabilityBias).toBeGreaterThan(50);
    expect(falling?.put.probabilityBias).toBeGreaterThan(50);
    expect(falling?.call.commentary).toContain("trend is down");
  });

  it("works on the simulated series for every instrument", () => {
    const market = new SimulatedMarket({ seed: 7 });
    for (const slug of ["xau", "xag", "dollarx"] as const) {
      const bars = market.dailyBars(
        FORECAST_INSTRUMENTS[slug].symbol,
        addDays(DAY, -120),
        addDays(DAY, -1),
      );
      const forecast = generateForecast(slug, DAY, bars);
      expect(forecast?.call.commentary.length).toBeGreaterThan(100);
    }
  });
});

describe("forecast days", () => {
  it("options follow their exchange's business days, the series Monday to Friday", () => {
    expect(isForecastDay("nifty", "2026-11-21")).toBe(false); // Saturday
    expect(isForecastDay("xau", "2026-11-21")).toBe(false);
    expect(isForecastDay("xau", "2026-11-23")).toBe(true);
    expect(isForecastDay("nifty", "2026-01-26")).toBe(false); // Republic Day
    expect(isForecastDay("xau", "2026-01-26")).toBe(true);
  });
});

describe("option expiry", () => {
  it("never picks a contract that expires on the forecast day", () => {
    for (let i = 0; i < 14; i += 1) {
      const day = addDays("2026-11-16", i);
      if (!isForecastDay("nifty", day)) continue;
      const forecast = generateForecast("nifty", day, fixedBars(24_000, 0.001));
      expect((forecast?.expiry ?? "") > day).toBe(true);
    }
  });
});
