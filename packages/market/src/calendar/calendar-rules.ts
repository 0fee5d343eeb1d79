/**
 * What an operator's calendar change must satisfy beyond its shape (the zod schemas in
 * packages/contracts/src/api/calendar.ts check the shape): the console and the command line ask the same
 * rules, and a change with any problem changes nothing. Each problem names its field and says what to do.
 */
import {
  type CalendarDayBody,
  MAX_PAST_DAYS,
  MAX_YEARS_AHEAD,
  type SpecialSessionKind,
} from "@kalpa/contracts/api/calendar";
import { formatDayKey } from "@kalpa/contracts/day-format";
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { daysBetween, weekdayOf } from "../time/day-math";
import { parseTimeOfDay } from "../time/time-of-day";
import { shippedDayOn } from "./calendar-book";
import { mcxCloseOn, mcxHoursOn, regularHoursOn } from "./session-hours";

export interface CalendarIssue {
  /** The field: "day", "nse", "mcx", "sessions.1", "year". */
  readonly path: string;
  readonly message: string;
}

export interface CalendarRuleContext {
  /** Today in India (the server's clock). */
  readonly today: DayKey;
  /** The operator's NSE_CLOSE override, for the overlap check (session-hours.ts otherwise). */
  readonly nseClose?: string;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Sunday 8 Nov 2026". */
export function describeDay(day: DayKey): string {
  return `${WEEKDAYS[weekdayOf(day)]} ${formatDayKey(day)}`;
}

/** Whether `day` is one the operator may still change (not long past, not too far ahead). */
export function dayWindowIssue(day: DayKey, today: DayKey): CalendarIssue | undefined {
  const ago = daysBetween(day, today);
  if (ago > MAX_PAST_DAYS) {
    return {
      path: "day",
      message: `${describeDay(day)} is more than ${MAX_PAST_DAYS} days ago: a past day's bars, signals and expiries are history, and its calendar stays as it was.`,
    };
  }
  return yearWindowIssue(Number(day.slice(0, 4)), today, "day");
}

/** Whether the calendar of `year` may be changed: from the first shipped year to MAX_YEARS_AHEAD ahead. */
export function yearWindowIssue(
  year: number,
  today: DayKey,
  path = "year",
): CalendarIssue | undefined {
  const current = Number(today.slice(0, 4));
  if (year > current + MAX_YEARS_AHEAD) {
    return {
      path,
      message: `${year} is too far ahead: calendars can be set up to ${current + MAX_YEARS_AHEAD}.`,
    };
  }
  if (year < current - 1) {
    return { path, message: `${year} is past: its calendar stays as it was.` };
  }
  return undefined;
}

interface Window {
  readonly label: string;
  readonly open: number;
  readonly close: number;
}

/** The regular or evening session `exchange` holds on a weekday row, as minutes after midnight. */
function baseWindow(
  exchange: ExchangeName,
  body: CalendarDayBody,
  day: DayKey,
  nseClose: string | undefined,
): Window | undefined {
  if (exchange === "NSE") {
    if (body.nse === "closed") return undefined;
    const hours = regularHoursOn("NSE", day, nseClose);
    return {
      label: "regular session",
      open: parseTimeOfDay(hours.open),
      close: parseTimeOfDay(hours.close),
    };
  }
  const hours = mcxHoursOn(day);
  const close = parseTimeOfDay(mcxCloseOn(day));
  switch (body.mcx) {
    case "closed":
      return undefined;
    case "regular":
      return { label: "regular session", open: parseTimeOfDay(hours.open), close };
    case "morning":
      return {
        label: "morning session",
        open: parseTimeOfDay(hours.open),
        close: parseTimeOfDay(hours.morningClose),
      };
    case "evening":
      return { label: "evening session", open: parseTimeOfDay(hours.eveningOpen), close };
  }
}

const hhmm = (window: { open: number; close: number }) =>
  `${String(Math.floor(window.open / 60)).padStart(2, "0")}:${String(window.open % 60).padStart(2, "0")}-` +
  `${String(Math.floor(window.close / 60)).padStart(2, "0")}:${String(window.close % 60).padStart(2, "0")}`;

const KIND_WORDS: Record<SpecialSessionKind, string> = {
  muhurat: "Muhurat session",
  special: "special session",
};

/** The problems of setting `day` to `body` (none: the change may be made). */
export function checkCalendarDay(
  day: DayKey,
  body: CalendarDayBody,
  context: CalendarRuleContext,
): CalendarIssue[] {
  const issues: CalendarIssue[] = [];
  const window = dayWindowIssue(day, context.today);
  if (window) issues.push(window);
  const weekday = weekdayOf(day);
  const weekend = weekday === 0 || weekday === 6;
  if (weekend) {
    if (body.nse !== "closed") {
      issues.push({
        path: "nse",
        message: `${describeDay(day)} is a weekend: NSE has no regular session then. Choose "closed" and add the day's trading as a special or Muhurat session.`,
      });
    }
    if (body.mcx !== "closed") {
      issues.push({
        path: "mcx",
        message: `${describeDay(day)} is a weekend: MCX has no regular, morning or evening session then. Choose "closed" and add the day's trading as a special or Muhurat session.`,
      });
    }
  } else if (body.mcx === "evening" && body.nse === "open") {
    issues.push({
      path: "mcx",
      message:
        "MCX trades its evening session only on an NSE holiday: choose NSE closed, or MCX regular.",
    });
  }
  const windows: Array<Window & { exchange: ExchangeName; index: number }> = [];
  body.sessions.forEach((session, index) => {
    const path = `sessions.${index}`;
    const label = `${session.exchange}'s ${KIND_WORDS[session.kind]}`;
    const open = parseTimeOfDay(session.open);
    const close = parseTimeOfDay(session.close);
    if (!(open < close)) {
      issues.push({
        path,
        message: `${label} must open before it closes (${session.open}-${session.close}).`,
      });
      return;
    }
    windows.push({ exchange: session.exchange, index, label, open, close });
  });
  for (const current of windows) {
    const path = `sessions.${current.index}`;
    const base = weekend ? undefined : baseWindow(current.exchange, body, day, context.nseClose);
    if (base && current.open < base.close && base.open < current.close) {
      issues.push({
        path,
        message: `${current.label} ${hhmm(current)} overlaps ${current.exchange}'s ${base.label} ${hhmm(base)}: set ${current.exchange} closed that day, or move the session.`,
      });
    }
    const earlier = windows.find(
      (other) =>
        other.index < current.index &&
        other.exchange === current.exchange &&
        current.open < other.close &&
        other.open < current.close,
    );
    if (earlier) {
      issues.push({
        path,
        message: `${current.label} ${hhmm(current)} overlaps ${earlier.label} ${hhmm(earlier)}.`,
      });
    }
  }
  const ordinary = weekend
    ? body.sessions.length === 0
    : body.nse === "open" && body.mcx === "regular" && body.sessions.length === 0;
  if (ordinary && issues.length === 0 && !shippedDayOn(day)) {
    issues.push({
      path: "sessions",
      message: weekend
        ? `This says nothing trades on ${describeDay(day)}, as on any weekend: there is nothing to change. A weekend session is added as a special or Muhurat session.`
        : `This says ${describeDay(day)} is an ordinary trading day, as the calendar already has it: there is nothing to change.`,
    });
  }
  return issues;
}
