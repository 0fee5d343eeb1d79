/**
 * Market status per exchange (spec section 4): Active while the exchange is in a session, else Inactive.
 */
import type { MarketStatus, MarketStatusValue } from "@kalpa/contracts/market";
import { EXCHANGES, type ExchangeName } from "@kalpa/contracts/names";
import { isOpen } from "./session-search";
import type { CalendarOptions } from "./sessions";

/** Active when `exchange` is open at `at`. */
export function marketStatus(
  exchange: ExchangeName,
  at: number,
  options: CalendarOptions = {},
): MarketStatusValue {
  return isOpen(exchange, at, options) ? "Active" : "Inactive";
}

/** The status of every exchange at `at`, keyed by the spec's numeric id. */
export function marketStatuses(at: number, options: CalendarOptions = {}): MarketStatus[] {
  return (Object.keys(EXCHANGES) as ExchangeName[]).map((name) => ({
    exchange: EXCHANGES[name],
    status: marketStatus(name, at, options),
  }));
}
