/**
 * United States daylight saving time, which moves MCX's close: 23:30 India time while it is in force,
 * 23:55 otherwise. Since 2007 it runs from the second Sunday of March to the first Sunday of November
 * (02:00 US local time). MCX sessions fall on weekdays, never on a switch day, so a whole India day is
 * either in or out.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { dayKeyFromParts, weekdayOf } from "../time/day-math";

/** The `nth` (1-based) Sunday of a month (1-12). */
function nthSunday(year: number, month: number, nth: number): DayKey {
  const first = dayKeyFromParts(year, month, 1);
  const firstSunday = 1 + ((7 - weekdayOf(first)) % 7);
  return dayKeyFromParts(year, month, firstSunday + 7 * (nth - 1));
}

/** The day US daylight saving time starts (second Sunday of March). */
export function usDstStart(year: number): DayKey {
  return nthSunday(year, 3, 2);
}

/** The day US daylight saving time ends (first Sunday of November). */
export function usDstEnd(year: number): DayKey {
  return nthSunday(year, 11, 1);
}

/** Whether US daylight saving time is in force on (the US working part of) `day`. */
export function isUsDst(day: DayKey): boolean {
  const year = Number(day.slice(0, 4));
  return day >= usDstStart(year) && day < usDstEnd(year);
}
