/**
 * Arithmetic on day keys (`YYYY-MM-DD`, Asia/Kolkata). A day key names a calendar date, so these work on
 * the date alone, in UTC, where every day is 24 hours long.
 */
import type { DayKey } from "@kalpa/contracts/names";

const DAY_MS = 24 * 60 * 60 * 1000;

function utcMidnight(dayKey: DayKey): number {
  const ms = Date.parse(`${dayKey}T00:00:00.000Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== dayKey) {
    throw new RangeError(`"${dayKey}" is not a calendar day`);
  }
  return ms;
}

/** The day `days` after `dayKey` (negative for before). */
export function addDays(dayKey: DayKey, days: number): DayKey {
  return new Date(utcMidnight(dayKey) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Day of the week: 0 Sunday, 1 Monday ... 6 Saturday. */
export function weekdayOf(dayKey: DayKey): number {
  return new Date(utcMidnight(dayKey)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
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
