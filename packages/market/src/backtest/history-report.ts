/**
 * A model measured on a stretch of history (recorded or simulated), beside two baselines run on the same
 * days with the same exits (baselines.ts): random entries, `randomRuns` seeded runs making about as many
 * signals as the model, and where the model's net P/L falls among them as a percentile; and a fixed 09:20
 * entry. The figures are the model cards' and
 * `npm run backtest -- --data <folder> --json`'s: net rupees for one lot, after charges and slippage.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, ModelId } from "@kalpa/contracts/names";
import { createModel } from "../models/models";
import type { ContractMarket } from "../models/signal-intent";
import type { OptionContract } from "../options/option-contract";
import type { OptionPricer } from "../options/option-pricing";
import { addDays } from "../time/day-math";
import { type BacktestResult, type BacktestSummary, runBacktest } from "./backtest";
import type { MinuteBarSource } from "./bar-source";
import { FixedTimeEntry, RandomEntry, randomEntryRate } from "./baselines";

export interface HistoryReportOptions {
  readonly from: DayKey;
  readonly to: DayKey;
  readonly source: MinuteBarSource;
  readonly contracts?: ContractMarket;
  readonly optionBar?: (contract: OptionContract, time: number) => Bar | undefined;
  /** The index options' pricer (runBacktest's `pricer`). */
  readonly pricer?: OptionPricer;
  /** Random-entry runs (default 100). */
  readonly randomRuns?: number;
  /** The first run's seed; run i takes seed + i (default 1). */
  readonly seed?: number;
}

export interface MonthFigures {
  readonly month: string;
  readonly trades: number;
  readonly winRate: number | null;
  readonly netPnl: number;
}

export interface BaselineFigures {
  readonly trades: number;
  readonly winRate: number | null;
  readonly expectancy: number | null;
  readonly netPnl: number;
  readonly profitFactor: number | null;
  readonly maxDrawdown: number;
}

export type Edge = "none" | "weak" | "positive";

export interface ModelReport {
  readonly modelId: ModelId;
  readonly window: { readonly from: DayKey; readonly to: DayKey; readonly days: number };
  readonly summary: {
    readonly trades: number;
    readonly wins: number;
    readonly losses: number;
    readonly winRate: number | null;
    readonly averageWin: number | null;
    readonly averageLoss: number | null;
    readonly expectancy: number | null;
    readonly profitFactor: number | null;
    readonly netPnl: number;
    readonly grossPnl: number;
    readonly maxDrawdown: number;
    readonly longestLosingStreak: number;
    readonly stopsTriggered: number;
    readonly stopsPastLimit: number;
    readonly signals: number;
    readonly cancelled: number;
    readonly closeReasons: BacktestSummary["closeReasons"];
  };
  readonly months: readonly MonthFigures[];
  /** Cumulative net at the end of each day of the window. */
  readonly equity: readonly { readonly day: DayKey; readonly net: number }[];
  readonly baselines: {
    readonly random: {
      readonly runs: number;
      readonly seed: number;
      /** The rate of random entries per bar, and the runs' median count of trades. */
      readonly rate: number;
      readonly trades: { readonly p50: number };
      readonly netPnl: { readonly p5: number; readonly p50: number; readonly p95: number };
      /** The share of random runs (in %) whose net P/L is below the model's (ties count half). */
      readonly modelPercentile: number;
      readonly equityBand: readonly {
        readonly day: DayKey;
        readonly p5: number;
        readonly p50: number;
        readonly p95: number;
      }[];
    };
    readonly fixed0920: BaselineFigures;
  };
  /** positive: net > 0 and above 95 % of random runs; weak: net > 0 and above 80 %; none otherwise. */
  readonly edge: Edge;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The `q` quantile (0 to 1) of `values`, by linear interpolation. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const a = sorted[low] as number;
  const b = sorted[high] as number;
  return round(a + (b - a) * (position - low));
}

/** The share of `values` below `value`, in %, ties counting half. */
export function percentileOf(values: readonly number[], value: number): number {
  if (values.length === 0) return 0;
  const below = values.filter((v) => v < value).length;
  const ties = values.filter((v) => v === value).length;
  return Math.round(((below + ties / 2) / values.length) * 1000) / 10;
}

/** Cumulative net at the end of each of `days`. */
function equityOn(result: BacktestResult, days: readonly DayKey[]): number[] {
  const byDay = new Map(result.net.equity.map((point) => [point.day, point.cumulative]));
  let last = 0;
  return days.map((day) => {
    last = byDay.get(day) ?? last;
    return last;
  });
}

function baselineFigures(result: BacktestResult): BaselineFigures {
  const { net } = result;
  return {
    trades: net.trades,
    winRate: net.winRate,
    expectancy: net.expectancy,
    netPnl: net.net,
    profitFactor: net.profitFactor,
    maxDrawdown: net.maxDrawdown,
  };
}

function monthsOf(result: BacktestResult): MonthFigures[] {
  const months = new Map<string, { trades: number; wins: number; net: number }>();
  for (const trade of result.trades) {
    const month = trade.day.slice(0, 7);
    const figures = months.get(month) ?? { trades: 0, wins: 0, net: 0 };
    figures.trades += 1;
    if (trade.result.net > 0) figures.wins += 1;
    figures.net += trade.result.net;
    months.set(month, figures);
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, f]) => ({
      month,
      trades: f.trades,
      winRate: f.trades === 0 ? null : round(f.wins / f.trades),
      netPnl: round(f.net),
    }));
}

export function edgeOf(netPnl: number, percentile: number): Edge {
  if (netPnl > 0 && percentile >= 95) return "positive";
  if (netPnl > 0 && percentile >= 80) return "weak";
  return "none";
}

/** `modelId` over the window, with its baselines. */
export function historyReport(modelId: ModelId, options: HistoryReportOptions): ModelReport {
  const runs = options.randomRuns ?? 100;
  const seed = options.seed ?? 1;
  const common = {
    from: options.from,
    to: options.to,
    source: options.source,
    contracts: options.contracts,
    optionBar: options.optionBar,
    pricer: options.pricer,
  };
  const result = runBacktest({ ...common, model: modelId });
  // Every day of the window with bars, for the equity curves.
  const { symbol } = createModel(modelId);
  const days: DayKey[] = [];
  for (let day = options.from; day <= options.to; day = addDays(day, 1)) {
    if (options.source.minuteBars(symbol, day).length > 0) days.push(day);
  }

  // The rules (one signal at a time, the cool-down) drop some random setups: a trial run (seeded apart
  // from the runs) scales the rate so random runs make about as many signals as the model did.
  let rate = randomEntryRate(result.summary.signals, result.summary.bars);
  for (let trial = 0; trial < 2 && rate > 0; trial += 1) {
    const probe = runBacktest({
      ...common,
      model: new RandomEntry(createModel(modelId), seed - 1 - trial, rate),
    });
    if (probe.summary.signals === 0) break;
    rate = Math.min(1, (rate * result.summary.signals) / probe.summary.signals);
  }
  const random = Array.from({ length: runs }, (_, i) =>
    runBacktest({ ...common, model: new RandomEntry(createModel(modelId), seed + i, rate) }),
  );
  const fixed = runBacktest({ ...common, model: new FixedTimeEntry(createModel(modelId)) });

  const randomNets = random.map((run) => run.net.net);
  const curves = random.map((run) => equityOn(run, days));
  const percentile = percentileOf(randomNets, result.net.net);
  const { summary, net } = result;
  return {
    modelId,
    window: { from: options.from, to: options.to, days: summary.days },
    summary: {
      trades: net.trades,
      wins: net.wins,
      losses: net.losses,
      winRate: net.winRate,
      averageWin: net.averageWin,
      averageLoss: net.averageLoss,
      expectancy: net.expectancy,
      profitFactor: net.profitFactor,
      netPnl: net.net,
      grossPnl: summary.grossPnl,
      maxDrawdown: net.maxDrawdown,
      longestLosingStreak: summary.longestLosingStreak,
      stopsTriggered: summary.stopsTriggered,
      stopsPastLimit: summary.stopsPastLimit,
      signals: summary.signals,
      cancelled: summary.cancelled,
      closeReasons: summary.closeReasons,
    },
    months: monthsOf(result),
    equity: equityOn(result, days).map((value, i) => ({ day: days[i] as DayKey, net: value })),
    baselines: {
      random: {
        runs,
        seed,
        rate: Math.round(rate * 1e6) / 1e6,
        trades: {
          p50: quantile(
            random.map((run) => run.net.trades),
            0.5,
          ),
        },
        netPnl: {
          p5: quantile(randomNets, 0.05),
          p50: quantile(randomNets, 0.5),
          p95: quantile(randomNets, 0.95),
        },
        modelPercentile: percentile,
        equityBand: days.map((day, i) => {
          const values = curves.map((curve) => curve[i] as number);
          return {
            day,
            p5: quantile(values, 0.05),
            p50: quantile(values, 0.5),
            p95: quantile(values, 0.95),
          };
        }),
      },
      fixed0920: baselineFigures(fixed),
    },
    edge: edgeOf(net.net, percentile),
  };
}
