/**
 * Time to expiry. An option expires at its exchange's last close on the expiry day (the dated hours of
 * calendar/session-hours.ts: NSE 15:30, 15:40 from 3 Aug 2026; MCX 23:30 or 23:55 by the US clock
 * change), and time is counted in calendar years of
 * 365 days (act/365), as NSE's own implied-volatility figures do.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { type CalendarOptions, sessionsOn } from "../calendar/sessions";
import { optionUnderlying } from "../instruments/option-underlyings";

export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The instant `symbol`'s options expiring on `day` stop trading: the exchange's last close that day. */
export function expiryCloseAt(
  symbol: MarketSymbol,
  day: DayKey,
  calendar: CalendarOptions = {},
): number {
  const last = sessionsOn(optionUnderlying(symbol).exchange, day, calendar).at(-1);
  if (!last) throw new RangeError(`${symbol} does not trade on its expiry day ${day}`);
  return last.close;
}

/** Years from `at` to `expiresAt` (epoch ms), never negative. */
export function yearsToExpiry(at: number, expiresAt: number): number {
  return Math.max(0, expiresAt - at) / YEAR_MS;
}
