/**
 * The journal as a teacher: per-trade R-multiples, holding times and slippage, and per model and period the
 * expectancy in rupees and in R, profit factor, win rate with its 95 % Wilson interval, the largest drawdown
 * and how long it lasted, streaks, results by hour (Asia/Kolkata) and weekday, the distribution of R and the
 * equity curve trade by trade with its drawdown (decision 035).
 *
 * Every money figure is net of the broker's charges (like statistics.ts). A trade that nets exactly zero is
 * neither a win nor a loss, and it breaks both streaks.
 *
 * R: the net P/L over the initial risk, (entry − stop trigger) × quantity. A trade whose stop was not below
 * its entry (risk 0 or less: none to measure against) has no R; it counts in every rupee figure and is
 * left out of the R figures only (`tradesWithoutR` says how many).
 *
 * The maximum adverse and favourable excursions (excursions.ts, decision 038) come in with each trade when
 * its premium's path could be priced from stored bars; a trade without them is left out of their averages
 * only (`tradesWithExcursions` says how many have them).
 */
import type { DayKey } from "@kalpa/contracts/names";
import { dayKeyOf, IST_OFFSET_MS } from "../time/day-key";
import { roundRupees } from "./charges";

export interface AnalysedTradeInput {
  id: string;
  /** Epoch ms. */
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  /** The stop's trigger (the Risk Marker) at entry; null when the trade had none recorded. */
  stopLoss: number | null;
  /** Units: lots × lot size. */
  quantity: number;
  /** Net P/L, rupees. */
  net: number;
  /** What the fills cost against their reference prices, rupees (already inside the P/L). */
  slippage: number;
  /** The premium's excursions per unit (excursions.ts); null when its path could not be priced. */
  excursions?: { mae: number; mfe: number } | null;
  /** The entry fill against the signal's entry zone, per unit (excursions.ts entryVersusZone). */
  entryVsZone?: number | null;
}

export interface TradeAnalysis {
  id: string;
  exitTime: number;
  /** The Asia/Kolkata day of the exit. */
  day: DayKey;
  net: number;
  /** Rupees at risk to the stop; null when the stop was not below the entry. */
  risk: number | null;
  /** net / risk, to 2 decimals; null without a risk. */
  r: number | null;
  holdingMinutes: number;
  slippage: number;
  /** Per unit of premium; null when the path could not be priced. */
  mae: number | null;
  mfe: number | null;
  /** The excursions over the initial risk per unit (entry − stop), 2 decimals; null without R or path. */
  maeR: number | null;
  mfeR: number | null;
  entryVsZone: number | null;
}

export interface Bucket {
  /** The hour (0–23, Asia/Kolkata) or the ISO weekday (1 Monday … 7 Sunday). */
  key: number;
  trades: number;
  wins: number;
  net: number;
  /** Mean net per trade. */
  expectancy: number;
}

export interface HistogramBin {
  /** Lower edge in R, inclusive; null for the open bin below the first edge. */
  from: number | null;
  /** Upper edge in R, exclusive; null for the open bin above the last edge. */
  to: number | null;
  count: number;
}

export interface EquityPoint {
  /** The trade's exit, epoch ms. */
  time: number;
  day: DayKey;
  /** Net P/L from the first trade through this one. */
  cumulative: number;
  /** How far below the highest cumulative so far (0 at a new high; the start counts as a high of 0). */
  drawdown: number;
}

export interface DrawdownFigure {
  /** Rupees, 0 or more. */
  rupees: number;
  /** The exit of the trade at the high it fell from; null when the fall began at the start. */
  peakTime: number | null;
  /** The exit of the lowest trade. */
  troughTime: number | null;
  /** The exit of the trade that regained the high; null while not regained. */
  recoveredTime: number | null;
  /** Trades from the high to the recovery (or to the last trade while not regained). */
  trades: number;
  /** Trading days (days with closed trades) after the high's day up to the recovery's (or the last) day. */
  tradingDays: number;
}

export interface JournalAnalysis {
  trades: number;
  wins: number;
  losses: number;
  winRate: number | null;
  /** 95 % Wilson score interval of the win rate; null without trades. */
  winRateInterval: { low: number; high: number } | null;
  /** Mean net per trade. */
  expectancy: number | null;
  /** Mean R over the trades with an R, 2 decimals. */
  expectancyR: number | null;
  tradesWithoutR: number;
  profitFactor: number | null;
  maxDrawdown: DrawdownFigure;
  longestWinningStreak: number;
  longestLosingStreak: number;
  /** Minutes from entry to exit. */
  averageHoldingMinutes: number | null;
  medianHoldingMinutes: number | null;
  slippage: number;
  averageSlippage: number | null;
  /** Trades whose premium's path was priced (the excursions' averages are over these). */
  tradesWithExcursions: number;
  /** Mean MAE and MFE in R over the trades with both an R and a priced path, 2 decimals. */
  averageMaeR: number | null;
  averageMfeR: number | null;
  /** Mean entry fill against the entry zone per unit, 2 decimals (over the trades that have it). */
  averageEntryVsZone: number | null;
  /** By the hour of the entry, Asia/Kolkata; hours without trades left out. */
  byHour: Bucket[];
  /** By the weekday of the entry, Asia/Kolkata; days without trades left out. */
  byWeekday: Bucket[];
  rHistogram: HistogramBin[];
  equity: EquityPoint[];
  /** Per trade, oldest exit first. */
  perTrade: TradeAnalysis[];
}

/** The edges of the R histogram: half-R bins from −2 R to +3 R, with an open bin either side. */
export const R_HISTOGRAM_EDGES = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3] as const;

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const round2 = (value: number) => Math.round(value * 100) / 100;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The 95 % Wilson score interval of `wins` successes in `n` trials; null when n is 0. */
export function wilsonInterval(wins: number, n: number): { low: number; high: number } | null {
  if (n === 0) return null;
  const p = wins / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: round4(Math.max(0, centre - half)), high: round4(Math.min(1, centre + half)) };
}

/** The R-multiple of one trade: net / ((entry − stop) × quantity); null without a stop below the entry. */
export function rMultiple(trade: AnalysedTradeInput): { risk: number | null; r: number | null } {
  if (trade.stopLoss === null || !(trade.entryPrice > trade.stopLoss) || trade.quantity <= 0) {
    return { risk: null, r: null };
  }
  const risk = roundRupees((trade.entryPrice - trade.stopLoss) * trade.quantity);
  return { risk, r: round2(trade.net / risk) };
}

function binOf(r: number): number {
  let index = 0;
  while (index < R_HISTOGRAM_EDGES.length && r >= (R_HISTOGRAM_EDGES[index] as number)) index += 1;
  return index;
}

function bucketsOf(map: Map<number, { trades: number; wins: number; net: number }>): Bucket[] {
  return [...map.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, value]) => ({
      key,
      trades: value.trades,
      wins: value.wins,
      net: roundRupees(value.net),
      expectancy: roundRupees(value.net / value.trades),
    }));
}

function add(
  map: Map<number, { trades: number; wins: number; net: number }>,
  key: number,
  net: number,
) {
  const bucket = map.get(key);
  if (bucket) {
    bucket.trades += 1;
    bucket.net += net;
    if (net > 0) bucket.wins += 1;
  } else map.set(key, { trades: 1, wins: net > 0 ? 1 : 0, net });
}

/** The analysis of a set of closed trades, in any order (taken oldest exit first, then by id). */
export function analyseTrades(input: readonly AnalysedTradeInput[]): JournalAnalysis {
  const trades = [...input].sort((a, b) =>
    a.exitTime !== b.exitTime ? a.exitTime - b.exitTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const perTrade: TradeAnalysis[] = [];
  const equity: EquityPoint[] = [];
  const byHour = new Map<number, { trades: number; wins: number; net: number }>();
  const byWeekday = new Map<number, { trades: number; wins: number; net: number }>();
  const bins = new Array<number>(R_HISTOGRAM_EDGES.length + 1).fill(0);
  const holding: number[] = [];

  let wins = 0;
  let losses = 0;
  let sumWins = 0;
  let sumLosses = 0;
  let sumNet = 0;
  let sumR = 0;
  let withR = 0;
  let slippage = 0;
  let winStreak = 0;
  let lossStreak = 0;
  let longestWin = 0;
  let longestLoss = 0;
  let withPath = 0;
  let withPathR = 0;
  let sumMaeR = 0;
  let sumMfeR = 0;
  let withZone = 0;
  let sumZone = 0;

  // Drawdown: the running high (the start is a high of 0 at index −1) and the deepest fall below it.
  let cumulative = 0;
  let peak = 0;
  let peakIndex = -1;
  let best: { rupees: number; peakIndex: number; troughIndex: number } = {
    rupees: 0,
    peakIndex: -1,
    troughIndex: -1,
  };

  for (let index = 0; index < trades.length; index += 1) {
    const trade = trades[index] as AnalysedTradeInput;
    const day = dayKeyOf(trade.exitTime);
    const { risk, r } = rMultiple(trade);
    const holdingMinutes = Math.max(0, Math.round((trade.exitTime - trade.entryTime) / 60_000));
    const path = trade.excursions ?? null;
    const unitRisk =
      trade.stopLoss !== null && trade.entryPrice > trade.stopLoss
        ? trade.entryPrice - trade.stopLoss
        : null;
    const maeR = path && unitRisk && r !== null ? round2(path.mae / unitRisk) : null;
    const mfeR = path && unitRisk && r !== null ? round2(path.mfe / unitRisk) : null;
    if (path) withPath += 1;
    if (maeR !== null && mfeR !== null) {
      sumMaeR += maeR;
      sumMfeR += mfeR;
      withPathR += 1;
    }
    const entryVsZone = trade.entryVsZone ?? null;
    if (entryVsZone !== null) {
      sumZone += entryVsZone;
      withZone += 1;
    }
    perTrade.push({
      id: trade.id,
      exitTime: trade.exitTime,
      day,
      net: trade.net,
      risk,
      r,
      holdingMinutes,
      slippage: trade.slippage,
      mae: path ? path.mae : null,
      mfe: path ? path.mfe : null,
      maeR,
      mfeR,
      entryVsZone,
    });
    holding.push(holdingMinutes);
    slippage += trade.slippage;
    sumNet += trade.net;
    if (trade.net > 0) {
      wins += 1;
      sumWins += trade.net;
      winStreak += 1;
      lossStreak = 0;
    } else if (trade.net < 0) {
      losses += 1;
      sumLosses += trade.net;
      lossStreak += 1;
      winStreak = 0;
    } else {
      winStreak = 0;
      lossStreak = 0;
    }
    longestWin = Math.max(longestWin, winStreak);
    longestLoss = Math.max(longestLoss, lossStreak);
    if (r !== null) {
      sumR += r;
      withR += 1;
      bins[binOf(r)] = (bins[binOf(r)] as number) + 1;
    }

    const local = trade.entryTime + IST_OFFSET_MS;
    add(byHour, Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS), trade.net);
    // 1970-01-01 was a Thursday (ISO 4).
    const days = Math.floor(local / DAY_MS);
    add(byWeekday, ((((days + 3) % 7) + 7) % 7) + 1, trade.net);

    cumulative = roundRupees(cumulative + trade.net);
    if (cumulative > peak) {
      peak = cumulative;
      peakIndex = index;
    }
    const drawdown = roundRupees(peak - cumulative);
    if (drawdown > best.rupees) best = { rupees: drawdown, peakIndex, troughIndex: index };
    equity.push({ time: trade.exitTime, day, cumulative, drawdown });
  }

  const n = trades.length;
  return {
    trades: n,
    wins,
    losses,
    winRate: n === 0 ? null : wins / n,
    winRateInterval: wilsonInterval(wins, n),
    expectancy: n === 0 ? null : roundRupees(sumNet / n),
    expectancyR: withR === 0 ? null : round2(sumR / withR),
    tradesWithoutR: n - withR,
    profitFactor: sumLosses === 0 ? null : Math.round((sumWins / -sumLosses) * 1000) / 1000,
    maxDrawdown: drawdownFigure(best, equity),
    longestWinningStreak: longestWin,
    longestLosingStreak: longestLoss,
    averageHoldingMinutes:
      n === 0 ? null : Math.round(holding.reduce((sum, value) => sum + value, 0) / n),
    medianHoldingMinutes: median(holding),
    slippage: roundRupees(slippage),
    averageSlippage: n === 0 ? null : roundRupees(slippage / n),
    tradesWithExcursions: withPath,
    averageMaeR: withPathR === 0 ? null : round2(sumMaeR / withPathR),
    averageMfeR: withPathR === 0 ? null : round2(sumMfeR / withPathR),
    averageEntryVsZone: withZone === 0 ? null : round2(sumZone / withZone),
    byHour: bucketsOf(byHour),
    byWeekday: bucketsOf(byWeekday),
    rHistogram: bins.map((count, index) => ({
      from: index === 0 ? null : (R_HISTOGRAM_EDGES[index - 1] as number),
      to: index === R_HISTOGRAM_EDGES.length ? null : (R_HISTOGRAM_EDGES[index] as number),
      count,
    })),
    equity,
    perTrade,
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

function drawdownFigure(
  best: { rupees: number; peakIndex: number; troughIndex: number },
  equity: readonly EquityPoint[],
): DrawdownFigure {
  if (best.rupees === 0) {
    return {
      rupees: 0,
      peakTime: null,
      troughTime: null,
      recoveredTime: null,
      trades: 0,
      tradingDays: 0,
    };
  }
  const peakValue = best.peakIndex < 0 ? 0 : (equity[best.peakIndex] as EquityPoint).cumulative;
  let recovered = -1;
  for (let index = best.troughIndex + 1; index < equity.length; index += 1) {
    if ((equity[index] as EquityPoint).cumulative >= peakValue) {
      recovered = index;
      break;
    }
  }
  const endIndex = recovered < 0 ? equity.length - 1 : recovered;
  // Distinct trading days after the high's day, through the end's day.
  const peakDay = best.peakIndex < 0 ? null : (equity[best.peakIndex] as EquityPoint).day;
  const days = new Set<DayKey>();
  for (let index = best.peakIndex + 1; index <= endIndex; index += 1) {
    const day = (equity[index] as EquityPoint).day;
    if (day !== peakDay) days.add(day);
  }
  return {
    rupees: best.rupees,
    peakTime: best.peakIndex < 0 ? null : (equity[best.peakIndex] as EquityPoint).time,
    troughTime: (equity[best.troughIndex] as EquityPoint).time,
    recoveredTime: recovered < 0 ? null : (equity[recovered] as EquityPoint).time,
    trades: endIndex - best.peakIndex,
    tradingDays: days.size,
  };
}
