/**
 * The only SQL about the risk disclosure agreement: users' online acceptances and the signed copies the
 * operator received.
 */
import type { RdaReceiptChannel } from "@kalpa/contracts/api/admin";
import { and, asc, count, eq, notExists } from "drizzle-orm";
import { anyId } from "../../db/any-id";
import type { DbExecutor } from "../../db/client";
import { rdaAcceptances, rdaSignedCopies } from "../../db/schema";

export type RdaAcceptanceRecord = typeof rdaAcceptances.$inferSelect;
export type RdaSignedCopyRecord = typeof rdaSignedCopies.$inferSelect;

export function createRdaRepository(db: DbExecutor) {
  return {
    /**
     * When each user accepted `version` and when its signed copy came (absent ones are missing from the
     * maps): what an access status says, read for hundreds of users at once by the alerts' checks.
     */
    async forUsers(userIds: readonly number[], version: number, executor: DbExecutor = db) {
      const accepted = new Map<number, Pick<RdaAcceptanceRecord, "acceptedAt">>();
      const signed = new Map<number, Pick<RdaSignedCopyRecord, "receivedOn">>();
      if (userIds.length === 0) return { accepted, signed };
      const ids = [...userIds];
      const [acceptances, copies] = await Promise.all([
        executor
          .select({ userId: rdaAcceptances.userId, acceptedAt: rdaAcceptances.acceptedAt })
          .from(rdaAcceptances)
          .where(and(anyId(rdaAcceptances.userId, ids), eq(rdaAcceptances.version, version))),
        executor
          .select({ userId: rdaSignedCopies.userId, receivedOn: rdaSignedCopies.receivedOn })
          .from(rdaSignedCopies)
          .where(and(anyId(rdaSignedCopies.userId, ids), eq(rdaSignedCopies.version, version))),
      ]);
      for (const row of acceptances) accepted.set(row.userId, row);
      for (const row of copies) signed.set(row.userId, row);
      return { accepted, signed };
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
        .insert(rdaAcceptances)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: rdaAcceptances.id });
      return inserted.length > 0;
    },

    /** Records the signed copy of a version, replacing the details of an earlier recording. */
    async recordSignedCopy(
      row: {
        userId: number;
        version: number;
        receivedOn: string;
        channel: RdaReceiptChannel;
        note: string;
        recordedBy: number | null;
        recordedAt: Date;
      },
      executor: DbExecutor = db,
    ): Promise<void> {
      const { userId: _userId, version: _version, ...details } = row;
      await executor
        .insert(rdaSignedCopies)
        .values(row)
        .onConflictDoUpdate({
          target: [rdaSignedCopies.userId, rdaSignedCopies.version],
          set: details,
        });
    },

    /** Every acceptance and signed copy of one user, oldest first (the account export). */
    async historyOf(userId: number) {
      const [acceptances, copies] = await Promise.all([
        db
          .select()
          .from(rdaAcceptances)
          .where(eq(rdaAcceptances.userId, userId))
          .orderBy(asc(rdaAcceptances.version)),
        db
          .select()
          .from(rdaSignedCopies)
          .where(eq(rdaSignedCopies.userId, userId))
          .orderBy(asc(rdaSignedCopies.version)),
      ]);
      return { acceptances, copies };
    },

    /** Users who accepted `version` online but whose signed copy of it has not been recorded. */
    async countSignedCopyPending(version: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rdaAcceptances)
        .where(
          and(
            eq(rdaAcceptances.version, version),
            notExists(
              db
                .select({ one: rdaSignedCopies.id })
                .from(rdaSignedCopies)
                .where(
                  and(
                    eq(rdaSignedCopies.userId, rdaAcceptances.userId),
                    eq(rdaSignedCopies.version, version),
                  ),
                ),
            ),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type RdaRepository = ReturnType<typeof createRdaRepository>;
