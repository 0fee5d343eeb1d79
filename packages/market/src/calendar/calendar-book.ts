/**
 * The calendar book: the shipped year files (calendar-years.ts) with the operator's rows laid over them.
 * Every lookup of the calendar (sessionsOn, isBusinessDay, the expiries...) reads this book.
 *
 * - A day either has nothing special (an ordinary weekday or weekend) or one entry: an NSE holiday, an MCX
 *   evening-only or closed day, special sessions (Muhurat, a special Saturday), or several of these.
 * - An operator's row replaces the shipped entry of its day entirely; without the row the shipped entry is
 *   back. `installCalendarEdits` replaces the whole overlay at once (the server reads its table, which is
 *   small, and installs it; decision 016).
 * - A year is "confirmed" or "provisional" as its file says, or as the operator set it; a year with no file
 *   and no status row is "unknown".
 *
 * The book is module state, like the year files it wraps: one per process, the same in every process once
 * each has installed the same rows. Lookups cost one Map read; nothing is computed per call that the
 * install could compute once. `calendarVersion()` changes with every install, so a cache built from the
 * calendar (the simulator's day plans, a bucketer's sessions) knows when to drop what it holds.
 */
import type {
  CalendarOrigin,
  CalendarSession,
  McxDayState,
  NseDayState,
  SpecialSessionKind,
  YearStatus,
} from "@kalpa/contracts/api/calendar";
import type { CalendarStatus } from "@kalpa/contracts/api/market";
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { addDays, daysBetween } from "../time/day-math";
import { parseTimeOfDay } from "../time/time-of-day";
import type { CalendarYear, Holiday } from "./calendar-year";
import { CALENDAR_YEARS } from "./calendar-years";

/** One day's calendar as a row: what the operator's table holds, and what a shipped day reads as. */
export interface CalendarDayRow {
  readonly day: DayKey;
  readonly nse: NseDayState;
  readonly mcx: McxDayState;
  readonly name: string;
  readonly sessions: readonly CalendarSession[];
  readonly source: string;
}

export interface CalendarYearRow {
  readonly year: number;
  readonly status: YearStatus;
  readonly source: string;
}

export interface CalendarEdits {
  readonly days: readonly CalendarDayRow[];
  readonly years: readonly CalendarYearRow[];
}

/** A special session's window in minutes after midnight, India time. */
export interface SessionWindow {
  readonly kind: SpecialSessionKind;
  readonly open: number;
  readonly close: number;
}

/** A day of the book: its row, where it comes from, and its special sessions per exchange, earliest first. */
export interface BookDay {
  readonly row: CalendarDayRow;
  readonly origin: CalendarOrigin;
  readonly windows: Readonly<Record<ExchangeName, readonly SessionWindow[]>>;
}

const NO_WINDOWS: readonly SessionWindow[] = [];

function bookDay(row: CalendarDayRow, origin: CalendarOrigin): BookDay {
  const windowsOf = (exchange: ExchangeName): readonly SessionWindow[] => {
    const list = row.sessions
      .filter((session) => session.exchange === exchange)
      .map((session) => {
        const open = parseTimeOfDay(session.open);
        const close = parseTimeOfDay(session.close);
        if (!(open < close)) {
          throw new RangeError(
            `${row.day}: a ${session.exchange} session must open before it closes`,
          );
        }
        return { kind: session.kind, open, close };
      })
      .sort((a, b) => a.open - b.open);
    return list.length === 0 ? NO_WINDOWS : list;
  };
  return { row, origin, windows: { NSE: windowsOf("NSE"), MCX: windowsOf("MCX") } };
}

/** The shipped files as rows, one per day (a holiday with a Muhurat session is one row). */
function shippedRows(year: CalendarYear): CalendarDayRow[] {
  const source = `calendar-${year.year}.ts`;
  const rows = new Map<DayKey, CalendarDayRow>();
  const closures = new Set(year.mcxFullClosures);
  for (const holiday of year.nseHolidays) {
    rows.set(holiday.day, {
      day: holiday.day,
      nse: "closed",
      mcx: closures.has(holiday.day) ? "closed" : "evening",
      name: holiday.name,
      sessions: [],
      source,
    });
  }
  for (const session of year.muhurat) {
    const row = rows.get(session.day) ?? {
      day: session.day,
      nse: "closed" as const,
      mcx: "closed" as const,
      name: "Muhurat trading",
      sessions: [],
      source,
    };
    const added: CalendarSession = {
      exchange: session.exchange,
      kind: "muhurat",
      open: session.open,
      close: session.close,
    };
    rows.set(session.day, { ...row, sessions: [...row.sessions, added] });
  }
  for (const morning of year.mcxMorningOnly ?? []) {
    const row = rows.get(morning.day);
    rows.set(morning.day, {
      day: morning.day,
      nse: row?.nse ?? "open",
      mcx: "morning",
      name: row ? `${row.name}; ${morning.name}` : morning.name,
      sessions: row?.sessions ?? [],
      source,
    });
  }
  for (const special of year.specialDays ?? []) {
    if (rows.has(special.day)) {
      throw new RangeError(`calendar-${year.year}.ts: ${special.day} is listed twice`);
    }
    rows.set(special.day, {
      day: special.day,
      nse: "closed",
      mcx: "closed",
      name: special.name,
      sessions: special.sessions.map((s) => ({ ...s, kind: "special" as const })),
      source: `${source}: ${special.source}`,
    });
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day));
}

const shippedYears = new Map<number, CalendarYear>(CALENDAR_YEARS.map((y) => [y.year, y]));
const shippedDays = new Map<DayKey, BookDay>();
for (const year of CALENDAR_YEARS) {
  for (const row of shippedRows(year)) shippedDays.set(row.day, bookDay(row, "shipped"));
}

let operatorDays = new Map<DayKey, BookDay>();
let operatorYears = new Map<number, CalendarYearRow>();
let merged = new Map<DayKey, BookDay>(shippedDays);
let version = 0;

/**
 * Lays the operator's rows over the shipped files, replacing whatever was installed before. Throws (and
 * changes nothing) when a row's session cannot be read.
 */
export function installCalendarEdits(edits: CalendarEdits): void {
  const days = new Map<DayKey, BookDay>();
  for (const row of edits.days) days.set(row.day, bookDay(row, "operator"));
  const next = new Map(shippedDays);
  for (const [day, entry] of days) next.set(day, entry);
  operatorDays = days;
  operatorYears = new Map(edits.years.map((row) => [row.year, row]));
  merged = next;
  version += 1;
}

/** Changes with every install: caches built from the calendar drop their contents when it moves. */
export function calendarVersion(): number {
  return version;
}

/** The entry of `day` as every lookup sees it (the operator's row, else the shipped one), if it has one. */
export function calendarDayOn(day: DayKey): BookDay | undefined {
  return merged.get(day);
}

/** The shipped entry of `day`, whatever the operator laid over it. */
export function shippedDayOn(day: DayKey): BookDay | undefined {
  return shippedDays.get(day);
}

/** The NSE trading holiday on `day`, if there is one. */
export function nseHolidayOn(day: DayKey): Holiday | undefined {
  const entry = merged.get(day);
  return entry?.row.nse === "closed" ? { day, name: entry.row.name } : undefined;
}

/** Whether MCX is closed all day on `day` (no regular and no evening session; special ones may run). */
export function isMcxFullClosure(day: DayKey): boolean {
  return merged.get(day)?.row.mcx === "closed";
}

/** The special sessions (Muhurat, special) of `exchange` on `day`, earliest first. */
export function specialSessionsOn(exchange: ExchangeName, day: DayKey): readonly SessionWindow[] {
  return merged.get(day)?.windows[exchange] ?? NO_WINDOWS;
}

/** Every entry of `year`, in day order. */
export function calendarDaysOf(year: number): BookDay[] {
  const prefix = `${year}-`;
  return [...merged.values()]
    .filter((entry) => entry.row.day.startsWith(prefix))
    .sort((a, b) => a.row.day.localeCompare(b.row.day));
}

/** The shipped file of `year`, if there is one. */
export function shippedYear(year: number): CalendarYear | undefined {
  return shippedYears.get(year);
}

export interface YearStatusInfo {
  readonly status: CalendarStatus;
  /** Whose status it is; null for a year nobody has data for. */
  readonly origin: CalendarOrigin | null;
  /** The operator's source, or the shipped file's. */
  readonly sources: readonly string[];
}

/** The status of `year`: the operator's, else the shipped file's, else unknown. */
export function yearStatusOf(year: number): YearStatusInfo {
  const row = operatorYears.get(year);
  if (row) return { status: row.status, origin: "operator", sources: [row.source] };
  const shipped = shippedYears.get(year);
  if (shipped) return { status: shipped.status, origin: "shipped", sources: shipped.sources };
  return { status: "unknown", origin: null, sources: [] };
}

/** Whether the calendar of `day` is confirmed, provisional, or unknown (no data for its year). */
export function calendarStatusOf(day: DayKey): CalendarStatus {
  const year = Number(day.slice(0, 4));
  return operatorYears.get(year)?.status ?? shippedYears.get(year)?.status ?? "unknown";
}

/** The years with any data: shipped, an operator's status, or an operator's day. */
export function calendarYears(): number[] {
  const years = new Set<number>(shippedYears.keys());
  for (const year of operatorYears.keys()) years.add(year);
  for (const day of operatorDays.keys()) years.add(Number(day.slice(0, 4)));
  return [...years].sort((a, b) => a - b);
}

export interface UnconfirmedDay {
  /** The first day on or after today whose calendar is not confirmed. */
  readonly day: DayKey;
  readonly status: Exclude<CalendarStatus, "confirmed">;
  readonly daysAway: number;
}

/**
 * The first day from `today` whose calendar is not confirmed, when it is at most `withinDays` away: what the
 * console's banner and the operators' weekly reminder are about. Statuses are per year, so the candidates are
 * today and the first day of each later year in the window.
 */
export function unconfirmedDayAhead(today: DayKey, withinDays: number): UnconfirmedDay | undefined {
  const last = addDays(today, withinDays);
  const first = Number(today.slice(0, 4));
  for (let year = first; year <= Number(last.slice(0, 4)); year += 1) {
    const day = year === first ? today : `${year}-01-01`;
    const status = calendarStatusOf(day);
    if (status !== "confirmed") return { day, status, daysAway: daysBetween(today, day) };
  }
  return undefined;
}
