/**
 * What the signal card shows of a signal: its status in words, times in India, the P/L's tone and the zone
 * ranges in rupees (spec section 9: Indian locale, at most 2 decimals, rupee symbol).
 */
import { formatMoment } from "@/lib/dates";

export {
  formatClockTime,
  formatMinute,
  formatZone,
  type StatusKey,
  statusKey,
} from "@/lib/signal-format";

export type Tone = "profit" | "loss" | "none";

/** Result & Counter: green when P/L >= 0, red below (spec section 2); nothing to colour without a P/L. */
export function pnlTone(pnl: number | null): Tone {
  if (pnl === null || !Number.isFinite(pnl)) return "none";
  return pnl >= 0 ? "profit" : "loss";
}

/** Epoch ms as "15 Mar 2026, 14:05 IST". */
export function formatInstant(instant: number): string {
  return formatMoment(new Date(instant).toISOString());
}
