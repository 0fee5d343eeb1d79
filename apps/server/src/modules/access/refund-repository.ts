/**
 * The only SQL about refunds of access ended early (docs/decisions/033). Append-only: rows are added and
 * read, never changed or removed.
 */
import type { Refund } from "@kalpa/contracts/api/admin";
import type { AccessKey, DayKey } from "@kalpa/contracts/names";
import { and, desc, eq, gte, lte, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "../../db/client";
import { refunds, users } from "../../db/schema";

export interface NewRefund {
  userId: number;
  instrument: AccessKey;
  amountRupees: number;
  paidRupees: number;
  daysLeft: number;
  periodDays: number;
  periodStart: DayKey;
  previousLastDay: DayKey;
  endedOn: DayKey;
  reason: string;
  recordedBy: number | null;
  recordedAt: Date;
}

const recorder = alias(users, "refund_recorder");

export function toRefund(row: RefundRow): Refund {
  return {
    id: String(row.id),
    instrument: row.instrument,
    amountRupees: row.amountRupees,
    paidRupees: row.paidRupees,
    daysLeft: row.daysLeft,
    periodDays: row.periodDays,
    periodStart: row.periodStart,
    previousLastDay: row.previousLastDay,
    endedOn: row.endedOn,
    reason: row.reason,
    recordedBy: row.recordedBy ?? "cli",
    recordedAt: row.recordedAt.toISOString(),
  };
}

export function createRefundRepository(db: DbExecutor) {
  return {
    async append(row: NewRefund, executor: DbExecutor = db): Promise<number> {
      const [inserted] = await executor.insert(refunds).values(row).returning({ id: refunds.id });
      if (!inserted) throw new Error("refunds insert returned no row");
      return inserted.id;
    },

    /** One user's refunds, newest first, with the recorder's username (null for the command line). */
    async forUser(userId: number, executor: DbExecutor = db) {
      return executor
        .select({
          id: refunds.id,
          instrument: refunds.instrument,
          amountRupees: refunds.amountRupees,
          paidRupees: refunds.paidRupees,
          daysLeft: refunds.daysLeft,
          periodDays: refunds.periodDays,
          periodStart: refunds.periodStart,
          previousLastDay: refunds.previousLastDay,
          endedOn: refunds.endedOn,
          reason: refunds.reason,
          recordedBy: recorder.username,
          recordedAt: refunds.recordedAt,
        })
        .from(refunds)
        .leftJoin(recorder, eq(recorder.id, refunds.recordedBy))
        .where(eq(refunds.userId, userId))
        .orderBy(desc(refunds.id));
    },

    /** Rupees refunded to the user for access ended on days from `from` to `to`, both included. */
    async totalEndedBetween(
      userId: number,
      from: DayKey,
      to: DayKey,
      executor: DbExecutor = db,
    ): Promise<number> {
      const [row] = await executor
        .select({ total: sum(refunds.amountRupees).mapWith(Number) })
        .from(refunds)
        .where(
          and(eq(refunds.userId, userId), gte(refunds.endedOn, from), lte(refunds.endedOn, to)),
        );
      return row?.total ?? 0;
    },
  };
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;
export type RefundRow = Awaited<ReturnType<RefundRepository["forUser"]>>[number];
