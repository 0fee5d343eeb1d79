import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import { dayKeyOf } from "../time/day-key";
import { addDays } from "../time/day-math";
import { parseIndiaTime } from "../time/india-time";
import { SimulatedMarket } from "./simulated-market";

describe("SimulatedMarket determinism", () => {
  it("gives identical bars for the same seed, whatever else was asked first", () => {
    const a = new SimulatedMarket({ seed: "kalpa" });
    const b = new SimulatedMarket({ seed: "kalpa" });
    b.dailyPoint("NIFTY", "2026-06-01"); // generate further ahead first: must not change anything
    expect(a.minuteBars("NIFTY", "2026-03-09")).toEqual(b.minuteBars("NIFTY", "2026-03-09"));
    expect(a.dailyBars("XAU", "2026-01-01", "2026-01-31")).toEqual(
      b.dailyBars("XAU", "2026-01-01", "2026-01-31"),
    );
    const from = parseIndiaTime("2026-03-09 14:00");
    expect(a.ticksBetween(from, from + 60_000)).toEqual(b.ticksBetween(from, from + 60_000));
  });

  it("gives different prices for a different seed", () => {
    const a = new SimulatedMarket({ seed: 1 }).minuteBars("CRUDEOIL", "2026-03-09");
    const b = new SimulatedMarket({ seed: 2 }).minuteBars("CRUDEOIL", "2026-03-09");
    expect(a.map((bar) => bar.close)).not.toEqual(b.map((bar) => bar.close));
  });
});

describe("SimulatedMarket ticks", () => {
  const market = new SimulatedMarket({ seed: 7 });

  it("come one a second per symbol during a session, on the underlying's tick", () => {
    const from = parseIndiaTime("2026-03-09 10:00");
    const ticks = market.ticksBetween(from, from + 10_000);
    expect(ticks).toHaveLength(30);
    for (const symbol of MARKET_SYMBOLS) {
      const own = ticks.filter((tick) => tick.symbol === symbol);
      expect(own.map((tick) => tick.time - from)).toEqual([
        1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000,
      ]);
    }
    for (const tick of ticks.filter((t) => t.symbol === "CRUDEOIL")) {
      expect(Number.isInteger(tick.price)).toBe(true);
    }
    for (const tick of ticks.filter((t) => t.symbol === "NIFTY")) {
      expect(Math.abs(tick.price * 20 - Math.round(tick.price * 20))).toBeLessThan(1e-6);
    }
  });

  it("are the same asked in pieces as all at once", () => {
    const a = parseIndiaTime("2026-03-09 15:28");
    const whole = market.ticksBetween(a, a + 180_000);
    const pieces = [
      ...market.ticksBetween(a, a + 777),
      ...market.ticksBetween(a + 777, a + 60_500),
      ...market.ticksBetween(a + 60_500, a + 180_000),
    ];
    expect(pieces).toEqual(whole);
  });

  it("are quiet outside sessions: weekends, before the open, after NSE's close", () => {
    expect(
      market.ticksBetween(parseIndiaTime("2026-03-07 00:00"), parseIndiaTime("2026-03-08 23:59")),
    ).toEqual([]);
    expect(
      market.ticksBetween(parseIndiaTime("2026-03-09 08:00"), parseIndiaTime("2026-03-09 08:59")),
    ).toEqual([]);
    const evening = market.ticksBetween(
      parseIndiaTime("2026-03-09 15:30"),
      parseIndiaTime("2026-03-09 15:31"),
    );
    expect(new Set(evening.map((tick) => tick.symbol))).toEqual(new Set(["CRUDEOIL"]));
  });

  it("on an MCX evening-only day come for CRUDEOIL only, and only from 17:00", () => {
    const holi = market.ticksBetween(
      parseIndiaTime("2026-03-03 00:00"),
      parseIndiaTime("2026-03-03 23:59"),
    );
    expect(new Set(holi.map((tick) => tick.symbol))).toEqual(new Set(["CRUDEOIL"]));
    expect(holi[0]?.time).toBe(parseIndiaTime("2026-03-03 17:00"));
    expect(holi.at(-1)?.time).toBe(parseIndiaTime("2026-03-03 23:55") - 1000);
  });

  it("open the day at the daily path's open and end it at its close", () => {
    const day = "2026-03-10";
    const ticks = market.ticksBetween(
      parseIndiaTime("2026-03-10 09:14"),
      parseIndiaTime("2026-03-10 15:30"),
      ["NIFTY"],
    );
    const point = market.dailyPoint("NIFTY", day);
    expect(ticks[0]?.price).toBeCloseTo(point?.open ?? 0, 1);
    expect(ticks.at(-1)?.price).toBeCloseTo(point?.close ?? 0, 1);
    const bar = market.dailyBar("NIFTY", day);
    expect(bar?.open).toBe(ticks[0]?.price);
    expect(bar?.close).toBe(ticks.at(-1)?.price);
    expect(bar?.high).toBe(Math.max(...ticks.map((tick) => tick.price)));
    expect(bar?.low).toBe(Math.min(...ticks.map((tick) => tick.price)));
    expect(bar?.volume).toBe(ticks.reduce((sum, tick) => sum + tick.volume, 0));
  });

  it("aggregate to exactly the day's 1-minute bars", () => {
    const day = "2026-03-09";
    const ticks = market.ticksBetween(
      parseIndiaTime("2026-03-09 00:00") - 1,
      parseIndiaTime("2026-03-09 23:59"),
      ["CRUDEOIL"],
    );
    const byMinute = new Map<number, typeof ticks>();
    for (const tick of ticks) {
      const minute = tick.time - (tick.time % 60_000);
      byMinute.set(minute, [...(byMinute.get(minute) ?? []), tick]);
    }
    const fromTicks = [...byMinute.entries()].map(([time, group]) => ({
      time,
      open: group[0]?.price,
      high: Math.max(...group.map((t) => t.price)),
      low: Math.min(...group.map((t) => t.price)),
      close: group.at(-1)?.price,
      volume: group.reduce((sum, t) => sum + t.volume, 0),
    }));
    expect(market.minuteBars("CRUDEOIL", day)).toEqual(fromTicks);
  });
});

describe("SimulatedMarket history", () => {
  const market = new SimulatedMarket({ seed: 11 });

  it("chains days: each open gaps from the previous trading day's close", () => {
    const bars = market.dailyBars("BANKNIFTY", "2026-03-27", "2026-04-07");
    // 27 Mar, 30 Mar, 1 Apr, 2 Apr, 6 Apr, 7 Apr: 31 Mar and 3 Apr are holidays.
    expect(bars.map((bar) => dayKeyOf(bar.time))).toEqual([
      "2026-03-27",
      "2026-03-30",
      "2026-04-01",
      "2026-04-02",
      "2026-04-06",
      "2026-04-07",
    ]);
    bars.slice(1).forEach((bar, i) => {
      expect(market.previousClose("BANKNIFTY", dayKeyOf(bar.time))).toBe(bars[i]?.close);
    });
    expect(market.previousClose("BANKNIFTY", "2026-04-04")).toBe(bars[3]?.close);
  });

  it("gives gold, silver and the dollar index a bar every weekday", () => {
    const bars = market.dailyBars("XAG", "2026-03-02", "2026-03-15");
    expect(bars).toHaveLength(10);
    for (const bar of bars) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
    }
  });

  it("refuses days before the anchor", () => {
    expect(() => market.dailyPoint("NIFTY", "2023-12-29")).toThrow(RangeError);
  });
});

/**
 * The bands the uncalibrated series are built to: annualised volatility of daily close-to-close log returns
 * and the mean absolute opening gap over 250 trading days (docs/market-data.md lists them with measured
 * values). NIFTY and BANKNIFTY are held to their calibration in calibration.test.ts.
 */
const BANDS = {
  CRUDEOIL: { vol: [0.26, 0.41], gap: [0.0038, 0.0065] },
  XAU: { vol: [0.12, 0.21], gap: [0.0007, 0.0014] },
  XAG: { vol: [0.22, 0.35], gap: [0.0011, 0.002] },
  DXY: { vol: [0.05, 0.095], gap: [0.0003, 0.0007] },
} as const;

describe("SimulatedMarket statistics over 250 trading days", () => {
  for (const seed of [1, 2, 3]) {
    for (const [symbol, band] of Object.entries(BANDS)) {
      it(`seed ${seed}: ${symbol} volatility and opening gap fall in their bands`, () => {
        const market = new SimulatedMarket({ seed });
        const points = [];
        for (let day = "2025-01-01"; points.length < 250; day = addDays(day, 1)) {
          const point = market.dailyPoint(symbol as keyof typeof BANDS, day);
          if (point) points.push(point);
        }
        const returns = points.map((p) => Math.log(p.close / p.previousClose));
        const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
        const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
        const vol = Math.sqrt(variance * 252);
        const gap =
          points.reduce((a, p) => a + Math.abs(Math.log(p.open / p.previousClose)), 0) /
          points.length;
        expect(vol).toBeGreaterThan(band.vol[0]);
        expect(vol).toBeLessThan(band.vol[1]);
        expect(gap).toBeGreaterThan(band.gap[0]);
        expect(gap).toBeLessThan(band.gap[1]);
      });
    }
  }
});

describe("SimulatedMarket intraday shape", () => {
  const market = new SimulatedMarket({ seed: 5 });
  const days = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"];
  const average = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  for (const symbol of MARKET_SYMBOLS) {
    it(`${symbol}: the first and last 30 minutes trade more than the middle of the session`, () => {
      const first: number[] = [];
      const middle: number[] = [];
      const last: number[] = [];
      for (const day of days) {
        const volumes = market.intraday(symbol, day)?.minuteVolumes ?? [];
        const third = Math.floor(volumes.length / 3);
        first.push(...volumes.slice(0, 30));
        middle.push(...volumes.slice(third, 2 * third));
        last.push(...volumes.slice(-30));
      }
      expect(average(first)).toBeGreaterThan(1.3 * average(middle));
      expect(average(last)).toBeGreaterThan(1.2 * average(middle));
    });
  }

  it("NIFTY: minute-to-minute moves are larger after the open than at midday", () => {
    const opening: number[] = [];
    const midday: number[] = [];
    for (const day of days) {
      const bars = market.minuteBars("NIFTY", day);
      const moves = bars
        .slice(1)
        .map((bar, i) => Math.abs(Math.log(bar.close / (bars[i]?.close ?? 1))));
      opening.push(...moves.slice(0, 20));
      midday.push(...moves.slice(150, 250));
    }
    expect(average(opening)).toBeGreaterThan(1.2 * average(midday));
  });
});
