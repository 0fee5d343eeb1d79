/**
 * Trading sessions by exchange and day, from the session hours and the calendar book (the shipped year files
 * with the operator's rows over them, calendar-book.ts).
 */
import type { SpecialSessionKind } from "@kalpa/contracts/api/calendar";
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { addDays, weekdayOf } from "../time/day-math";
import { instantAt, parseTimeOfDay } from "../time/time-of-day";
import { calendarDayOn } from "./calendar-book";
import { mcxCloseOn, mcxHoursOn, regularHoursOn } from "./session-hours";

/**
 * "regular" and, on MCX, "evening" (an NSE holiday's evening-only session) make a business day; "muhurat"
 * (Diwali) and "special" (a special Saturday session) sessions are extra windows that do not.
 */
export type SessionKind = "regular" | "evening" | SpecialSessionKind;

export interface Session {
  readonly exchange: ExchangeName;
  readonly day: DayKey;
  readonly kind: SessionKind;
  /** First instant of the session (epoch ms). */
  readonly open: number;
  /** First instant after the session (epoch ms): a session holds `open <= t < close`. */
  readonly close: number;
}

export interface CalendarOptions {
  /**
   * The operator's override of NSE's close as "HH:MM" (NSE_CLOSE), for days of the hours in force now
   * (session-hours.ts); unset, every day closes as the dated table says.
   */
  readonly nseClose?: string;
}

function session(
  exchange: ExchangeName,
  day: DayKey,
  kind: SessionKind,
  open: string,
  close: string,
): Session {
  return {
    exchange,
    day,
    kind,
    open: instantAt(day, parseTimeOfDay(open)),
    close: instantAt(day, parseTimeOfDay(close)),
  };
}

/** The sessions of `exchange` on `day`, earliest first; empty when it does not trade. */
export function sessionsOn(
  exchange: ExchangeName,
  day: DayKey,
  options: CalendarOptions = {},
): Session[] {
  const entry = calendarDayOn(day);
  const sessions: Session[] = [];
  if (entry) {
    for (const window of entry.windows[exchange]) {
      sessions.push({
        exchange,
        day,
        kind: window.kind,
        open: instantAt(day, window.open),
        close: instantAt(day, window.close),
      });
    }
  }
  const weekday = weekdayOf(day);
  // Weekends have no regular session: only the special sessions above trade.
  if (weekday === 0 || weekday === 6) return sessions;
  if (exchange === "NSE") {
    if (entry?.row.nse !== "closed") {
      const hours = regularHoursOn("NSE", day, options.nseClose);
      sessions.push(session("NSE", day, "regular", hours.open, hours.close));
    }
  } else {
    const mcx = entry?.row.mcx ?? "regular";
    const hours = mcxHoursOn(day);
    if (mcx === "regular") {
      sessions.push(session("MCX", day, "regular", hours.open, mcxCloseOn(day)));
    } else if (mcx === "morning") {
      // 1 January: the morning session only, still a business day.
      sessions.push(session("MCX", day, "regular", hours.open, hours.morningClose));
    } else if (mcx === "evening") {
      sessions.push(session("MCX", day, "evening", hours.eveningOpen, mcxCloseOn(day)));
    }
  }
  return sessions.length > 1 ? sessions.sort((a, b) => a.open - b.open) : sessions;
}

/** Whether `exchange` has any session on `day` (a Muhurat-only or special-only day counts). */
export function isTradingDay(
  exchange: ExchangeName,
  day: DayKey,
  options: CalendarOptions = {},
): boolean {
  return sessionsOn(exchange, day, options).length > 0;
}

/**
 * Whether `day` is a business day of `exchange`: it has a regular session, or for MCX an evening-only
 * one. Days with only Muhurat or special sessions are not. Expiries fall on business days.
 */
export function isBusinessDay(exchange: ExchangeName, day: DayKey): boolean {
  return sessionsOn(exchange, day).some((s) => s.kind === "regular" || s.kind === "evening");
}

/** Longest run of days without a session that the searches below will cross. */
export const MAX_CLOSED_DAYS = 15;

function stepDay(
  exchange: ExchangeName,
  day: DayKey,
  step: 1 | -1,
  accept: (candidate: DayKey) => boolean,
): DayKey {
  let candidate = day;
  for (let i = 0; i < MAX_CLOSED_DAYS; i += 1) {
    candidate = addDays(candidate, step);
    if (accept(candidate)) return candidate;
  }
  throw new RangeError(`${exchange}: no trading day within ${MAX_CLOSED_DAYS} days of ${day}`);
}

/** The last day before `day` on which `exchange` has a session. */
export function previousTradingDay(
  exchange: ExchangeName,
  day: DayKey,
  options: CalendarOptions = {},
): DayKey {
  return stepDay(exchange, day, -1, (d) => isTradingDay(exchange, d, options));
}

/** The first day after `day` on which `exchange` has a session. */
export function nextTradingDay(
  exchange: ExchangeName,
  day: DayKey,
  options: CalendarOptions = {},
): DayKey {
  return stepDay(exchange, day, 1, (d) => isTradingDay(exchange, d, options));
}

/** The last business day of `exchange` before `day`. */
export function previousBusinessDay(exchange: ExchangeName, day: DayKey): DayKey {
  return stepDay(exchange, day, -1, (d) => isBusinessDay(exchange, d));
}
