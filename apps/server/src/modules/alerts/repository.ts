/**
 * The alerts' tables (db/schema.ts): preferences, push subscriptions, and the delivery queue's rows.
 */
import {
  type AlertChannel,
  type AlertPreferences,
  AlertPreferencesSchema,
  type ChannelPreferences,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import { and, asc, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { anyId } from "../../db/any-id";
import type { AppDb, DbExecutor } from "../../db/client";
import {
  alertDeliveries,
  alertPreferences,
  pushSubscriptions,
  sessions,
  users,
} from "../../db/schema";

/** Sends in a row without an answer after which a browser is treated as gone (schema: `unreachable`). */
export const PUSH_UNREACHABLE_LIMIT = 3;

/**
 * Cancels what is queued (not yet claimed) for these targets of a channel, for one user or any: the
 * browser or chat was removed, or changed hands. Rows being sent are checked again by their sender.
 */
export async function cancelQueuedDeliveries(
  executor: DbExecutor,
  channel: AlertChannel,
  targets: readonly string[],
  options: { userId?: number; why: string },
): Promise<void> {
  if (targets.length === 0) return;
  await executor
    .update(alertDeliveries)
    .set({ status: "skipped", lastError: `cancelled: ${options.why}` })
    .where(
      and(
        eq(alertDeliveries.status, "pending"),
        eq(alertDeliveries.channel, channel),
        inArray(alertDeliveries.target, [...targets]),
        options.userId === undefined ? undefined : eq(alertDeliveries.userId, options.userId),
      ),
    );
}

/** Joins a push subscription to its session while the session lasts (not revoked, not expired). */
const liveSession = (now: Date) =>
  and(
    eq(sessions.id, pushSubscriptions.sessionId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  );

export function createAlertRepository(db: AppDb) {
  return {
    async preferences(userId: number): Promise<AlertPreferences> {
      const [row] = await db
        .select({ preferences: alertPreferences.preferences })
        .from(alertPreferences)
        .where(eq(alertPreferences.userId, userId));
      const parsed = row ? z.safeParse(AlertPreferencesSchema, row.preferences) : undefined;
      return parsed?.success ? parsed.data : DEFAULT_ALERT_PREFERENCES;
    },

    async savePreferences(userId: number, preferences: AlertPreferences): Promise<void> {
      await db
        .insert(alertPreferences)
        .values({ userId, preferences })
        .onConflictDoUpdate({
          target: alertPreferences.userId,
          set: { preferences, updatedAt: sql`now()` },
        });
    },

    /** Turns every e-mail choice off (the unsubscribe link); false when the account no longer exists. */
    async stopEmails(userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!user) return false;
        const inTx = createAlertRepository(tx as unknown as AppDb);
        const current = await inTx.preferences(userId);
        const none = Object.fromEntries(
          Object.keys(current.channels.email).map((key) => [key, []]),
        ) as unknown as ChannelPreferences;
        await inTx.savePreferences(userId, {
          ...current,
          channels: { ...current.channels, email: none },
        });
        return true;
      });
    },

    /**
     * Turns alerts on for a browser: its subscription is refreshed when it is already the user's, or
     * written anew (with a new id) when it is new or was another account's, whose queued alerts are then
     * not sent. At most `max` browsers per user: the count and the write happen under a lock on the
     * user's row, so requests racing each other cannot pass it together. Answers "full" when the user
     * already has `max` others.
     */
    async addPushSubscription(
      row: {
        userId: number;
        sessionId: number;
        endpoint: string;
        p256dh: string;
        auth: string;
        userAgent: string | null;
      },
      max: number,
    ): Promise<"added" | "full"> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for("update");
        const [existing] = await tx
          .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, row.endpoint));
        if (existing?.userId === row.userId) {
          await tx
            .update(pushSubscriptions)
            .set({
              sessionId: row.sessionId,
              p256dh: row.p256dh,
              auth: row.auth,
              userAgent: row.userAgent,
              unreachable: 0,
            })
            .where(eq(pushSubscriptions.id, existing.id));
          return "added";
        }
        const [mine] = await tx
          .select({ n: count() })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, row.userId));
        if ((mine?.n ?? 0) >= max) return "full";
        if (existing) {
          // Another account's browser (a shared computer): what was queued for that account stays unsent.
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, existing.id));
          await cancelQueuedDeliveries(tx, "push", [String(existing.id)], {
            why: "the browser was signed in to another account",
          });
        }
        await tx.insert(pushSubscriptions).values(row);
        return "added";
      });
    },

    async hasPushSubscription(userId: number, endpoint: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
      return row !== undefined;
    },

    /** Turns alerts off for the user's browser; what was queued for it is not sent. */
    async removePushSubscription(userId: number, endpoint: string): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)),
          )
          .returning({ id: pushSubscriptions.id });
        await cancelQueuedDeliveries(
          tx,
          "push",
          removed.map((sub) => String(sub.id)),
          { why: "alerts were turned off in the browser" },
        );
      });
    },

    /** The push service said the browser is gone (or it never answered): forget it and its queue. */
    async removePushSubscriptionsById(ids: readonly number[], why: string): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.delete(pushSubscriptions).where(anyId(pushSubscriptions.id, ids));
        await cancelQueuedDeliveries(
          tx,
          "push",
          ids.map((id) => String(id)),
          { why },
        );
      });
    },

    /**
     * Counts a send without an answer for each of these browsers; answers those that reached
     * PUSH_UNREACHABLE_LIMIT in a row (to be treated as gone).
     */
    async countUnreachable(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(pushSubscriptions)
        .set({ unreachable: sql`${pushSubscriptions.unreachable} + 1` })
        .where(anyId(pushSubscriptions.id, ids))
        .returning({ id: pushSubscriptions.id, unreachable: pushSubscriptions.unreachable });
      return rows.filter((row) => row.unreachable >= PUSH_UNREACHABLE_LIMIT).map((row) => row.id);
    },

    /** These browsers' push services answered: their count of sends without an answer starts again. */
    async answered(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushSubscriptions)
        .set({ unreachable: 0 })
        .where(anyId(pushSubscriptions.id, ids));
    },

    /** The push subscriptions of these users whose session (the one that turned them on) lasts. */
    async pushSubscriptionsOf(userIds: readonly number[], now: Date) {
      if (userIds.length === 0) return [];
      return db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .innerJoin(sessions, liveSession(now))
        .where(anyId(pushSubscriptions.userId, userIds));
    },

    /** Up to `limit` subscriptions after `afterId`, in id order: the browsers' keys, to prepare for. */
    async pushSubscriptionsAfter(afterId: number, limit: number) {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(gt(pushSubscriptions.id, afterId))
        .orderBy(asc(pushSubscriptions.id))
        .limit(limit);
    },

    /** These subscriptions, those whose session lasts, with their owner. */
    async pushSubscriptionsById(ids: readonly number[], now: Date) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          unreachable: pushSubscriptions.unreachable,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(sessions, liveSession(now))
        .where(anyId(pushSubscriptions.id, ids));
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
