/**
 * NSE index option expiries (market-facts.md, "Expiries"). Contracts expiring on or after 1 Sep 2025
 * expire on Tuesday: NIFTY every Tuesday (weekly) and on the month's last Tuesday (monthly); BANKNIFTY
 * monthly only. Before that (from 20 Nov 2024, when BANKNIFTY's weeklies ended) they expired on Thursday
 * by the same pattern (from general knowledge, unverified). A scheduled day that is not an NSE business
 * day moves to the previous business day.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { dayKeyFromParts, daysInMonth, weekdayOf } from "../time/day-math";
import { isBusinessDay, previousBusinessDay } from "./sessions";

const TUESDAY = 2;
const THURSDAY = 4;
/** First day of the Tuesday rule. */
export const TUESDAY_EXPIRIES_FROM: DayKey = "2025-09-01";
/** First day these rules cover. */
export const NSE_EXPIRY_RULES_FROM: DayKey = "2024-11-20";

/** Whether `day` is the weekday on which contracts expiring that day were scheduled. */
function isScheduledWeekday(day: DayKey): boolean {
  return weekdayOf(day) === (day >= TUESDAY_EXPIRIES_FROM ? TUESDAY : THURSDAY);
}

/** Moves a scheduled expiry that falls on a non-business day to the previous business day. */
function adjust(day: DayKey): DayKey {
  return isBusinessDay("NSE", day) ? day : previousBusinessDay("NSE", day);
}

function scheduledDaysInMonth(year: number, month: number): DayKey[] {
  const days: DayKey[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d += 1) {
    const day = dayKeyFromParts(year, month, d);
    if (isScheduledWeekday(day)) days.push(day);
  }
  return days;
}

/** Every NIFTY expiry (weekly, the monthly included) scheduled in a month, after holiday moves. */
export function niftyWeeklyExpiriesInMonth(year: number, month: number): DayKey[] {
  return scheduledDaysInMonth(year, month).map(adjust);
}

/** The monthly expiry of a month (last scheduled weekday), after a holiday move. */
export function nseMonthlyExpiryInMonth(year: number, month: number): DayKey {
  const last = scheduledDaysInMonth(year, month).at(-1);
  if (!last) throw new RangeError(`No expiry weekday in ${year}-${month}`);
  return adjust(last);
}
