/**
 * Track-record statistics over closed paper trades. Every figure is on the net P/L (after the
 * broker's charges) unless its name says gross; a trade that nets exactly zero is neither a win nor a loss.
 */
import type { DayKey } from "@kalpa/contracts/names";
import type { StopFill } from "@kalpa/contracts/signals";
import { roundRupees } from "./charges";

export interface ClosedTradeFigures {
  /** The Asia/Kolkata day the trade closed. */
  day: DayKey;
  gross: number;
  net: number;
  /** What became of the trade's stop (contracts stopFillOf); null or absent when it never triggered. */
  stopFill?: StopFill | null;
}

export interface DayFigure {
  day: DayKey;
  net: number;
  /** Net P/L from the first day through this one. */
  cumulative: number;
}

export interface TrackRecord {
  trades: number;
  wins: number;
  losses: number;
  /** wins / trades, 0 to 1; null without trades. */
  winRate: number | null;
  /** Mean net of winning trades; null without wins. */
  averageWin: number | null;
  /** Mean net of losing trades (a negative number); null without losses. */
  averageLoss: number | null;
  /** Sum of wins over the size of the sum of losses; null when there is no loss to divide by. */
  profitFactor: number | null;
  /** Mean net per trade; null without trades. */
  expectancy: number | null;
  /** Largest fall of the cumulative net from a previous high (0 or more), over closed days in order. */
  maxDrawdown: number;
  bestDay: { day: DayKey; net: number } | null;
  worstDay: { day: DayKey; net: number } | null;
  gross: number;
  net: number;
  /** Trades whose stop triggered. */
  stopsTriggered: number;
  /**
   * Of those, the stops the price gapped past: the bid was below the limit when they triggered, so they
   * rested unfilled, then sold at the limit or at the square-off.
   */
  stopsPastLimit: number;
  /** Of those, the ones still resting at the square-off (sold there, below their limit). */
  stopsSquaredOff: number;
  /** One point per day with closed trades, oldest first: the equity curve. */
  equity: DayFigure[];
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return roundRupees(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** The statistics of a set of closed trades, in any order. */
export function trackRecord(trades: readonly ClosedTradeFigures[]): TrackRecord {
  const winning = trades.filter((trade) => trade.net > 0).map((trade) => trade.net);
  const losing = trades.filter((trade) => trade.net < 0).map((trade) => trade.net);
  const sumWins = winning.reduce((sum, value) => sum + value, 0);
  const sumLosses = losing.reduce((sum, value) => sum + value, 0);
  const net = roundRupees(trades.reduce((sum, trade) => sum + trade.net, 0));
  const gross = roundRupees(trades.reduce((sum, trade) => sum + trade.gross, 0));

  const byDay = new Map<DayKey, number>();
  for (const trade of trades) byDay.set(trade.day, (byDay.get(trade.day) ?? 0) + trade.net);
  const days = [...byDay.keys()].sort();

  const equity: DayFigure[] = [];
  let cumulative = 0;
  let peak = 0;
  let maxDrawdown = 0;
  let bestDay: TrackRecord["bestDay"] = null;
  let worstDay: TrackRecord["worstDay"] = null;
  for (const day of days) {
    const dayNet = roundRupees(byDay.get(day) ?? 0);
    cumulative = roundRupees(cumulative + dayNet);
    equity.push({ day, net: dayNet, cumulative });
    peak = Math.max(peak, cumulative);
    maxDrawdown = Math.max(maxDrawdown, roundRupees(peak - cumulative));
    if (!bestDay || dayNet > bestDay.net) bestDay = { day, net: dayNet };
    if (!worstDay || dayNet < worstDay.net) worstDay = { day, net: dayNet };
  }

  return {
    trades: trades.length,
    wins: winning.length,
    losses: losing.length,
    winRate: trades.length === 0 ? null : winning.length / trades.length,
    averageWin: mean(winning),
    averageLoss: mean(losing),
    profitFactor: sumLosses === 0 ? null : Math.round((sumWins / -sumLosses) * 1000) / 1000,
    expectancy: mean(trades.map((trade) => trade.net)),
    maxDrawdown,
    bestDay,
    worstDay,
    gross,
    net,
    stopsTriggered: trades.filter((trade) => trade.stopFill != null).length,
    stopsPastLimit: trades.filter(
      (trade) => trade.stopFill === "filled-at-limit" || trade.stopFill === "squared-off",
    ).length,
    stopsSquaredOff: trades.filter((trade) => trade.stopFill === "squared-off").length,
    equity,
  };
}
