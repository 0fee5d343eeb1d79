/**
 * NYMEX business days and the last trading day of NYMEX's light sweet crude oil (WTI, CL) futures, which
 * MCX's CRUDEOIL futures follow (crudeoil-expiries.ts).
 *
 * CME Group's rule for CL (contract specification, "Termination of trading"): trading terminates 3 business
 * days before the 25th calendar day of the month prior to the contract month; if the 25th is not a
 * business day, 4 business days before it. Business days are NYMEX's: weekdays except the exchange's
 * holidays, which are the US holidays below (CME Group's holiday calendar: on these days there is no
 * settlement for the energy contracts, even where Globex trades a shortened session):
 *
 * - New Year's Day (a Sunday moves to Monday; a Saturday is not made up), Martin Luther King Jr. Day (third
 *   Monday of January), Presidents' Day (third Monday of February), Good Friday, Memorial Day (last Monday
 *   of May), Juneteenth (from 2022), Independence Day, Labor Day (first Monday of September), Thanksgiving
 *   (fourth Thursday of November), Christmas Day.
 * - Juneteenth, Independence Day and Christmas falling on a Saturday are observed the Friday before, on a
 *   Sunday the Monday after.
 *
 * A holiday declared out of turn (a national day of mourning) is not here: record it, with its source,
 * when one is declared.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { addDays, dayKeyFromParts, daysInMonth, weekdayOf } from "../time/day-math";

const SATURDAY = 6;
const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;

/** The `nth` `weekday` of a month (1-based; -1 for the last). */
function nthWeekday(year: number, month: number, weekday: number, nth: number): DayKey {
  const days: DayKey[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d += 1) {
    const day = dayKeyFromParts(year, month, d);
    if (weekdayOf(day) === weekday) days.push(day);
  }
  const found = nth > 0 ? days[nth - 1] : days.at(nth);
  if (!found) throw new RangeError(`No weekday ${weekday} number ${nth} in ${year}-${month}`);
  return found;
}

/** Easter Sunday (Gregorian; the anonymous algorithm). */
export function easterSunday(year: number): DayKey {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayKeyFromParts(year, month, day);
}

/** A fixed-date holiday as observed: Saturday → Friday, Sunday → Monday. */
function observed(day: DayKey): DayKey {
  const weekday = weekdayOf(day);
  if (weekday === SATURDAY) return addDays(day, -1);
  if (weekday === SUNDAY) return addDays(day, 1);
  return day;
}

const holidayCache = new Map<number, ReadonlySet<DayKey>>();

/** NYMEX's holidays of `year` (the days above, as observed). */
export function nymexHolidays(year: number): ReadonlySet<DayKey> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const newYear = dayKeyFromParts(year, 1, 1);
  const days = [
    weekdayOf(newYear) === SUNDAY ? addDays(newYear, 1) : newYear,
    nthWeekday(year, 1, MONDAY, 3),
    nthWeekday(year, 2, MONDAY, 3),
    addDays(easterSunday(year), -2),
    nthWeekday(year, 5, MONDAY, -1),
    observed(dayKeyFromParts(year, 7, 4)),
    nthWeekday(year, 9, MONDAY, 1),
    nthWeekday(year, 11, THURSDAY, 4),
    observed(dayKeyFromParts(year, 12, 25)),
  ];
  if (year >= 2022) days.push(observed(dayKeyFromParts(year, 6, 19)));
  const set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

/** Whether NYMEX settles its energy futures on `day`. */
export function isNymexBusinessDay(day: DayKey): boolean {
  const weekday = weekdayOf(day);
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  return !nymexHolidays(Number(day.slice(0, 4))).has(day);
}

/** The NYMEX business day `count` business days before `day`. */
function businessDaysBefore(day: DayKey, count: number): DayKey {
  let candidate = day;
  let left = count;
  while (left > 0) {
    candidate = addDays(candidate, -1);
    if (isNymexBusinessDay(candidate)) left -= 1;
  }
  return candidate;
}

/**
 * The last trading day of the NYMEX WTI (CL) futures for contract month `month` (1-12) of `year`: it falls
 * in the month before.
 */
export function wtiLastTradingDay(year: number, month: number): DayKey {
  const priorYear = month === 1 ? year - 1 : year;
  const priorMonth = month === 1 ? 12 : month - 1;
  const twentyFifth = dayKeyFromParts(priorYear, priorMonth, 25);
  return businessDaysBefore(twentyFifth, isNymexBusinessDay(twentyFifth) ? 3 : 4);
}
