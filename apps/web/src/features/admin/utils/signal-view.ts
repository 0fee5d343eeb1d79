/**
 * How the Signals panel writes a signal: its status in words (a closed one says why), the contract as a
 * trader says it, and times in India (Asia/Kolkata), whatever the operator's own time zone.
 */
import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";
import { formatNumber, formatRupees } from "@/lib/format";

export type SignalStatusKey =
  | "generated"
  | "triggered"
  | "target"
  | "stop"
  | "eod"
  | "expiry"
  | "closed"
  | "cancelled";

export function signalStatusKey(
  signal: Pick<SignalWire, "status" | "closeReason">,
): SignalStatusKey {
  if (signal.status === "closed") return signal.closeReason ?? "closed";
  return signal.status;
}

/** "NIFTY 25,000 CE". */
export function signalContract(
  signal: Pick<SignalWire, "symbol" | "strike" | "optionType">,
): string {
  return `${signal.symbol} ${formatNumber(signal.strike)} ${signal.optionType}`;
}

/** "₹118 – ₹122". */
export function signalZone(low: number, high: number): string {
  return low === high ? formatRupees(low) : `${formatRupees(low)} – ${formatRupees(high)}`;
}

const TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: MARKET_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

/** Epoch ms as "14:05:09 IST". */
export function indiaTime(instant: number): string {
  return `${TIME.format(instant)} IST`;
}
