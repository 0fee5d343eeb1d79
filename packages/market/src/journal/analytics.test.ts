import { describe, expect, it } from "vitest";
import { instantAt, parseTimeOfDay } from "../time/time-of-day";
import { type AnalysedTradeInput, analyseTrades, rMultiple, wilsonInterval } from "./analytics";

const at = (day: string, time: string) => instantAt(day, parseTimeOfDay(time));

/** Entry 100, stop 80, 75 units: 1,500 rupees at risk. */
function trade(
  id: string,
  day: string,
  entry: string,
  exit: string,
  net: number,
  extra: Partial<AnalysedTradeInput> = {},
): AnalysedTradeInput {
  return {
    id,
    entryTime: at(day, entry),
    exitTime: at(day, exit),
    entryPrice: 100,
    stopLoss: 80,
    quantity: 75,
    net,
    slippage: 0,
    ...extra,
  };
}

// A hand-checked week (2026-05-04 is a Monday), given out of order.
const WEEK = [
  trade("F", "2026-05-08", "10:30", "15:20", 2400, { slippage: 14 }),
  trade("A", "2026-05-04", "09:30", "10:15", 3000, { slippage: 10 }),
  trade("C", "2026-05-05", "09:45", "10:05", -1650, { slippage: 8 }),
  trade("B", "2026-05-04", "11:05", "12:05", -1500, { slippage: 12 }),
  trade("D", "2026-05-06", "13:10", "14:40", 0, { stopLoss: null }),
  trade("E", "2026-05-07", "09:20", "09:50", 750, { slippage: 6 }),
];

describe("analyseTrades", () => {
  const analysis = analyseTrades(WEEK);

  it("gives each trade its R, holding time and slippage, oldest exit first", () => {
    expect(
      analysis.perTrade.map(({ id, risk, r, holdingMinutes, slippage }) => ({
        id,
        risk,
        r,
        holdingMinutes,
        slippage,
      })),
    ).toEqual([
      { id: "A", risk: 1500, r: 2, holdingMinutes: 45, slippage: 10 },
      { id: "B", risk: 1500, r: -1, holdingMinutes: 60, slippage: 12 },
      { id: "C", risk: 1500, r: -1.1, holdingMinutes: 20, slippage: 8 },
      // No stop recorded: no R.
      { id: "D", risk: null, r: null, holdingMinutes: 90, slippage: 0 },
      { id: "E", risk: 1500, r: 0.5, holdingMinutes: 30, slippage: 6 },
      { id: "F", risk: 1500, r: 1.6, holdingMinutes: 290, slippage: 14 },
    ]);
  });

  it("matches the hand-computed figures of the period", () => {
    expect(analysis).toMatchObject({
      trades: 6,
      wins: 3,
      losses: 2, // D nets 0: neither
      winRate: 0.5,
      // Wilson, z = 1.96: centre (0.5 + 0.3201) / 1.6402 = 0.5, half 1.1949 × √(0.04167 + 0.02668) = 0.3124.
      winRateInterval: { low: 0.1876, high: 0.8124 },
      expectancy: 500, // 3,000 / 6
      expectancyR: 0.4, // (2 − 1 − 1.1 + 0.5 + 1.6) / 5
      tradesWithoutR: 1,
      profitFactor: 1.952, // 6,150 / 3,150
      longestWinningStreak: 2, // E, F (D's zero broke nothing longer)
      longestLosingStreak: 2, // B, C
      averageHoldingMinutes: 89, // 535 / 6
      medianHoldingMinutes: 53, // (45 + 60) / 2 = 52.5, rounded
      slippage: 50,
      averageSlippage: 8.33,
    });
  });

  it("finds the largest drawdown, its trough, recovery and length", () => {
    // Cumulative: 3,000, 1,500, −150, −150, 600, 3,000. High 3,000 (A), low −150 (C), regained at F.
    expect(analysis.equity.map((point) => [point.cumulative, point.drawdown])).toEqual([
      [3000, 0],
      [1500, 1500],
      [-150, 3150],
      [-150, 3150],
      [600, 2400],
      [3000, 0],
    ]);
    expect(analysis.maxDrawdown).toEqual({
      rupees: 3150,
      peakTime: at("2026-05-04", "10:15"),
      troughTime: at("2026-05-05", "10:05"),
      recoveredTime: at("2026-05-08", "15:20"),
      trades: 5, // B, C, D, E, F
      tradingDays: 4, // 05, 06, 07, 08 (B closed on the high's own day)
    });
  });

  it("groups by the entry's hour and weekday in Asia/Kolkata", () => {
    expect(analysis.byHour).toEqual([
      { key: 9, trades: 3, wins: 2, net: 2100, expectancy: 700 }, // A, C, E
      { key: 10, trades: 1, wins: 1, net: 2400, expectancy: 2400 },
      { key: 11, trades: 1, wins: 0, net: -1500, expectancy: -1500 },
      { key: 13, trades: 1, wins: 0, net: 0, expectancy: 0 },
    ]);
    expect(analysis.byWeekday).toEqual([
      { key: 1, trades: 2, wins: 1, net: 1500, expectancy: 750 },
      { key: 2, trades: 1, wins: 0, net: -1650, expectancy: -1650 },
      { key: 3, trades: 1, wins: 0, net: 0, expectancy: 0 },
      { key: 4, trades: 1, wins: 1, net: 750, expectancy: 750 },
      { key: 5, trades: 1, wins: 1, net: 2400, expectancy: 2400 },
    ]);
  });

  it("counts R into half-R bins, lower edge inclusive, with open bins either side", () => {
    const counts = Object.fromEntries(
      analysis.rHistogram.map((bin) => [`${bin.from ?? "-inf"}..${bin.to ?? "inf"}`, bin.count]),
    );
    expect(counts).toEqual({
      "-inf..-2": 0,
      "-2..-1.5": 0,
      "-1.5..-1": 1, // −1.1
      "-1..-0.5": 1, // −1 exactly
      "-0.5..0": 0,
      "0..0.5": 0,
      "0.5..1": 1,
      "1..1.5": 0,
      "1.5..2": 1,
      "2..2.5": 1, // 2 exactly
      "2.5..3": 0,
      "3..inf": 0,
    });
    const tails = analyseTrades([
      trade("x", "2026-05-04", "09:30", "10:00", -3750), // −2.5 R
      trade("y", "2026-05-04", "10:30", "11:00", 4800), // 3.2 R
    ]).rHistogram;
    expect(tails[0]).toEqual({ from: null, to: -2, count: 1 });
    expect(tails.at(-1)).toEqual({ from: 3, to: null, count: 1 });
  });

  it("counts a fall from the start as drawdown, not yet regained", () => {
    const falling = analyseTrades([
      trade("a", "2026-05-04", "09:30", "10:00", -100),
      trade("b", "2026-05-05", "09:30", "10:00", -200),
      trade("c", "2026-05-06", "09:30", "10:00", 50),
    ]);
    expect(falling.maxDrawdown).toEqual({
      rupees: 300,
      peakTime: null,
      troughTime: at("2026-05-05", "10:00"),
      recoveredTime: null,
      trades: 3,
      tradingDays: 3,
    });
    expect(falling.profitFactor).toBe(0.167); // 50 / 300
  });

  it("counts streaks in exit order, a zero trade breaking both", () => {
    const nets = [100, 200, 300, 0, 400, -100, -100, -100, -100, 50];
    const streaky = analyseTrades(
      nets.map((net, index) =>
        trade(`t${index}`, "2026-05-04", "09:30", `10:${String(index).padStart(2, "0")}`, net),
      ),
    );
    expect(streaky.longestWinningStreak).toBe(3);
    expect(streaky.longestLosingStreak).toBe(4);
  });

  it("gives nothing it cannot compute without trades", () => {
    expect(analyseTrades([])).toMatchObject({
      trades: 0,
      winRate: null,
      winRateInterval: null,
      expectancy: null,
      expectancyR: null,
      profitFactor: null,
      averageHoldingMinutes: null,
      medianHoldingMinutes: null,
      averageSlippage: null,
      maxDrawdown: { rupees: 0, trades: 0, tradingDays: 0, peakTime: null },
      byHour: [],
      byWeekday: [],
      equity: [],
    });
    expect(analyseTrades([]).rHistogram.every((bin) => bin.count === 0)).toBe(true);
  });
});

describe("rMultiple", () => {
  it("has no R when the stop is not below the entry", () => {
    const base = trade("z", "2026-05-04", "09:30", "10:00", 500);
    expect(rMultiple({ ...base, stopLoss: 100 })).toEqual({ risk: null, r: null });
    expect(rMultiple({ ...base, stopLoss: 120 })).toEqual({ risk: null, r: null });
    expect(rMultiple({ ...base, stopLoss: 90 })).toEqual({ risk: 750, r: 0.67 });
  });
});

describe("wilsonInterval", () => {
  it("widens with fewer trades and stays within 0 and 1", () => {
    // 12 of 20: p 0.6, interval 0.3866 to 0.7812 (z = 1.96).
    expect(wilsonInterval(12, 20)).toEqual({ low: 0.3866, high: 0.7812 });
    const many = wilsonInterval(120, 200);
    expect(many && many.high - many.low).toBeLessThan(0.14);
    expect(wilsonInterval(0, 5)).toEqual({ low: 0, high: 0.4345 });
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("analyseTrades: excursions and the entry against the zone", () => {
  // Unit risk 20 (entry 100, stop 80).
  const list = [
    trade("A", "2026-05-04", "09:30", "10:15", 3000, {
      excursions: { mae: 5, mfe: 44 },
      entryVsZone: 0.5,
    }),
    trade("B", "2026-05-04", "11:05", "12:05", -1500, {
      excursions: { mae: 21, mfe: 4 },
      entryVsZone: -0.3,
    }),
    trade("C", "2026-05-05", "09:45", "10:05", 750, { excursions: null }),
    trade("D", "2026-05-06", "13:10", "14:40", 0, {
      stopLoss: null,
      excursions: { mae: 2, mfe: 2 },
    }),
  ];
  const analysis = analyseTrades(list);

  it("gives each trade its MAE and MFE per unit and in R, and leaves them empty without a path", () => {
    const byId = new Map(analysis.perTrade.map((row) => [row.id, row]));
    expect(byId.get("A")).toMatchObject({
      mae: 5,
      mfe: 44,
      maeR: 0.25,
      mfeR: 2.2,
      entryVsZone: 0.5,
    });
    expect(byId.get("B")).toMatchObject({ mae: 21, mfe: 4, maeR: 1.05, mfeR: 0.2 });
    expect(byId.get("C")).toMatchObject({ mae: null, mfe: null, maeR: null, mfeR: null });
    // A path without a stop below the entry: rupee-free excursions, no R.
    expect(byId.get("D")).toMatchObject({ mae: 2, mfe: 2, maeR: null, mfeR: null });
  });

  it("averages them over the trades that have them", () => {
    expect(analysis.tradesWithExcursions).toBe(3);
    expect(analysis.averageMaeR).toBe(0.65);
    expect(analysis.averageMfeR).toBe(1.2);
    expect(analysis.averageEntryVsZone).toBe(0.1);
  });
});
