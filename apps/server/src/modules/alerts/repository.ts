/**
 * The alerts' tables (db/schema.ts): preferences, push subscriptions, and the delivery queue's rows.
 */
import {
  type AlertPreferences,
  AlertPreferencesSchema,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { AppDb } from "../../db/client";
import { alertPreferences, pushSubscriptions } from "../../db/schema";

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

    /** Several users' preferences at once (the defaults for those without). */
    async preferencesOf(userIds: readonly number[]): Promise<Map<number, AlertPreferences>> {
      const rows =
        userIds.length === 0
          ? []
          : await db
              .select()
              .from(alertPreferences)
              .where(inArray(alertPreferences.userId, [...userIds]));
      const result = new Map<number, AlertPreferences>();
      for (const row of rows) {
        const parsed = z.safeParse(AlertPreferencesSchema, row.preferences);
        if (parsed.success) result.set(row.userId, parsed.data);
      }
      return result;
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

    /** Adds (or moves to this user) a browser's subscription; answers how many the user then has. */
    async addPushSubscription(row: {
      userId: number;
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
          set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent },
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

    /** The push subscriptions of these users. */
    async pushSubscriptionsOf(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },

    async pushSubscriptionsById(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, [...ids]));
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
