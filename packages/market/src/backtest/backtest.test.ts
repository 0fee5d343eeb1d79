import type { DayKey } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import type { ReplayBar } from "../feed/replay-csv";
import { SimulatedMarket } from "../sim/simulated-market";
import { addDays } from "../time/day-math";
import { runBacktest } from "./backtest";
import { replayBarSource } from "./bar-source";

const week = { from: "2026-02-02", to: "2026-02-06" } as const;

describe("runBacktest", () => {
  // Golden figures: model fills one tick against the trader (issue 19), charges at each day's rates. The
  // simulated paths run from 2024 through the calendar, so a session added to it (the Budget weekends of
  // 2025 and 2026, MCX's morning-only New Year's Days) moves them.
  it("gives the same trades for the same seed (golden figures, seed 42, 2-6 Feb 2026)", () => {
    const market = new SimulatedMarket({ seed: 42 });
    const figures = (model: Parameters<typeof runBacktest>[0]["model"]) => {
      const { summary, trades } = runBacktest({ model, ...week, source: market });
      const { signals, wins, losses, grossPnl, maxDrawdown, netPnl } = summary;
      const first = trades[0];
      return {
        signals,
        wins,
        losses,
        grossPnl,
        maxDrawdown,
        netPnl,
        first: first && [
          first.signal.optionType,
          first.signal.strike,
          first.signal.expiry,
          first.entryPrice,
          first.exitPrice,
          first.closeReason,
          first.gross,
        ],
      };
    };
    expect(figures("Nifty:KalpaVruksha")).toEqual({
      signals: 5,
      wins: 2,
      losses: 3,
      grossPnl: 1_020.5,
      maxDrawdown: 2_548,
      netPnl: 720.94,
      first: ["CE", 25_450, "2026-02-03", 86.45, 64.75, "stop", -1_410.5],
    });
    expect(figures("BankNifty:KalpaVruksha")).toEqual({
      signals: 6,
      wins: 4,
      losses: 2,
      grossPnl: 5_448,
      maxDrawdown: 2_451,
      netPnl: 4_882.77,
      first: ["PE", 53_700, "2026-02-24", 762.2, 823.3, "target", 1_833],
    });
    expect(figures("BankNifty:HFT")).toEqual({
      signals: 40,
      wins: 17,
      losses: 23,
      grossPnl: -5_232,
      maxDrawdown: 5_994,
      netPnl: -8_901.32,
      first: ["PE", 53_700, "2026-02-24", 753.55, 711.35, "stop", -1_266],
    });
    expect(figures("CrudeOil:Yamuna")).toEqual({
      signals: 5,
      wins: 3,
      losses: 2,
      grossPnl: 1_810,
      maxDrawdown: 1_760,
      netPnl: 1_485.06,
      first: ["CE", 4_350, "2026-02-17", 126.1, 144.1, "target", 1_800],
    });
  });

  it("costs the trader its slippage: no ticks fill at the model price and gross more", () => {
    const run = (slippageTicks: number) =>
      runBacktest({
        model: "BankNifty:HFT",
        ...week,
        source: new SimulatedMarket({ seed: 42 }),
        slippageTicks,
      });
    const [none, one, three] = [run(0), run(1), run(3)];
    expect(none.summary.grossPnl).toBeGreaterThan(one.summary.grossPnl);
    expect(one.summary.grossPnl).toBeGreaterThan(three.summary.grossPnl);
    for (const trade of none.trades) expect(trade.signal.slippage).toBe(0);
    expect(three.trades.some((trade) => (trade.signal.slippage ?? 0) > 0)).toBe(true);
  });

  it("is a pure function of its inputs: a fresh market with the seed agrees, another seed differs", () => {
    const run = (seed: number) =>
      runBacktest({ model: "CrudeOil:Yamuna", ...week, source: new SimulatedMarket({ seed }) });
    expect(run(42)).toEqual(run(42));
    expect(run(43).trades).not.toEqual(run(42).trades);
  });

  it("adds up its summary from its trades", () => {
    const result = runBacktest({
      model: "BankNifty:KalpaVruksha",
      ...week,
      source: new SimulatedMarket({ seed: 42 }),
    });
    const { summary, trades, signals } = result;
    expect(summary.days).toBe(5);
    expect(summary.trades).toBe(trades.length);
    expect(summary.signals).toBe(signals.length);
    expect(summary.wins + summary.losses).toBeLessThanOrEqual(summary.trades);
    expect(summary.grossPnl).toBeCloseTo(
      trades.reduce((sum, t) => sum + t.gross, 0),
      6,
    );
    expect(summary.netPnl).toBeCloseTo(
      trades.reduce((sum, t) => sum + t.result.net, 0),
      6,
    );
    const reasons = Object.values(summary.closeReasons).reduce((a, b) => a + b, 0);
    expect(reasons).toBe(trades.length);
    for (const signal of signals)
      expect(signal.day >= week.from && signal.day <= week.to).toBe(true);
  });

  it("runs replayed bars exactly like the simulated market's", () => {
    const market = new SimulatedMarket({ seed: 42 });
    const bars: ReplayBar[] = [];
    for (let day: DayKey = "2026-01-20"; day <= week.to; day = addDays(day, 1)) {
      for (const bar of market.minuteBars("NIFTY", day)) bars.push({ ...bar, symbol: "NIFTY" });
    }
    const replayed = runBacktest({
      model: "Nifty:KalpaVruksha",
      ...week,
      source: replayBarSource(bars.reverse()),
    });
    const simulated = runBacktest({ model: "Nifty:KalpaVruksha", ...week, source: market });
    expect(replayed.trades).toEqual(simulated.trades);
    expect(replayBarSource(bars).minuteBars("BANKNIFTY", week.from)).toEqual([]);
  });
});
