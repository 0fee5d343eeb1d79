/**
 * The operator's calendar changes, from the console or the command line: set a day, remove a day's row, set
 * a year's status. Each is checked against the calendar rules (packages/market calendar-rules.ts; a change
 * with any problem changes nothing), written with its audit entry in one transaction, then installed in
 * every process (sync.ts).
 */
import type { CalendarDay, CalendarDayBody, CalendarYearBody } from "@kalpa/contracts/api/calendar";
import type { CalendarStatus } from "@kalpa/contracts/api/market";
import { formatDayKey } from "@kalpa/contracts/day-format";
import type { DayKey } from "@kalpa/contracts/names";
import { yearStatusOf } from "@kalpa/market/calendar/calendar-book";
import {
  type CalendarIssue,
  checkCalendarDay,
  dayWindowIssue,
  yearWindowIssue,
} from "@kalpa/market/calendar/calendar-rules";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { createAuditRepository } from "../audit/repository";
import type { CalendarRepository, StoredCalendarDay } from "./repository";
import type { CalendarSync } from "./sync";
import { dayViewOn } from "./view";

/** Who makes a change: an admin's username, or "cli"; the request's address when there is one. */
export interface CalendarActor {
  name: string;
  ip: string | null;
}

/** A refusal: the first problem as the message, every problem by field. */
function refused(issues: readonly CalendarIssue[]): AppError {
  return new AppError(
    "VALIDATION_ERROR",
    issues.map((issue) => issue.message).join(" "),
    issues.map((issue) => ({ path: issue.path, message: issue.message })),
  );
}

const target = (what: DayKey | number) => `calendar:${what}`;

function rowDetails(row: StoredCalendarDay | undefined) {
  if (!row) return null;
  const { updatedAt: _at, updatedBy: _by, ...rest } = row;
  return rest;
}

export function createCalendarService(deps: {
  db: AppDb;
  repository: CalendarRepository;
  sync: CalendarSync;
  clock: Clock;
  /** NSE's configured close, for the overlap check. */
  nseClose?: string;
}) {
  const { db, repository, sync, clock } = deps;
  const audit = createAuditRepository(db);
  const today = () => dayKeyOf(clock());

  return {
    /** Sets the operator's row of `day` (replacing the shipped data of the day, or an earlier row). */
    async setDay(actor: CalendarActor, day: DayKey, body: CalendarDayBody): Promise<CalendarDay> {
      const issues = checkCalendarDay(day, body, {
        today: today(),
        ...(deps.nseClose ? { nseClose: deps.nseClose } : {}),
      });
      if (issues.length > 0) throw refused(issues);
      await db.transaction(async (tx) => {
        const before = await repository.findDay(day, tx);
        const after = await repository.upsertDay(
          { day, ...body, updatedBy: actor.name, updatedAt: clock() },
          tx,
        );
        await audit.append(
          {
            actor: actor.name,
            action: "calendar.day_set",
            target: target(day),
            details: { before: rowDetails(before), after: rowDetails(after) },
            ip: actor.ip,
          },
          tx,
        );
      });
      await sync.changed();
      const view = dayViewOn(day, sync.stored().days);
      if (!view) throw new Error(`calendar: ${day} was set but the book has no entry for it`);
      return view;
    },

    /** Removes the operator's row of `day`: the shipped day (or an ordinary one) is back. */
    async removeDay(actor: CalendarActor, day: DayKey): Promise<CalendarDay | null> {
      const window = dayWindowIssue(day, today());
      if (window) throw refused([window]);
      const removed = await db.transaction(async (tx) => {
        const row = await repository.deleteDay(day, tx);
        if (!row) return undefined;
        await audit.append(
          {
            actor: actor.name,
            action: "calendar.day_removed",
            target: target(day),
            details: { removed: rowDetails(row) },
            ip: actor.ip,
          },
          tx,
        );
        return row;
      });
      if (!removed) {
        throw new AppError(
          "NOT_FOUND",
          `${formatDayKey(day)} has no operator's row to remove: the shipped calendar is all it has.`,
        );
      }
      await sync.changed();
      return dayViewOn(day, sync.stored().days);
    },

    /** Confirms `year`, or marks it provisional. */
    async setYear(
      actor: CalendarActor,
      year: number,
      body: CalendarYearBody,
    ): Promise<{ year: number; status: CalendarStatus }> {
      const window = yearWindowIssue(year, today());
      if (window) throw refused([window]);
      await db.transaction(async (tx) => {
        const before = await repository.findYear(year, tx);
        await repository.setYear({ year, ...body, updatedBy: actor.name, updatedAt: clock() }, tx);
        await audit.append(
          {
            actor: actor.name,
            action: "calendar.year_set",
            target: target(year),
            details: {
              status: body.status,
              source: body.source,
              before: before ? { status: before.status, source: before.source } : null,
            },
            ip: actor.ip,
          },
          tx,
        );
      });
      await sync.changed();
      return { year, status: yearStatusOf(year).status };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
