/**
 * The alert queue's SQL (decision 024): the events waiting to be fanned out, one part of an event's
 * audience written as delivery rows, claiming due rows, recording outcomes, and the claims whose process
 * died. Each row goes to one process (`for update skip locked`); a row written or claimed as `sending`
 * belongs to the process that did so for CLAIM_MS, after which it is `unknown` and never sent again.
 */
import {
  type AlertChannel,
  type AlertPreferences,
  DEFAULT_ALERT_PREFERENCES,
  type PushPayload,
} from "@kalpa/contracts/api/alerts";
import type { AccessKey } from "@kalpa/contracts/names";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { anyId } from "../../../db/any-id";
import type { AppDb, DbExecutor } from "../../../db/client";
import {
  alertDeliveries,
  alertEvents,
  alertPreferences,
  signalAlertSends,
  subscriptions,
  telegramLinks,
} from "../../../db/schema";
import type { Delivery } from "../channels/channel";
import { createAlertRepository } from "../repository";
import {
  type DeliveryRow,
  insertDeliveries,
  preferencesOfMany,
  preferencesReader,
  preferencesText,
} from "./bulk";

/** A claim lasts this long; after it, the row is "unknown" (never sent twice). */
export const CLAIM_MS = 60_000;

export type DeliveryUpdate = PgUpdateSetSource<typeof alertDeliveries>;

export function createAlertQueue(
  db: AppDb,
  options: {
    /** The channels with a sender. */
    channels: readonly AlertChannel[];
    /** Those whose rows wait for a loop of their own (written pending, not claimed). */
    paced: readonly AlertChannel[];
    /** Users per part of a signal's audience. */
    partSize: number;
  },
) {
  const { channels, paced, partSize } = options;

  /**
   * The next part of a signal's audience: up to `partSize` users after `afterUserId` (user id order)
   * with open access to the instrument now (checked again at sending), with their preferences. Read
   * grouped by preferences (subscribers share a handful of choices): a few documents to read, not one
   * per user.
   */
  async function audienceAfter(
    tx: DbExecutor,
    instrument: AccessKey,
    now: Date,
    afterUserId: number,
  ): Promise<Map<number, AlertPreferences>> {
    const part = tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.instrument, instrument),
          eq(subscriptions.active, true),
          or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
          gt(subscriptions.userId, afterUserId),
        ),
      )
      .orderBy(asc(subscriptions.userId))
      .limit(partSize)
      .as("part");
    const groups = await tx
      .select({
        preferences: preferencesText,
        // bigint[]: strings from node-postgres, numbers from PGlite.
        userIds: sql<(string | number)[]>`array_agg(${part.userId})`,
      })
      .from(part)
      .leftJoin(alertPreferences, eq(alertPreferences.userId, part.userId))
      .groupBy(alertPreferences.preferences);
    const read = preferencesReader();
    const audience = new Map<number, AlertPreferences>();
    for (const group of groups) {
      const preferences = read(group.preferences);
      for (const userId of group.userIds) audience.set(Number(userId), preferences);
    }
    // In user id order: the part's last user is where the next part starts.
    return new Map([...audience].sort((a, b) => a[0] - b[0]));
  }

  /** The delivery rows an event makes for these users: one per channel and device they chose. */
  async function rowsFor(
    tx: DbExecutor,
    event: typeof alertEvents.$inferSelect,
    userIds: readonly number[],
    preferences: Map<number, AlertPreferences>,
    now: Date,
  ): Promise<DeliveryRow[]> {
    const wanted = (userId: number, channel: AlertChannel) =>
      (preferences.get(userId) ?? DEFAULT_ALERT_PREFERENCES).channels[channel][
        event.instrument
      ].includes(event.event);
    const rows: DeliveryRow[] = [];
    // One per event, channel and target: the dedupe key says which.
    const add = (channel: AlertChannel, userId: number, target: string | number) =>
      rows.push({
        dedupeKey: `${event.key}:${channel}:${target}`,
        eventId: event.id,
        userId,
        channel,
        target: String(target),
      });
    if (channels.includes("push")) {
      const pushUsers = userIds.filter((id) => wanted(id, "push"));
      // Every read inside the transaction goes through it (the embedded database has one connection).
      const inTx = createAlertRepository(tx as unknown as AppDb);
      for (const sub of await inTx.pushSubscriptionsOf(pushUsers, now)) {
        add("push", sub.userId, sub.id);
      }
    }
    if (channels.includes("telegram")) {
      const telegramUsers = userIds.filter((id) => wanted(id, "telegram"));
      const chats =
        telegramUsers.length === 0
          ? []
          : await tx
              .select({ userId: telegramLinks.userId, chatId: telegramLinks.chatId })
              .from(telegramLinks)
              .where(
                and(anyId(telegramLinks.userId, telegramUsers), isNotNull(telegramLinks.chatId)),
              );
      for (const chat of chats) add("telegram", chat.userId, chat.chatId as number);
    }
    if (channels.includes("email")) {
      // To the account's address at the moment of sending (channels/email/sender.ts).
      for (const userId of userIds.filter((id) => wanted(id, "email")))
        add("email", userId, userId);
    }
    // Each user's rows side by side: a user's channels travel in the same batch.
    return rows.sort((a, b) => a.userId - b.userId);
  }

  /**
   * Step 1 for the next part of one event, in a transaction of its own: a reminder's one user, or the
   * next `partSize` users of a signal's audience, become delivery rows, written already claimed by this
   * process (their first attempt), and the event's cursor moves past them; the last part marks the
   * event fanned out. Committed before anything is sent, so a crash loses no row and sends none twice;
   * the event's row is locked while a part is written, so two processes never write the same part.
   * Answers the rows to send now, "busy" while another process writes a part of it, or undefined when
   * it is done.
   *
   * `direct`: how many more rows of each paced channel may be written claimed too (the process leads
   * that channel and its queue is empty); the part takes what it writes out of it. The rest wait.
   */
  async function fanOutPart(
    eventId: number,
    now: Date,
    direct: Map<AlertChannel, number> = new Map(),
  ): Promise<
    | {
        deliveries: Delivery[];
        /** Paced channels it queued rows for. */
        waiting: AlertChannel[];
        preferences: Map<number, AlertPreferences>;
        done: boolean;
      }
    | "busy"
    | undefined
  > {
    return db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(alertEvents)
        .where(and(eq(alertEvents.id, eventId), isNull(alertEvents.fannedOutAt)))
        .for("update", { skipLocked: true });
      if (!event) {
        // Done, or another process is writing a part of it right now.
        const [still] = await tx
          .select({ id: alertEvents.id })
          .from(alertEvents)
          .where(and(eq(alertEvents.id, eventId), isNull(alertEvents.fannedOutAt)));
        return still ? "busy" : undefined;
      }
      const preferences =
        event.userId !== null
          ? await preferencesOfMany(tx, [event.userId])
          : await audienceAfter(tx, event.instrument, now, event.fanOutCursor);
      const userIds = event.userId !== null ? [event.userId] : [...preferences.keys()];
      const done = event.userId !== null || userIds.length < partSize;
      const rows = await rowsFor(tx, event, userIds, preferences, now);
      // A paced channel's rows wait for its own loop, but for those it may send at once (`direct`);
      // the others' are claimed to be sent at once.
      const queued: DeliveryRow[] = [];
      const claimed: DeliveryRow[] = [];
      for (const row of rows) {
        const room = paced.includes(row.channel) ? (direct.get(row.channel) ?? 0) : Infinity;
        if (room <= 0) {
          queued.push(row);
          continue;
        }
        claimed.push(row);
        if (room !== Infinity) direct.set(row.channel, room - 1);
      }
      await insertDeliveries(tx, queued);
      const inserted = await insertDeliveries(tx, claimed, new Date(now.getTime() + CLAIM_MS));
      await tx
        .update(alertEvents)
        .set({
          fanOutCursor: userIds.at(-1) ?? event.fanOutCursor,
          ...(done ? { fannedOutAt: now } : {}),
        })
        .where(eq(alertEvents.id, event.id));
      const deliveries = inserted.map((row) => ({
        ...row,
        attempts: 1,
        event: event.event,
        instrument: event.instrument,
        content: event.content as PushPayload,
      }));
      const waiting = [...new Set(queued.map((row) => row.channel))];
      return { deliveries, waiting, preferences, done };
    });
  }

  /** Up to `limit` events not yet fanned out, oldest first. */
  async function newEvents(limit: number): Promise<number[]> {
    const rows = await db
      .select({ id: alertEvents.id })
      .from(alertEvents)
      .where(isNull(alertEvents.fannedOutAt))
      .orderBy(asc(alertEvents.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Claims up to `limit` due deliveries of these channels for this process. */
  async function claim(now: Date, of: readonly AlertChannel[], limit: number): Promise<Delivery[]> {
    if (of.length === 0) return [];
    const due = db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.status, "pending"),
          lte(alertDeliveries.nextAttemptAt, now),
          inArray(alertDeliveries.channel, [...of]),
        ),
      )
      .orderBy(asc(alertDeliveries.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(alertDeliveries)
      .set({
        status: "sending",
        claimedUntil: new Date(now.getTime() + CLAIM_MS),
        attempts: sql`${alertDeliveries.attempts} + 1`,
      })
      .where(inArray(alertDeliveries.id, due))
      // What sending needs (thousands of rows: no timestamps to turn into dates).
      .returning({
        id: alertDeliveries.id,
        eventId: alertDeliveries.eventId,
        userId: alertDeliveries.userId,
        channel: alertDeliveries.channel,
        target: alertDeliveries.target,
        attempts: alertDeliveries.attempts,
      });
    if (claimed.length === 0) return [];
    const events = await db
      .select({
        id: alertEvents.id,
        event: alertEvents.event,
        instrument: alertEvents.instrument,
        content: alertEvents.content,
      })
      .from(alertEvents)
      .where(inArray(alertEvents.id, [...new Set(claimed.map((row) => row.eventId))]));
    const byId = new Map(events.map((event) => [event.id, event]));
    return claimed.map((row) => {
      const event = byId.get(row.eventId);
      return {
        id: row.id,
        userId: row.userId,
        channel: row.channel,
        target: row.target,
        attempts: row.attempts,
        event: event?.event ?? "",
        instrument: (event?.instrument ?? "Nifty") as AccessKey,
        content: (event?.content ?? {}) as PushPayload,
      };
    });
  }

  /** Writes `set` to these rows (those still in status `only`, when given). */
  async function settle(ids: number[], set: DeliveryUpdate, only?: "sending") {
    if (ids.length === 0) return;
    await db
      .update(alertDeliveries)
      .set(set)
      .where(
        and(anyId(alertDeliveries.id, ids), only ? eq(alertDeliveries.status, only) : undefined),
      );
  }

  /**
   * These rows of one channel were sent at `sentAt`: marked sent, and their signal transitions' first and
   * last send and count on the channel (signal_alert_sends) take them in, in one statement (the rows are
   * found once). Reminders are not kept there.
   */
  async function recordSent(ids: number[], channel: AlertChannel, sentAt: Date) {
    if (ids.length === 0) return;
    const kept = signalAlertSends;
    const at = sentAt.toISOString();
    await db.execute(sql`
      with sent as (
        update ${alertDeliveries} set status = 'sent', sent_at = ${at}::timestamptz
        where ${anyId(alertDeliveries.id, ids)}
        returning ${alertDeliveries.eventId} as event_id
      )
      insert into ${kept} (alert_key, channel, first_sent_at, last_sent_at, sent)
      select ${alertEvents.key}, ${channel}, ${at}::timestamptz, ${at}::timestamptz, count(*)::int
      from sent join ${alertEvents} on ${alertEvents.id} = sent.event_id
      where ${alertEvents.key} like 'signal:%'
      group by ${alertEvents.key}
      on conflict (alert_key, channel) do update set
        first_sent_at = least(${kept.firstSentAt}, excluded.first_sent_at),
        last_sent_at = greatest(${kept.lastSentAt}, excluded.last_sent_at),
        sent = ${kept.sent} + excluded.sent`);
  }

  /** Claims past their time whose process died: never sent again. */
  async function markDeadClaims(now: Date): Promise<void> {
    await db
      .update(alertDeliveries)
      .set({ status: "unknown", lastError: "the process sending it stopped" })
      .where(and(eq(alertDeliveries.status, "sending"), lt(alertDeliveries.claimedUntil, now)));
  }

  return { newEvents, fanOutPart, claim, settle, recordSent, markDeadClaims };
}

export type AlertQueue = ReturnType<typeof createAlertQueue>;
