/**
 * The only SQL about the contributions ledger. Append-only: rows are added and read, never changed or
 * removed (contributions are non-refundable).
 */
import type { Contribution, ContributionMethod } from "@kalpa/contracts/api/admin";
import type { AccessKey } from "@kalpa/contracts/names";
import { asc, desc, eq } from "drizzle-orm";
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
