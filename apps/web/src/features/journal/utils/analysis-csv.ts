/**
 * The analysis's charts as CSV files made in the browser (the figures are already on the page): a header
 * row, then one row per point or bin, RFC 4180 line ends. Cells are numbers or day keys, so none needs
 * quoting; text cells are quoted all the same.
 */
import type { PaperAnalytics } from "@kalpa/contracts/api/paper";

function cell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  return `"${value.replaceAll('"', '""')}"`;
}

function csv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
) {
  return `${[header.join(","), ...rows.map((row) => row.map(cell).join(","))].join("\r\n")}\r\n`;
}

/** One row per trade: its exit (ISO, UTC), day, the cumulative net and the drawdown below the high. */
export function equityCsv(analysis: Omit<PaperAnalytics, "model">): string {
  return csv(
    ["exit_time", "day", "cumulative_net", "drawdown"],
    analysis.equity.map((point) => [
      new Date(point.time).toISOString(),
      point.day,
      point.cumulative,
      point.drawdown,
    ]),
  );
}

/** One row per bin: its edges in R (empty for an open end) and the trades in it. */
export function rHistogramCsv(analysis: Omit<PaperAnalytics, "model">): string {
  return csv(
    ["r_from", "r_to", "trades"],
    analysis.rHistogram.map((bin) => [bin.from, bin.to, bin.count]),
  );
}

/**
 * One row per trade, oldest exit first: net, risk and R, holding time, slippage, the premium's excursions
 * per unit and in R (empty when its path could not be priced) and the entry against the signal's zone.
 */
export function perTradeCsv(analysis: Omit<PaperAnalytics, "model">): string {
  return csv(
    [
      "signal_id",
      "exit_time",
      "day",
      "net",
      "risk",
      "r",
      "holding_minutes",
      "slippage",
      "mae",
      "mfe",
      "mae_r",
      "mfe_r",
      "entry_vs_zone",
    ],
    analysis.perTrade.map((trade) => [
      trade.id,
      new Date(trade.exitTime).toISOString(),
      trade.day,
      trade.net,
      trade.risk,
      trade.r,
      trade.holdingMinutes,
      trade.slippage,
      trade.mae,
      trade.mfe,
      trade.maeR,
      trade.mfeR,
      trade.entryVsZone,
    ]),
  );
}

/** A link's address for a CSV file made here. */
export function csvHref(text: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
}
