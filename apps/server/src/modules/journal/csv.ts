/**
 * The journal as CSV (PAPER_CSV_COLUMNS): RFC 4180 quoting, and text cells that a spreadsheet would read
 * as a formula (starting with =, +, -, @, tab or carriage return) prefixed with an apostrophe. Numbers are
 * written by the server and left as numbers.
 */
import { PAPER_CSV_COLUMNS, type PaperTrade } from "@kalpa/contracts/api/paper";
import { dayKeyOf, IST_OFFSET_MS } from "@kalpa/market/time/day-key";

type Cell = string | number;

/** An instant as India time with its offset: 2026-11-20T10:15:00+05:30. */
export function indiaTime(ms: number): string {
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

export function csvCell(value: Cell): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function journalCsv(trades: readonly PaperTrade[]): string {
  const rows: Cell[][] = trades.map((trade) => [
    dayKeyOf(trade.exitTime),
    trade.model,
    trade.modelVersion,
    trade.instrument,
    `${trade.symbol} ${trade.expiry} ${trade.strike} ${trade.optionType}`,
    trade.direction,
    trade.lots,
    trade.lotSize,
    indiaTime(trade.entryTime),
    trade.entryPrice,
    indiaTime(trade.exitTime),
    trade.exitPrice,
    trade.closeReason,
    trade.stopLimit ?? "",
    trade.stopTriggeredAt === null ? "" : indiaTime(trade.stopTriggeredAt),
    trade.stopFill ?? "",
    trade.fillBasis,
    trade.slippageTicks ?? "",
    trade.slippage,
    trade.pnlRupees,
    trade.charges.total,
    trade.netPnl,
    trade.charges.ratesAsOf ?? "",
  ]);
  return [[...PAPER_CSV_COLUMNS], ...rows]
    .map((row) => `${row.map(csvCell).join(",")}\r\n`)
    .join("");
}
