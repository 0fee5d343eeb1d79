/**
 * What the console and the command line show of the calendar: one year's days as every process applies
 * them (the shipped files with the operator's rows over them), each with where it comes from, the year's
 * status, and the next expiries the calendar gives.
 */
import type {
  CalendarDay,
  CalendarNextExpiry,
  CalendarYearView,
} from "@kalpa/contracts/api/calendar";
import type { DayKey } from "@kalpa/contracts/names";
import {
  type BookDay,
  calendarDayOn,
  calendarDaysOf,
  calendarYears,
  shippedDayOn,
  shippedYear,
  yearStatusOf,
} from "@kalpa/market/calendar/calendar-book";
import { nextExpiry } from "@kalpa/market/calendar/expiries";
import type { StoredCalendarDay } from "./repository";

const EXPIRIES: ReadonlyArray<Pick<CalendarNextExpiry, "symbol" | "kind">> = [
  { symbol: "NIFTY", kind: "weekly" },
  { symbol: "NIFTY", kind: "monthly" },
  { symbol: "BANKNIFTY", kind: "monthly" },
  { symbol: "CRUDEOIL", kind: "monthly" },
];

/** The next expiries on or after `from` by the calendar (a day before the recorded rules gives none). */
export function nextExpiries(from: DayKey): CalendarNextExpiry[] {
  return EXPIRIES.flatMap(({ symbol, kind }) => {
    try {
      return [{ symbol, kind, day: nextExpiry(symbol, from, kind) }];
    } catch {
      return [];
    }
  });
}

/** One day of the book as the wire has it; `stored` is the operator's row (who set it, when). */
export function dayView(entry: BookDay, stored: StoredCalendarDay | undefined): CalendarDay {
  const { row } = entry;
  const operator = entry.origin === "operator";
  const beneath = operator ? shippedDayOn(row.day)?.row : undefined;
  return {
    day: row.day,
    nse: row.nse,
    mcx: row.mcx,
    name: row.name,
    sessions: row.sessions.map((session) => ({ ...session })),
    origin: entry.origin,
    source: row.source,
    updatedBy: operator ? (stored?.updatedBy ?? null) : null,
    updatedAt: operator ? (stored?.updatedAt.toISOString() ?? null) : null,
    shipped: beneath
      ? {
          nse: beneath.nse,
          mcx: beneath.mcx,
          name: beneath.name,
          sessions: beneath.sessions.map((session) => ({ ...session })),
        }
      : null,
  };
}

/** The book's entry of `day` as the wire has it, if the day has one. */
export function dayViewOn(day: DayKey, stored: readonly StoredCalendarDay[]): CalendarDay | null {
  const entry = calendarDayOn(day);
  return entry
    ? dayView(
        entry,
        stored.find((row) => row.day === day),
      )
    : null;
}

export function yearView(
  year: number,
  options: {
    from: DayKey;
    expiriesFrom: CalendarYearView["expiriesFrom"];
    stored: readonly StoredCalendarDay[];
  },
): CalendarYearView {
  const status = yearStatusOf(year);
  const byDay = new Map(options.stored.map((row) => [row.day, row]));
  return {
    year,
    status: status.status,
    statusOrigin: status.origin,
    sources: [...status.sources],
    notes: [...(shippedYear(year)?.notes ?? [])],
    days: calendarDaysOf(year).map((entry) => dayView(entry, byDay.get(entry.row.day))),
    from: options.from,
    expiries: nextExpiries(options.from),
    expiriesFrom: options.expiriesFrom,
    years: calendarYears(),
  };
}
