/**
 * How a signal's plain facts read wherever a signal is shown (the live card, the operator's Signals panel):
 * its status in words (a closed one says why), a zone in rupees, and clock times in India (Asia/Kolkata),
 * whatever the reader's own time zone.
 */
import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import { formatRupees } from "./format";

export type StatusKey =
  | "generated"
  | "triggered"
  | "target"
  | "stop"
  | "eod"
  | "expiry"
  | "closed"
  | "cancelled";

/** The status line's key: closed signals say why they closed. */
export function statusKey(signal: Pick<SignalWire, "status" | "closeReason">): StatusKey {
  if (signal.status === "closed") return signal.closeReason ?? "closed";
  return signal.status;
}

/** "₹210 – ₹215" (one price when the two are equal). */
export function formatZone(low: number, high: number): string {
  return low === high ? formatRupees(low) : `${formatRupees(low)} – ${formatRupees(high)}`;
}

// hourCycle h23, not hour12: false, which writes the minutes after midnight as "24:00".
const TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: MARKET_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const MINUTE = new Intl.DateTimeFormat("en-IN", {
  timeZone: MARKET_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Epoch ms as "14:05:09 IST". */
export function formatClockTime(instant: number): string {
  return `${TIME.format(instant)} IST`;
}

/** Epoch ms as "14:05 IST". */
export function formatMinute(instant: number): string {
  return `${MINUTE.format(instant)} IST`;
}
