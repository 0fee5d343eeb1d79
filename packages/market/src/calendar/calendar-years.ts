/**
 * Every year of calendar data, and lookups over them. To add a year: write `calendar-YYYY.ts` beside
 * this file and list it here. Days in years not listed are treated as having no holidays (see
 * `isCalendarKnown`).
 */
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { CALENDAR_2025 } from "./calendar-2025";
import { CALENDAR_2026 } from "./calendar-2026";
import type { CalendarYear, Holiday, SpecialSession } from "./calendar-year";

export const CALENDAR_YEARS: readonly CalendarYear[] = [CALENDAR_2025, CALENDAR_2026];

const holidays = new Map<DayKey, Holiday>();
const mcxFullClosures = new Set<DayKey>();
const muhurat = new Map<string, SpecialSession>();
for (const year of CALENDAR_YEARS) {
  for (const holiday of year.nseHolidays) holidays.set(holiday.day, holiday);
  for (const day of year.mcxFullClosures) mcxFullClosures.add(day);
  for (const session of year.muhurat) muhurat.set(`${session.exchange} ${session.day}`, session);
}

/** The NSE trading holiday on `day`, if there is one. */
export function nseHolidayOn(day: DayKey): Holiday | undefined {
  return holidays.get(day);
}

/** Whether MCX is closed all day on `day` (a subset of the NSE holidays). */
export function isMcxFullClosure(day: DayKey): boolean {
  return mcxFullClosures.has(day);
}

/** The Muhurat session of `exchange` on `day`, from the data (before any configured override). */
export function muhuratSessionOn(exchange: ExchangeName, day: DayKey): SpecialSession | undefined {
  return muhurat.get(`${exchange} ${day}`);
}

/** Whether holiday data exists for the year of `day`. */
export function isCalendarKnown(day: DayKey): boolean {
  const year = Number(day.slice(0, 4));
  return CALENDAR_YEARS.some((entry) => entry.year === year);
}
