/**
 * The SQL behind the console's view of alerts (alerts-overview.ts). Every read of the delivery queue is
 * bounded: by a window of `created_at` (alert_deliveries_created_idx), by the pending rows' partial index,
 * or by a handful of event ids. The queue is pruned after 30 days, but at thousands of subscribers a month
 * is millions of rows, so nothing here reads the table whole.
 */
import type { AlertChannel } from "@kalpa/contracts/api/alerts";
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import {
  alertDeliveries,
  alertEvents,
  alertPreferences,
  pushSubscriptions,
  telegramLinks,
  users,
} from "../../db/schema";

export type DeliveryStatus = (typeof alertDeliveries.$inferSelect)["status"];

/** Failed for good, lost with its sending process, or waiting for a retry after a temporary failure. */
const FAILURE: SQL = or(
  inArray(alertDeliveries.status, ["failed", "unknown"]),
  and(eq(alertDeliveries.status, "pending"), isNotNull(alertDeliveries.lastError)),
) as SQL;

export function createAlertsOverviewRepository(db: DbExecutor) {
  return {
    /** Deliveries queued since `since`, by channel and status, with the latest send of each group. */
    async countsSince(since: Date) {
      return db
        .select({
          channel: alertDeliveries.channel,
          status: alertDeliveries.status,
          n: count(),
          lastSentAt: max(alertDeliveries.sentAt),
        })
        .from(alertDeliveries)
        .where(gte(alertDeliveries.createdAt, since))
        .groupBy(alertDeliveries.channel, alertDeliveries.status);
    },

    /** A channel's latest failure queued since `since` (walks the created index back from now). */
    async latestFailure(channel: AlertChannel, since: Date) {
      const [row] = await db
        .select({ queuedAt: alertDeliveries.createdAt, error: alertDeliveries.lastError })
        .from(alertDeliveries)
        .where(
          and(gte(alertDeliveries.createdAt, since), eq(alertDeliveries.channel, channel), FAILURE),
        )
        .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
        .limit(1);
      return row;
    },

    /** The latest failures queued since `since`, newest first, with their event and user. */
    async failuresSince(since: Date, limit: number) {
      return db
        .select({
          id: alertDeliveries.id,
          queuedAt: alertDeliveries.createdAt,
          channel: alertDeliveries.channel,
          status: alertDeliveries.status,
          attempts: alertDeliveries.attempts,
          error: alertDeliveries.lastError,
          nextAttemptAt: alertDeliveries.nextAttemptAt,
          event: alertEvents.event,
          instrument: alertEvents.instrument,
          username: users.username,
        })
        .from(alertDeliveries)
        .innerJoin(alertEvents, eq(alertEvents.id, alertDeliveries.eventId))
        .innerJoin(users, eq(users.id, alertDeliveries.userId))
        .where(and(gte(alertDeliveries.createdAt, since), FAILURE))
        .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
        .limit(limit);
    },

    /**
     * The queue: deliveries pending (through the partial index on pending rows), the moment the oldest due
     * one became due, and the events the fan-out has not taken yet (their own partial index).
     */
    async queue(now: Date) {
      const [[deliveries], [events]] = await Promise.all([
        db
          .select({
            pending: count(),
            oldestDue: sql<
              string | Date | null
            >`min(${alertDeliveries.nextAttemptAt}) filter (where ${lte(
              alertDeliveries.nextAttemptAt,
              now,
            )})`,
          })
          .from(alertDeliveries)
          .where(eq(alertDeliveries.status, "pending")),
        db.select({ waiting: count() }).from(alertEvents).where(isNull(alertEvents.fannedOutAt)),
      ]);
      const oldestDue = deliveries?.oldestDue ?? null;
      return {
        pending: deliveries?.pending ?? 0,
        oldestDue: oldestDue === null ? null : new Date(oldestDue),
        eventsWaiting: events?.waiting ?? 0,
      };
    },

    /** The latest events, newest first (the primary key's order is the order they were written). */
    async latestEvents(limit: number) {
      return db
        .select({
          id: alertEvents.id,
          at: alertEvents.createdAt,
          event: alertEvents.event,
          instrument: alertEvents.instrument,
          content: alertEvents.content,
          fannedOutAt: alertEvents.fannedOutAt,
        })
        .from(alertEvents)
        .orderBy(desc(alertEvents.id))
        .limit(limit);
    },

    /**
     * The deliveries of some events, by status. There is no index on event_id; a delivery is queued after
     * its event is written, so the created index bounds the read to the deliveries since the oldest of them.
     */
    async countsOfEvents(eventIds: readonly number[], since: Date) {
      if (eventIds.length === 0) return [];
      return db
        .select({ eventId: alertDeliveries.eventId, status: alertDeliveries.status, n: count() })
        .from(alertDeliveries)
        .where(
          and(
            gte(alertDeliveries.createdAt, since),
            inArray(alertDeliveries.eventId, [...eventIds]),
          ),
        )
        .groupBy(alertDeliveries.eventId, alertDeliveries.status);
    },

    /**
     * Who each channel can reach: browsers subscribed, Telegram chats linked, and users whose choices include
     * an e-mail event (those who never saved any have the defaults, which send the access reminders by
     * e-mail).
     */
    async recipients(): Promise<Record<AlertChannel, number>> {
      const choosesEmail = sql`exists (
        select 1 from jsonb_each(
          case when jsonb_typeof(${alertPreferences.preferences} -> 'channels' -> 'email') = 'object'
            then ${alertPreferences.preferences} -> 'channels' -> 'email' else '{}'::jsonb end
        ) as choice
        where jsonb_typeof(choice.value) = 'array' and jsonb_array_length(choice.value) > 0
      )`;
      const [[push], [telegram], [email]] = await Promise.all([
        db.select({ n: count() }).from(pushSubscriptions),
        db.select({ n: count() }).from(telegramLinks).where(isNotNull(telegramLinks.chatId)),
        db
          .select({ n: count() })
          .from(users)
          .leftJoin(alertPreferences, eq(alertPreferences.userId, users.id))
          .where(or(isNull(alertPreferences.userId), choosesEmail)),
      ]);
      return { push: push?.n ?? 0, telegram: telegram?.n ?? 0, email: email?.n ?? 0 };
    },
  };
}

export type AlertsOverviewRepository = ReturnType<typeof createAlertsOverviewRepository>;
