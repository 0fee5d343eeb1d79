/**
 * What the Calendar view shows of a day, and the form's state as the server's body. Days are `YYYY-MM-DD`
 * in India, read as dates (a weekday does not depend on the browser's zone).
 */
import type { CalendarDay, CalendarDayBody, CalendarSession } from "@kalpa/contracts/api/calendar";
import { formatDayKey } from "@kalpa/contracts/day-format";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Tue 1 Dec 2026". */
export function dayLabel(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return `${WEEKDAYS[weekday] ?? ""} ${formatDayKey(day)}`;
}

/** The form's fields, as typed. */
export interface DayFormState {
  day: string;
  name: string;
  nse: CalendarDayBody["nse"];
  mcx: CalendarDayBody["mcx"];
  sessions: CalendarSession[];
  source: string;
}

export const EMPTY_DAY_FORM: DayFormState = {
  day: "",
  name: "",
  nse: "closed",
  mcx: "evening",
  sessions: [],
  source: "",
};

export const NEW_SESSION: CalendarSession = {
  exchange: "NSE",
  kind: "muhurat",
  open: "18:00",
  close: "19:00",
};

/** A listed day in the form, to change it (an operator's row keeps its source; a shipped one asks anew). */
export function formOf(day: CalendarDay): DayFormState {
  return {
    day: day.day,
    name: day.name,
    nse: day.nse,
    mcx: day.mcx,
    sessions: day.sessions.map((session) => ({ ...session })),
    source: day.origin === "operator" ? day.source : "",
  };
}

export function bodyOf(form: DayFormState): CalendarDayBody {
  return {
    nse: form.nse,
    mcx: form.mcx,
    name: form.name,
    sessions: form.sessions,
    source: form.source,
  };
}

/** The years the picker offers: those with data, the shown one, and the year after the last. */
export function yearChoices(years: readonly number[], shown: number): number[] {
  const all = new Set([...years, shown]);
  all.add(Math.max(...all) + 1);
  return [...all].sort((a, b) => a - b);
}
