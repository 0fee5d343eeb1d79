/**
 * The only SQL about subscriptions (per user and instrument: the switch and the access period).
 */
import type { AccessKey } from "@kalpa/contracts/names";
import { and, count, eq, gt, inArray, isNull, lte, min, or, sql } from "drizzle-orm";
import { anyId } from "../../db/any-id";
import type { DbExecutor } from "../../db/client";
import { subscriptions, users } from "../../db/schema";

export type SubscriptionRecord = typeof subscriptions.$inferSelect;

const open = (now: Date) =>
  and(
    eq(subscriptions.active, true),
    or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
  );

export function createSubscriptionRepository(db: DbExecutor) {
  return {
    async forUsers(userIds: readonly number[], executor: DbExecutor = db) {
      if (userIds.length === 0) return [];
      return executor.select().from(subscriptions).where(anyId(subscriptions.userId, userIds));
    },

    async forUser(userId: number, executor: DbExecutor = db): Promise<SubscriptionRecord[]> {
      return executor.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    },

    /** Writes a grant: the period and the switch on, creating the row the first time. */
    async upsertGrant(
      row: { userId: number; instrument: AccessKey; startedAt: Date; expiresAt: Date; now: Date },
      executor: DbExecutor = db,
    ): Promise<void> {
      const values = { startedAt: row.startedAt, expiresAt: row.expiresAt, active: true };
      await executor
        .insert(subscriptions)
        .values({ userId: row.userId, instrument: row.instrument, ...values, updatedAt: row.now })
        .onConflictDoUpdate({
          target: [subscriptions.userId, subscriptions.instrument],
          set: { ...values, updatedAt: row.now },
        });
    },

    /** Switches instruments on or off (the period is kept); answers those whose switch changed. */
    async setActive(
      userId: number,
      instruments: readonly AccessKey[],
      active: boolean,
      now: Date,
      executor: DbExecutor = db,
    ): Promise<AccessKey[]> {
      const rows = await executor
        .update(subscriptions)
        .set({ active, updatedAt: now })
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.instrument, [...instruments]),
            eq(subscriptions.active, !active),
          ),
        )
        .returning({ instrument: subscriptions.instrument });
      return rows.map((row) => row.instrument);
    },

    /**
     * Users whose access may have changed in (since, now]: an expiry passed, or a row was written (by this
     * process, another one, or the command line). Both columns are indexed.
     */
    async changedBetween(since: Date, now: Date): Promise<{ userId: number; expired: boolean }[]> {
      const expiredInWindow = and(
        gt(subscriptions.expiresAt, since),
        lte(subscriptions.expiresAt, now),
      );
      return db
        .select({
          userId: subscriptions.userId,
          expired: sql<boolean>`bool_or(coalesce(${expiredInWindow}, false))`.mapWith(Boolean),
        })
        .from(subscriptions)
        .where(
          or(
            expiredInWindow,
            and(gt(subscriptions.updatedAt, since), lte(subscriptions.updatedAt, now)),
          ),
        )
        .groupBy(subscriptions.userId);
    },

    /** The next expiry after `now` of access that is open, if any. */
    async nextExpiry(now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: min(subscriptions.expiresAt) })
        .from(subscriptions)
        .where(and(eq(subscriptions.active, true), gt(subscriptions.expiresAt, now)));
      return row?.at ?? undefined;
    },

    /** Users with open access, per instrument. */
    async openCounts(now: Date): Promise<Record<AccessKey, number>> {
      const rows = await db
        .select({ instrument: subscriptions.instrument, n: count() })
        .from(subscriptions)
        .where(open(now))
        .groupBy(subscriptions.instrument);
      const counts = { Nifty: 0, BankNifty: 0, CrudeOil: 0 };
      for (const row of rows) counts[row.instrument] = row.n;
      return counts;
    },

    /** Open subscriptions whose expiry is at or before `until`. */
    async countOpenEndingBy(now: Date, until: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(subscriptions)
        .where(and(open(now), lte(subscriptions.expiresAt, until)));
      return row?.n ?? 0;
    },

    /** Users with open access to at least one instrument, with their usernames, by username. */
    async usersWithOpenAccess(now: Date) {
      return db
        .select({
          userId: users.id,
          username: users.username,
          instrument: subscriptions.instrument,
          expiresAt: subscriptions.expiresAt,
        })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(open(now))
        .orderBy(sql`lower(${users.username})`, subscriptions.instrument);
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
