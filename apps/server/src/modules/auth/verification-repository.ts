/**
 * The only SQL about one-time codes. There is one row per (user, purpose); a new code overwrites it, so an
 * older code stops working the moment a new one is sent.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { verifications } from "../../db/schema";

export type VerificationPurpose = "signup" | "reset";
export type VerificationRecord = typeof verifications.$inferSelect;

export interface NewCode {
  userId: number;
  purpose: VerificationPurpose;
  codeSalt: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export function createVerificationRepository(db: DbExecutor) {
  return {
    /** Stores a fresh code for (user, purpose), replacing any earlier one and its state. */
    async replace(code: NewCode, executor: DbExecutor = db): Promise<void> {
      const fresh = {
        codeSalt: code.codeSalt,
        codeHash: code.codeHash,
        createdAt: code.createdAt,
        expiresAt: code.expiresAt,
        attempts: 0,
        consumedAt: null,
        verifiedAt: null,
        grantHash: null,
      };
      await executor
        .insert(verifications)
        .values({ userId: code.userId, purpose: code.purpose, ...fresh })
        .onConflictDoUpdate({ target: [verifications.userId, verifications.purpose], set: fresh });
    },
    async find(
      userId: number,
      purpose: VerificationPurpose,
    ): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .select()
        .from(verifications)
        .where(and(eq(verifications.userId, userId), eq(verifications.purpose, purpose)));
      return row;
    },
    async findByGrantHash(grantHash: string): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .select()
        .from(verifications)
        .where(eq(verifications.grantHash, grantHash));
      return row;
    },
    /**
     * Spends one of the code's tries, atomically, so that concurrent guesses cannot exceed the cap. Answers
     * nothing when the tries are used up or the code has been used.
     */
    async claimTry(id: number, maxTries: number): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .update(verifications)
        .set({ attempts: sql`${verifications.attempts} + 1` })
        .where(
          and(
            eq(verifications.id, id),
            lt(verifications.attempts, maxTries),
            isNull(verifications.consumedAt),
          ),
        )
        .returning();
      return row;
    },
    /** Marks the code used; answers false when it already was (a concurrent request won). */
    async consume(id: number, now: Date, executor: DbExecutor = db): Promise<boolean> {
      const rows = await executor
        .update(verifications)
        .set({ consumedAt: now })
        .where(and(eq(verifications.id, id), isNull(verifications.consumedAt)))
        .returning({ id: verifications.id });
      return rows.length > 0;
    },
    /** A reset code proved: records when, and the hash of the grant cookie that now stands for it. */
    async grant(id: number, now: Date, grantHash: string): Promise<void> {
      await db
        .update(verifications)
        .set({ verifiedAt: now, grantHash })
        .where(eq(verifications.id, id));
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
