/**
 * The operator's calendar rows (calendar_days, calendar_years) and the reminder stamps (operator_reminders):
 * the only place with their SQL. The tables are small (a few dozen rows a year), so every process reads them
 * whole and installs them into the calendar book (packages/market calendar-book.ts).
 */
import type { CalendarSession, YearStatus } from "@kalpa/contracts/api/calendar";
import type { CalendarDayRow, CalendarYearRow } from "@kalpa/market/calendar/calendar-book";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { calendarDays, calendarYears, operatorReminders, users } from "../../db/schema";

export interface StoredCalendarDay extends CalendarDayRow {
  readonly updatedBy: string;
  readonly updatedAt: Date;
}

export interface StoredCalendarYear extends CalendarYearRow {
  readonly updatedBy: string;
  readonly updatedAt: Date;
}

function dayOf(row: typeof calendarDays.$inferSelect): StoredCalendarDay {
  return {
    day: row.day,
    nse: row.nse,
    mcx: row.mcx,
    name: row.name,
    sessions: row.sessions,
    source: row.source,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}

export function createCalendarRepository(db: DbExecutor) {
  return {
    async days(executor: DbExecutor = db): Promise<StoredCalendarDay[]> {
      const rows = await executor.select().from(calendarDays).orderBy(calendarDays.day);
      return rows.map(dayOf);
    },
    async years(executor: DbExecutor = db): Promise<StoredCalendarYear[]> {
      return executor.select().from(calendarYears).orderBy(calendarYears.year);
    },
    async findDay(day: string, executor: DbExecutor = db): Promise<StoredCalendarDay | undefined> {
      const [row] = await executor.select().from(calendarDays).where(eq(calendarDays.day, day));
      return row ? dayOf(row) : undefined;
    },
    async upsertDay(
      row: CalendarDayRow & { updatedBy: string; updatedAt: Date },
      executor: DbExecutor = db,
    ): Promise<StoredCalendarDay> {
      const values = {
        day: row.day,
        nse: row.nse,
        mcx: row.mcx,
        name: row.name,
        sessions: row.sessions.map((s): CalendarSession => ({ ...s })),
        source: row.source,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      };
      const [stored] = await executor
        .insert(calendarDays)
        .values(values)
        .onConflictDoUpdate({ target: calendarDays.day, set: values })
        .returning();
      if (!stored) throw new Error("calendar_days upsert returned no row");
      return dayOf(stored);
    },
    /** Deletes the day's row; the row it was, if there was one. */
    async deleteDay(
      day: string,
      executor: DbExecutor = db,
    ): Promise<StoredCalendarDay | undefined> {
      const [row] = await executor
        .delete(calendarDays)
        .where(eq(calendarDays.day, day))
        .returning();
      return row ? dayOf(row) : undefined;
    },
    async setYear(
      row: { year: number; status: YearStatus; source: string; updatedBy: string; updatedAt: Date },
      executor: DbExecutor = db,
    ): Promise<void> {
      await executor
        .insert(calendarYears)
        .values(row)
        .onConflictDoUpdate({ target: calendarYears.year, set: row });
    },
    async findYear(year: number, executor: DbExecutor = db) {
      const [row] = await executor.select().from(calendarYears).where(eq(calendarYears.year, year));
      return row;
    },
    /**
     * Claims the right to send `topic`'s reminder at `at`: true for exactly one caller, and only when the
     * last one went out at least `gapMs` before (an atomic compare-and-set on the stamp, so processes racing
     * for it send one e-mail between them).
     */
    async claimReminder(topic: string, at: Date, gapMs: number): Promise<boolean> {
      const due = new Date(at.getTime() - gapMs);
      const claimed = await db
        .insert(operatorReminders)
        .values({ topic, sentAt: at })
        .onConflictDoUpdate({
          target: operatorReminders.topic,
          set: { sentAt: at },
          setWhere: lte(operatorReminders.sentAt, due),
        })
        .returning({ topic: operatorReminders.topic });
      return claimed.length > 0;
    },
    async reminderSentAt(topic: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ sentAt: operatorReminders.sentAt })
        .from(operatorReminders)
        .where(eq(operatorReminders.topic, topic));
      return row?.sentAt;
    },
    /** The addresses of the operators: verified admin accounts. */
    async operatorEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.role, "admin"), isNotNull(users.verifiedAt)))
        .orderBy(sql`${users.email}`);
      return rows.map((row) => row.email);
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
