import { describe, expect, it } from "vitest";
import { trackRecord } from "./statistics";

describe("trackRecord", () => {
  it("matches a hand-checked set of six trades over four days", () => {
    // Day totals (net): 05: +500 − 200 = +300; 06: −400; 07: +250 + 0 = +250; 08: −150.
    // Equity: 300, −100, 150, 0. Peak 300 then a fall to −100: drawdown 400.
    const record = trackRecord([
      { day: "2026-05-07", gross: 40, net: 0 },
      { day: "2026-05-05", gross: 560, net: 500 },
      { day: "2026-05-05", gross: -140, net: -200 },
      { day: "2026-05-06", gross: -340, net: -400 },
      { day: "2026-05-07", gross: 310, net: 250 },
      { day: "2026-05-08", gross: -90, net: -150 },
    ]);
    expect(record).toMatchObject({
      trades: 6,
      wins: 2,
      losses: 3,
      averageWin: 375, // (500 + 250) / 2
      averageLoss: -250, // (−200 − 400 − 150) / 3
      profitFactor: 1, // 750 / 750
      expectancy: 0, // 0 / 6
      maxDrawdown: 400,
      bestDay: { day: "2026-05-05", net: 300 },
      worstDay: { day: "2026-05-06", net: -400 },
      gross: 340,
      net: 0,
    });
    expect(record.winRate).toBeCloseTo(2 / 6, 10);
    expect(record.equity).toEqual([
      { day: "2026-05-05", net: 300, cumulative: 300 },
      { day: "2026-05-06", net: -400, cumulative: -100 },
      { day: "2026-05-07", net: 250, cumulative: 150 },
      { day: "2026-05-08", net: -150, cumulative: 0 },
    ]);
  });

  it("counts the stops that triggered, those the price gapped past their limit, and those squared off", () => {
    const record = trackRecord([
      { day: "2026-05-05", gross: 300, net: 250 },
      { day: "2026-05-05", gross: -500, net: -560, stopFill: "filled" },
      { day: "2026-05-06", gross: -700, net: -760, stopFill: "filled-at-limit" },
      { day: "2026-05-06", gross: -900, net: -960, stopFill: "squared-off" },
      { day: "2026-05-07", gross: -400, net: -460, stopFill: null },
    ]);
    expect(record).toMatchObject({ stopsTriggered: 3, stopsPastLimit: 2, stopsSquaredOff: 1 });
    expect(trackRecord([])).toMatchObject({
      stopsTriggered: 0,
      stopsPastLimit: 0,
      stopsSquaredOff: 0,
    });
  });

  it("counts a fall below zero from the start as drawdown", () => {
    const record = trackRecord([
      { day: "2026-05-05", gross: -50, net: -100 },
      { day: "2026-05-06", gross: -10, net: -60 },
    ]);
    expect(record.maxDrawdown).toBe(160);
    expect(record.profitFactor).toBe(0);
  });

  it("gives no ratio it cannot compute", () => {
    expect(trackRecord([])).toMatchObject({
      trades: 0,
      winRate: null,
      averageWin: null,
      averageLoss: null,
      profitFactor: null,
      expectancy: null,
      maxDrawdown: 0,
      bestDay: null,
      worstDay: null,
      equity: [],
    });
    const onlyWins = trackRecord([{ day: "2026-05-05", gross: 120, net: 60.5 }]);
    expect(onlyWins.profitFactor).toBeNull();
    expect(onlyWins.winRate).toBe(1);
    expect(onlyWins.averageLoss).toBeNull();
  });
});
