/** The broker's name in the database and the audit log, and when its access tokens die. */
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";

export const BROKER = "kite" as const;

const SIX_AM_MS = 6 * 60 * 60_000;

/** When a Kite access token stops working: 06:00 India time after the login (docs/kite-connect-reference.md §4). */
export function kiteTokenExpiry(loginAt: number): number {
  const day = dayKeyOf(loginAt);
  const sixToday = startOfDay(day).getTime() + SIX_AM_MS;
  return loginAt < sixToday ? sixToday : startOfDay(addDays(day, 1)).getTime() + SIX_AM_MS;
}
