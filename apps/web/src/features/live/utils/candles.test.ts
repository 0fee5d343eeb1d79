import { describe, expect, it } from "vitest";
import { type Candle, chartTime, extendCandles } from "./candles";

/** 10:15 in India on 10 Mar 2026. */
const T0 = Date.UTC(2026, 2, 10, 4, 45);
const same = (candle: Candle) => candle;
const CANDLES: readonly Candle[] = [{ time: T0, open: 210, high: 214, low: 209, close: 213 }];

describe("live candles", () => {
  it("moves the last candle with a price in its minute", () => {
    expect(extendCandles(CANDLES, 216.5, T0 + 59_999, same)).toEqual([
      { time: T0, open: 210, high: 216.5, low: 209, close: 216.5 },
    ]);
    expect(extendCandles(CANDLES, 205, T0 + 30_000, same)).toEqual([
      { time: T0, open: 210, high: 214, low: 205, close: 205 },
    ]);
  });

  it("starts a new candle at the next minute, opening at that price", () => {
    expect(extendCandles(CANDLES, 212, T0 + 60_000 + 12_000, same)).toEqual([
      ...CANDLES,
      { time: T0 + 60_000, open: 212, high: 212, low: 212, close: 212 },
    ]);
    expect(extendCandles([], 99, T0 + 5_000, same)).toEqual([
      { time: T0, open: 99, high: 99, low: 99, close: 99 },
    ]);
  });

  it("leaves the candles as they are for a late, unchanged or unusable price", () => {
    expect(extendCandles(CANDLES, 250, T0 - 1, same)).toBe(CANDLES);
    expect(extendCandles(CANDLES, 213, T0 + 1_000, same)).toBe(CANDLES);
    expect(extendCandles(CANDLES, Number.NaN, T0 + 1_000, same)).toBe(CANDLES);
    expect(extendCandles(CANDLES, 0, T0 + 1_000, same)).toBe(CANDLES);
  });

  it("reads instants on India's clock for the chart's axis", () => {
    // 04:45 UTC is 10:15 in India: the axis, which shows UTC, is given 10:15.
    expect(new Date(chartTime(T0) * 1000).toISOString()).toBe("2026-03-10T10:15:00.000Z");
  });
});
