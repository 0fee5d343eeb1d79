/** How the Broker view reads the broker's state: which buttons it offers, and its times in India. */
import { type BrokerState, type BrokerStatus, KITE_LOGIN_PATH } from "@kalpa/contracts/api/broker";
import { dayKeyOf, formatMoment } from "@/lib/dates";
import { formatClockTime } from "@/lib/signal-format";

/** The button that opens Kite's login: Connect when a login is needed or failed, Reconnect when connected. */
export function connectAction(state: BrokerState): "connect" | "reconnect" | null {
  if (state === "login-needed" || state === "error") return "connect";
  if (state === "connected") return "reconnect";
  return null;
}

/** Disconnect is offered while there is a connection (or an attempt at one) to forget. */
export function canDisconnect(state: BrokerState): boolean {
  return state === "connected" || state === "connecting" || state === "error";
}

/** Where Connect Kite goes: the server's `loginPath`, a path on this site (anything else is not followed). */
export function loginHref(status: Pick<BrokerStatus, "loginPath">): string {
  return status.loginPath.startsWith("/") && !status.loginPath.startsWith("//")
    ? status.loginPath
    : KITE_LOGIN_PATH;
}

/** "14:05:09 IST" for an instant of today in India, "19 Nov 2026, 14:05 IST" otherwise. */
export function formatBrokerTime(instant: number, now: number = Date.now()): string {
  return dayKeyOf(instant) === dayKeyOf(now)
    ? formatClockTime(instant)
    : formatMoment(new Date(instant).toISOString(), "en");
}

/** An instant as "21 Nov 2026, 06:00 IST" (the token's expiry: its day matters). */
export function formatBrokerMoment(instant: number): string {
  return formatMoment(new Date(instant).toISOString(), "en");
}
