import { describe, expect, it } from "vitest";
import { SimulatedMarket } from "../sim/simulated-market";
import { runBacktest } from "./backtest";
import { edgeOf, historyReport, percentileOf, quantile } from "./history-report";

describe("the history report's arithmetic", () => {
  it("interpolates quantiles and ranks a value among runs", () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.05)).toBe(0.5);
    expect(quantile([], 0.5)).toBe(0);
    expect(percentileOf([1, 2, 3, 4], 3)).toBe(62.5); // two below, one tie
    expect(percentileOf([1, 2, 3, 4], 9)).toBe(100);
  });

  it("calls an edge only when the model made money and beat nearly every random run", () => {
    expect(edgeOf(5000, 97)).toBe("positive");
    expect(edgeOf(5000, 85)).toBe("weak");
    expect(edgeOf(5000, 60)).toBe("none");
    expect(edgeOf(-100, 99)).toBe("none");
  });
});

describe("historyReport", () => {
  const market = new SimulatedMarket({ seed: 42 });
  const window = { from: "2026-02-02", to: "2026-02-13" } as const;
  const report = historyReport("BankNifty:KalpaVruksha", {
    ...window,
    source: market,
    randomRuns: 6,
    seed: 3,
  });

  it("gives the model's own backtest figures", () => {
    const result = runBacktest({ model: "BankNifty:KalpaVruksha", ...window, source: market });
    expect(report.window).toEqual({ ...window, days: result.summary.days });
    expect(report.summary.trades).toBe(result.summary.trades);
    expect(report.summary.netPnl).toBe(result.summary.netPnl);
    expect(report.summary.expectancy).toBe(result.summary.expectancy);
    const monthly = report.months.reduce((sum, month) => sum + month.trades, 0);
    expect(monthly).toBe(result.summary.trades);
    expect(report.equity.at(-1)?.net).toBe(result.summary.netPnl);
  });

  it("sets the random runs' band and the fixed entry beside it, day by day", () => {
    const { random, fixed0920 } = report.baselines;
    expect(random.runs).toBe(6);
    expect(random.equityBand.map((point) => point.day)).toEqual(report.equity.map((p) => p.day));
    for (const point of random.equityBand) {
      expect(point.p5).toBeLessThanOrEqual(point.p50);
      expect(point.p50).toBeLessThanOrEqual(point.p95);
    }
    expect(random.netPnl.p5).toBeLessThanOrEqual(random.netPnl.p95);
    expect(random.modelPercentile).toBeGreaterThanOrEqual(0);
    expect(random.modelPercentile).toBeLessThanOrEqual(100);
    // One entry a day at most.
    expect(fixed0920.trades).toBeLessThanOrEqual(report.window.days);
    expect(fixed0920.trades).toBeGreaterThan(0);
    expect(["none", "weak", "positive"]).toContain(report.edge);
  });
});
