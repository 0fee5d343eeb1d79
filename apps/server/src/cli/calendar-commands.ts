/**
 * `npm run admin -- calendar <list|set-day|remove-day|year>`: the operator's calendar without the console,
 * by the same rules (packages/market calendar-rules.ts) and with the same audit entries (actor "cli"). A
 * running server on the same PostgreSQL installs the change within a minute (its periodic reload).
 */
import {
  CALENDAR_EXCHANGES,
  type CalendarDay,
  type CalendarDayBody,
  CalendarDayBodySchema,
  type CalendarSession,
  CalendarYearBodySchema,
  MCX_DAY_STATES,
  type McxDayState,
  NSE_DAY_STATES,
  SPECIAL_SESSION_KINDS,
  YEAR_STATUSES,
} from "@kalpa/contracts/api/calendar";
import { formatDayKey } from "@kalpa/contracts/day-format";
import { DayKeySchema } from "@kalpa/contracts/names";
import { describeDay } from "@kalpa/market/calendar/calendar-rules";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import * as z from "zod/mini";
import { AppError } from "../lib/errors";
import { createCalendarModule } from "../modules/calendar/module";
import { nextExpiries, yearView } from "../modules/calendar/view";
import { type CliContext, CliError } from "./commands";

export const CALENDAR_USAGE = `  calendar list [<year>]
      The year's calendar as the server applies it (this year unless given): its status (confirmed,
      provisional or unknown), every holiday, MCX evening-only day and special session with its source
      (shipped or the operator's), and the next expiries from today.
  calendar set-day <YYYY-MM-DD> --name <name> --nse <open|closed> --mcx <regular|evening|closed>
               [--sessions "<EXCHANGE> <muhurat|special> <HH:MM>-<HH:MM>, ..."] --source <circular>
      Sets the operator's row of a day; it replaces the shipped data of that day entirely. A holiday:
      --nse closed --mcx evening (or closed). A Muhurat window: --sessions "NSE muhurat 18:00-19:00,
      MCX muhurat 18:00-19:00". Weekends take special or Muhurat sessions only (--nse closed --mcx closed).
  calendar remove-day <YYYY-MM-DD>
      Removes the operator's row of a day: the shipped day is back.
  calendar year <year> <confirmed|provisional> --source <circular>
      Confirms a year's calendar once the exchanges' circulars are entered, or marks it provisional.`;

const CLI_ACTOR = { name: "cli", ip: null };
const MCX_WORDS: Record<McxDayState, string> = {
  regular: "MCX regular",
  morning: "MCX morning only",
  evening: "MCX evening only",
  closed: "MCX closed",
};

function parseDay(text: string | undefined): string {
  if (text === undefined) throw new CliError("Give the day as YYYY-MM-DD.");
  if (!z.safeParse(DayKeySchema, text).success) {
    throw new CliError(`The day must be YYYY-MM-DD (got "${text}").`);
  }
  try {
    addDays(text, 0);
  } catch {
    throw new CliError(`${text} is not a day of the calendar.`);
  }
  return text;
}

function parseYear(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{4}$/.test(text)) throw new CliError(`The year must be four digits (got "${text}").`);
  return Number(text);
}

/** "NSE muhurat 18:00-19:00, MCX special 09:15-15:30" into sessions. */
export function parseSessions(text: string | undefined): CalendarSession[] {
  if (text === undefined || text.trim() === "") return [];
  return text.split(/[,;]/).map((part) => {
    const match = /^\s*(\S+)\s+(\S+)\s+(\S+)-(\S+)\s*$/.exec(part);
    const exchange = match?.[1]?.toUpperCase();
    const kind = match?.[2]?.toLowerCase();
    if (
      !match ||
      !CALENDAR_EXCHANGES.some((known) => known === exchange) ||
      !SPECIAL_SESSION_KINDS.some((known) => known === kind)
    ) {
      throw new CliError(
        `"${part.trim()}" is not a session: write "<${CALENDAR_EXCHANGES.join("|")}> <${SPECIAL_SESSION_KINDS.join("|")}> <HH:MM>-<HH:MM>".`,
      );
    }
    return {
      exchange: exchange as CalendarSession["exchange"],
      kind: kind as CalendarSession["kind"],
      open: match[3] as string,
      close: match[4] as string,
    };
  });
}

/** A zod refusal or a service refusal as the operator's lines. */
function refusal(what: string, issues: ReadonlyArray<{ path: string; message: string }>): CliError {
  const lines = issues.map((issue) => `  - ${issue.path ? `${issue.path}: ` : ""}${issue.message}`);
  return new CliError(`${what}:\n${lines.join("\n")}`);
}

async function refusalsAsCliErrors<T>(what: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      throw error.issues && error.issues.length > 0
        ? refusal(what, error.issues)
        : new CliError(error.message);
    }
    throw error;
  }
}

function describeRow(day: Pick<CalendarDay, "nse" | "mcx" | "sessions">): string {
  const parts = [day.nse === "closed" ? "NSE closed" : "NSE open", MCX_WORDS[day.mcx]];
  for (const session of day.sessions) {
    parts.push(`${session.exchange} ${session.kind} ${session.open}-${session.close}`);
  }
  return parts.join(", ");
}

export async function calendarCommand(
  context: () => Promise<CliContext>,
  action: string | undefined,
  args: readonly string[],
  options: ReadonlyMap<string, string>,
): Promise<void> {
  const open = async () => {
    const ctx = await context();
    const calendar = await createCalendarModule({
      db: ctx.db,
      clustered: false,
      clock: ctx.clock,
      log: {
        info: () => {},
        error: (_details, message) => {
          throw new CliError(message);
        },
      },
    });
    return { ctx, calendar };
  };
  switch (action) {
    case "list": {
      const { ctx, calendar } = await open();
      try {
        const today = dayKeyOf(ctx.clock());
        const year = parseYear(args[0], Number(today.slice(0, 4)));
        const view = yearView(year, {
          from: today,
          expiriesFrom: "calendar",
          stored: calendar.sync.stored().days,
        });
        const by = view.statusOrigin === "operator" ? " (set by the operator)" : "";
        ctx.out(`${year}: ${view.status.toUpperCase()} calendar${by}.`);
        for (const source of view.sources) ctx.out(`  Source: ${source}`);
        if (view.days.length === 0)
          ctx.out("  No holidays, evening-only days or special sessions.");
        for (const day of view.days) {
          const origin =
            day.origin === "operator"
              ? `operator (${day.updatedBy ?? "?"}): ${day.source}`
              : "shipped";
          ctx.out(`  ${describeDay(day.day)}  ${day.name}: ${describeRow(day)}  [${origin}]`);
        }
        for (const note of view.notes) ctx.out(`  Note: ${note}`);
        const expiries = nextExpiries(today)
          .map((e) => `${e.symbol} ${e.kind} ${formatDayKey(e.day)}`)
          .join("; ");
        ctx.out(`Next expiries from ${formatDayKey(today)}: ${expiries}.`);
      } finally {
        calendar.stop();
      }
      return;
    }
    case "set-day": {
      const day = parseDay(args[0]);
      const parsed = CalendarDayBodySchema.safeParse({
        nse: options.get("nse"),
        mcx: options.get("mcx"),
        name: options.get("name") ?? "",
        sessions: parseSessions(options.get("sessions")),
        source: options.get("source") ?? "",
      });
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: `--${issue.path[0] === "sessions" ? "sessions" : String(issue.path[0] ?? "")}`,
          message:
            issue.path[0] === "nse"
              ? `use ${NSE_DAY_STATES.join(" or ")}`
              : issue.path[0] === "mcx"
                ? `use ${MCX_DAY_STATES.join(", ")}`
                : issue.message,
        }));
        throw refusal(`Cannot set ${day}`, issues);
      }
      const body: CalendarDayBody = parsed.data;
      const { ctx, calendar } = await open();
      try {
        const set = await refusalsAsCliErrors(`Cannot set ${day}`, () =>
          calendar.service.setDay(CLI_ACTOR, day, body),
        );
        ctx.out(`Set ${describeDay(day)}: ${set.name}: ${describeRow(set)}.`);
        ctx.out("A running server on the same database uses it within a minute.");
      } finally {
        calendar.stop();
      }
      return;
    }
    case "remove-day": {
      const day = parseDay(args[0]);
      const { ctx, calendar } = await open();
      try {
        const restored = await refusalsAsCliErrors(`Cannot remove ${day}`, () =>
          calendar.service.removeDay(CLI_ACTOR, day),
        );
        ctx.out(
          restored
            ? `Removed the operator's row of ${describeDay(day)}: the shipped day is back (${restored.name}: ${describeRow(restored)}).`
            : `Removed the operator's row of ${describeDay(day)}: it is an ordinary day again.`,
        );
      } finally {
        calendar.stop();
      }
      return;
    }
    case "year": {
      if (args[0] === undefined || args[1] === undefined) {
        throw new CliError(
          `Expected calendar year <year> <${YEAR_STATUSES.join("|")}> --source <…>.`,
        );
      }
      const year = parseYear(args[0], 0);
      const parsed = CalendarYearBodySchema.safeParse({
        status: args[1],
        source: options.get("source") ?? "",
      });
      if (!parsed.success) {
        throw refusal(
          `Cannot set ${year}`,
          parsed.error.issues.map((issue) => ({
            path: issue.path[0] === "status" ? "status" : "--source",
            message:
              issue.path[0] === "status" ? `use ${YEAR_STATUSES.join(" or ")}` : issue.message,
          })),
        );
      }
      const { ctx, calendar } = await open();
      try {
        const set = await refusalsAsCliErrors(`Cannot set ${year}`, () =>
          calendar.service.setYear(CLI_ACTOR, year, parsed.data),
        );
        ctx.out(`The ${year} calendar is ${set.status} now.`);
      } finally {
        calendar.stop();
      }
      return;
    }
    default:
      throw new CliError(
        `Unknown calendar command "${action ?? ""}": list, set-day, remove-day or year.`,
      );
  }
}
