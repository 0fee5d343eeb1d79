/**
 * The only SQL about the contributions ledger. Append-only: rows are added and read, never changed or
 * removed (without a research-analyst profile contributions are non-refundable; with one, a refund is its
 * own row, refund-repository.ts).
 */
import type { Contribution, ContributionMethod } from "@kalpa/contracts/api/admin";
import type { AccessKey, DayKey } from "@kalpa/contracts/names";
import { and, asc, desc, eq, gte, lte, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "../../db/client";
import { contributions, users } from "../../db/schema";

export interface NewContribution {
  userId: number;
  instruments: AccessKey[];
  amountRupees: number;
  receivedOn: string;
  method: ContributionMethod;
  reference: string;
  note: string;
  recordedBy: number | null;
  recordedAt: Date;
}

const recorder = alias(users, "recorder");

/** A ledger row as the console shows it (the command line recorded the rows without a recorder). */
export function toContribution(row: ContributionRow): Contribution {
  return {
    id: String(row.id),
    instruments: row.instruments,
    amountRupees: row.amountRupees,
    receivedOn: row.receivedOn,
    method: row.method,
    reference: row.reference,
    note: row.note,
    recordedBy: row.recordedBy ?? "cli",
    recordedAt: row.recordedAt.toISOString(),
  };
}

export function createContributionRepository(db: DbExecutor) {
  return {
    async append(row: NewContribution, executor: DbExecutor = db): Promise<number> {
      const [inserted] = await executor
        .insert(contributions)
        .values(row)
        .returning({ id: contributions.id });
      if (!inserted) throw new Error("contributions insert returned no row");
      return inserted.id;
    },

    /** Rupees the user contributed on days from `from` to `to` (received), both included. */
    async totalReceivedBetween(
      userId: number,
      from: DayKey,
      to: DayKey,
      executor: DbExecutor = db,
    ): Promise<number> {
      const [row] = await executor
        .select({ total: sum(contributions.amountRupees).mapWith(Number) })
        .from(contributions)
        .where(
          and(
            eq(contributions.userId, userId),
            gte(contributions.receivedOn, from),
            lte(contributions.receivedOn, to),
          ),
        );
      return row?.total ?? 0;
    },

    /**
     * What the user paid for one instrument's period begun at `since`: every contribution recorded from
     * then on that names the instrument, a contribution for several split evenly between them (rupees,
     * not rounded).
     */
    async paidForPeriod(
      userId: number,
      instrument: AccessKey,
      since: Date,
      executor: DbExecutor = db,
    ): Promise<number> {
      const [row] = await executor
        .select({
          total:
            sql<number>`coalesce(sum(${contributions.amountRupees}::numeric / cardinality(${contributions.instruments})), 0)`.mapWith(
              Number,
            ),
        })
        .from(contributions)
        .where(
          and(
            eq(contributions.userId, userId),
            gte(contributions.recordedAt, since),
            sql`${instrument} = any(${contributions.instruments})`,
          ),
        );
      return row?.total ?? 0;
    },

    /** One user's contributions with the recorder's username (null for the command line). */
    async forUser(userId: number, order: "newest" | "oldest" = "newest") {
      return db
        .select({
          id: contributions.id,
          instruments: contributions.instruments,
          amountRupees: contributions.amountRupees,
          receivedOn: contributions.receivedOn,
          method: contributions.method,
          reference: contributions.reference,
          note: contributions.note,
          recordedBy: recorder.username,
          recordedAt: contributions.recordedAt,
        })
        .from(contributions)
        .leftJoin(recorder, eq(recorder.id, contributions.recordedBy))
        .where(eq(contributions.userId, userId))
        .orderBy(order === "newest" ? desc(contributions.id) : asc(contributions.id));
    },
  };
}

export type ContributionRepository = ReturnType<typeof createContributionRepository>;
export type ContributionRow = Awaited<ReturnType<ContributionRepository["forUser"]>>[number];
