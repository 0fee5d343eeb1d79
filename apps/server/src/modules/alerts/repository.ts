/**
 * The alerts' tables (db/schema.ts): preferences, push subscriptions, and the delivery queue's rows.
 */
import {
  type AlertPreferences,
  AlertPreferencesSchema,
  type ChannelPreferences,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { anyId } from "../../db/any-id";
import type { AppDb } from "../../db/client";
import { alertPreferences, pushSubscriptions, sessions, users } from "../../db/schema";

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

    /** Adds (or moves to this user) a browser's subscription; answers how many the user then has. */
    async addPushSubscription(row: {
      userId: number;
      sessionId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
    }): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            sessionId: row.sessionId,
            p256dh: row.p256dh,
            auth: row.auth,
            userAgent: row.userAgent,
          },
        });
    },

    async pushSubscriptionCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },

    async hasPushSubscription(userId: number, endpoint: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
      return row !== undefined;
    },

    async removePushSubscription(userId: number, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async removePushSubscriptionById(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
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

    /** These subscriptions, those whose session lasts. */
    async pushSubscriptionsById(ids: readonly number[], now: Date) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: pushSubscriptions.id,
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
