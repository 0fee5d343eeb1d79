/**
 * The only SQL about users' acceptances of the Most Important Terms and Conditions (asked of subscribers
 * while the operator has a research-analyst profile).
 */
import { and, asc, eq } from "drizzle-orm";
import { anyId } from "../../db/any-id";
import type { DbExecutor } from "../../db/client";
import { termsSummaryAcceptances } from "../../db/schema";

export type TermsAcceptanceRecord = typeof termsSummaryAcceptances.$inferSelect;

export function createTermsRepository(db: DbExecutor) {
  return {
    /** When each user accepted `version` (users who did not are missing from the map). */
    async forUsers(userIds: readonly number[], version: number, executor: DbExecutor = db) {
      const accepted = new Map<number, Pick<TermsAcceptanceRecord, "acceptedAt">>();
      if (userIds.length === 0) return accepted;
      const rows = await executor
        .select({
          userId: termsSummaryAcceptances.userId,
          acceptedAt: termsSummaryAcceptances.acceptedAt,
        })
        .from(termsSummaryAcceptances)
        .where(
          and(
            anyId(termsSummaryAcceptances.userId, [...userIds]),
            eq(termsSummaryAcceptances.version, version),
          ),
        );
      for (const row of rows) accepted.set(row.userId, row);
      return accepted;
    },

    /** Records an acceptance unless this version is already accepted; answers whether it was new. */
    async accept(
      row: {
        userId: number;
        version: number;
        acceptedAt: Date;
        ip: string | null;
        userAgent: string | null;
      },
      executor: DbExecutor = db,
    ): Promise<boolean> {
      const inserted = await executor
        .insert(termsSummaryAcceptances)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: termsSummaryAcceptances.id });
      return inserted.length > 0;
    },

    /** Every acceptance of one user, oldest version first (the account export). */
    async historyOf(userId: number) {
      return db
        .select()
        .from(termsSummaryAcceptances)
        .where(eq(termsSummaryAcceptances.userId, userId))
        .orderBy(asc(termsSummaryAcceptances.version));
    },
  };
}

export type TermsRepository = ReturnType<typeof createTermsRepository>;
