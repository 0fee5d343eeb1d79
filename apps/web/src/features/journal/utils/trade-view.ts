/**
 * How the journal shows a trade: the contract in words, times in India (Asia/Kolkata), and the tone of a
 * P&L (green when >= 0, red otherwise, as the live card's Result & Counter).
 */
import type { PaperTrade } from "@kalpa/contracts/api/paper";
import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import { formatDayKey } from "@/lib/dates";
import { formatNumber } from "@/lib/format";

/** "BANKNIFTY 52,000 CE". */
export function contractLabel(trade: Pick<PaperTrade, "symbol" | "strike" | "optionType">): string {
  return `${trade.symbol} ${formatNumber(trade.strike)} ${trade.optionType}`;
}

const TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: MARKET_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

const DAY_KEY = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * Epoch ms as "14:05 IST"; with the day in front ("20 Nov 2026, 14:05 IST") when it is not `day` (an
 * entry on an earlier day than the exit that groups the trade).
 */
export function formatTradeTime(instant: number, day: string): string {
  const time = `${TIME.format(instant)} IST`;
  const onDay = DAY_KEY.format(instant);
  return onDay === day ? time : `${formatDayKey(onDay)}, ${time}`;
}

export type Tone = "profit" | "loss";

export function pnlTone(value: number): Tone {
  return value >= 0 ? "profit" : "loss";
}

export const TONE_CLASS: Record<Tone, string> = {
  profit: "text-emerald-300",
  loss: "text-rose-300",
};

/** A hash shortened for reading: its first 10 and last 6 characters. */
export function shortHash(hash: string): string {
  return hash.length <= 20 ? hash : `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}
