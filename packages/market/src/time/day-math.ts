/**
 * Arithmetic on day keys (`YYYY-MM-DD`, Asia/Kolkata). A day key names a calendar date, so these work on
 * the date alone, in UTC, where every day is 24 hours long.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { civilKeyOfDays, daysOfCivilKey } from "./civil-days";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from 1970-01-01 to the day; throws for a key that names no calendar day. */
function epochDays(dayKey: DayKey): number {
  const days = daysOfCivilKey(dayKey);
  if (Number.isNaN(days)) throw new RangeError(`"${dayKey}" is not a calendar day`);
  return days;
}

function utcMidnight(dayKey: DayKey): number {
  return epochDays(dayKey) * DAY_MS;
}

/** The day `days` after `dayKey` (negative for before). */
export function addDays(dayKey: DayKey, days: number): DayKey {
  return civilKeyOfDays(epochDays(dayKey) + days);
}

/** Day of the week: 0 Sunday, 1 Monday ... 6 Saturday. */
export function weekdayOf(dayKey: DayKey): number {
  return new Date(utcMidnight(dayKey)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return epochDays(to) - epochDays(from);
}

/** The day key of a year, month (1-12) and day of month. */
export function dayKeyFromParts(year: number, month: number, day: number): DayKey {
  const key = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  utcMidnight(key);
  return key;
}

/** Number of days in a month (1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
