/**
 * The alert queue's two steps (decision 024), run by a loop in every process; `for update skip locked`
 * gives each row to one of them.
 *
 * 1. Fan-out: each new alert event (written with the signal transition it tells of, or by the reminder
 *    pass) becomes one delivery row per subscriber, channel and device that asked for it, once
 *    (`dedupe_key` unique); then the event is marked.
 * 2. Delivery: due rows are claimed, checked again at the moment of sending (open access to the event's
 *    instrument, quiet hours), and sent. A temporary failure is retried with backoff; a permanent one, or
 *    a device the push service says is gone (404, 410), is not. A claim whose process died is never sent
 *    again (at most once per event, channel and device).
 */
import type { AlertChannel, AlertPreferences, PushPayload } from "@kalpa/contracts/api/alerts";
import { DEFAULT_ALERT_PREFERENCES } from "@kalpa/contracts/api/alerts";
import type { AccessKey } from "@kalpa/contracts/names";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDb, DbExecutor } from "../../db/client";
import { alertDeliveries, alertEvents, subscriptions, telegramLinks } from "../../db/schema";
import { isOpen, type SubscriptionState } from "../access/rules";
import { quietFor } from "./quiet-hours";
import { type AlertRepository, createAlertRepository } from "./repository";

/** How many events one fan-out step takes, and deliveries one send step claims. */
const EVENT_BATCH = 20;
const DELIVERY_BATCH = 2000;
/** A claim lasts this long; after it, the row is "unknown" (never sent twice). */
const CLAIM_MS = 60_000;
/** Temporary failures: retried after 2 s, 4 s, 8 s... up to this many attempts. */
const MAX_ATTEMPTS = 6;
const POLL_MS = 1000;

export interface Delivery {
  id: number;
  userId: number;
  channel: AlertChannel;
  target: string;
  attempts: number;
  event: string;
  instrument: AccessKey;
  content: PushPayload;
}

export type SendOutcome =
  | { outcome: "sent" }
  /** The device or chat is gone for good: forget it. */
  | { outcome: "gone"; error: string }
  | { outcome: "retry"; error: string; retryAfterMs?: number }
  | { outcome: "failed"; error: string };

/** A channel sends a batch of deliveries (in parallel as it sees fit) and answers each one's outcome. */
export interface ChannelSender {
  send(deliveries: readonly Delivery[]): Promise<Map<number, SendOutcome>>;
}

export interface AlertDeliveryDeps {
  db: AppDb;
  repository: AlertRepository;
  clock: () => Date;
  /** The access of several users at once (modules/access). */
  accessOf(
    userIds: readonly number[],
    now: Date,
  ): Promise<
    Map<
      number,
      { states: Map<AccessKey, SubscriptionState>; riskDisclosure: { accepted: boolean } }
    >
  >;
  senders: Partial<Record<AlertChannel, ChannelSender>>;
  log: FastifyBaseLogger;
}

export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { db, repository, log } = deps;
  const channels = Object.keys(deps.senders) as AlertChannel[];

  /** Users with open access to an instrument now (a signal's audience before the check at sending). */
  async function audienceOf(tx: DbExecutor, instrument: AccessKey, now: Date): Promise<number[]> {
    const rows = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.instrument, instrument),
          eq(subscriptions.active, true),
          or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
        ),
      );
    return rows.map((row) => row.userId);
  }

  /** Step 1: new events into delivery rows. Answers how many events it took. */
  async function fanOut(): Promise<number> {
    return db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(alertEvents)
        .where(isNull(alertEvents.fannedOutAt))
        .orderBy(asc(alertEvents.id))
        .limit(EVENT_BATCH)
        .for("update", { skipLocked: true });
      if (events.length === 0) return 0;
      const now = deps.clock();
      // Every read inside the transaction goes through it (the embedded database has one connection).
      const inTx = createAlertRepository(tx as unknown as AppDb);
      for (const event of events) {
        const userIds =
          event.userId !== null ? [event.userId] : await audienceOf(tx, event.instrument, now);
        const preferences = await inTx.preferencesOf(userIds);
        const wanted = (userId: number, channel: AlertChannel) =>
          (preferences.get(userId) ?? DEFAULT_ALERT_PREFERENCES).channels[channel][
            event.instrument
          ].includes(event.event);
        const rows: (typeof alertDeliveries.$inferInsert)[] = [];
        if (channels.includes("push")) {
          const pushUsers = userIds.filter((id) => wanted(id, "push"));
          for (const sub of await inTx.pushSubscriptionsOf(pushUsers)) {
            rows.push({
              dedupeKey: `${event.key}:push:${sub.id}`,
              eventId: event.id,
              userId: sub.userId,
              channel: "push",
              target: String(sub.id),
            });
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
                    and(
                      inArray(telegramLinks.userId, telegramUsers),
                      isNotNull(telegramLinks.chatId),
                    ),
                  );
          for (const chat of chats) {
            rows.push({
              dedupeKey: `${event.key}:telegram:${chat.chatId}`,
              eventId: event.id,
              userId: chat.userId,
              channel: "telegram",
              target: String(chat.chatId),
            });
          }
        }
        for (let i = 0; i < rows.length; i += 1000) {
          await tx
            .insert(alertDeliveries)
            .values(rows.slice(i, i + 1000))
            .onConflictDoNothing();
        }
        await tx.update(alertEvents).set({ fannedOutAt: now }).where(eq(alertEvents.id, event.id));
      }
      return events.length;
    });
  }

  /** Claims due deliveries for this process. */
  async function claim(now: Date): Promise<Delivery[]> {
    const due = db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.status, "pending"), lte(alertDeliveries.nextAttemptAt, now)))
      .orderBy(asc(alertDeliveries.id))
      .limit(DELIVERY_BATCH)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(alertDeliveries)
      .set({
        status: "sending",
        claimedUntil: new Date(now.getTime() + CLAIM_MS),
        attempts: sql`${alertDeliveries.attempts} + 1`,
      })
      .where(inArray(alertDeliveries.id, due))
      .returning();
    if (claimed.length === 0) return [];
    const events = await db
      .select()
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

  async function settle(ids: number[], set: Partial<typeof alertDeliveries.$inferInsert>) {
    for (let i = 0; i < ids.length; i += 1000) {
      await db
        .update(alertDeliveries)
        .set(set)
        .where(inArray(alertDeliveries.id, ids.slice(i, i + 1000)));
    }
  }

  /** Step 2: claim, check, send, record. Answers how many it claimed. */
  async function deliver(): Promise<number> {
    const now = deps.clock();
    // Claims whose process died: never sent again.
    await db
      .update(alertDeliveries)
      .set({ status: "unknown", lastError: "the process sending it stopped" })
      .where(and(eq(alertDeliveries.status, "sending"), lt(alertDeliveries.claimedUntil, now)));
    const claimed = await claim(now);
    if (claimed.length === 0) return 0;

    const userIds = [...new Set(claimed.map((d) => d.userId))];
    const [access, preferences] = await Promise.all([
      deps.accessOf(userIds, now),
      repository.preferencesOf(userIds),
    ]);
    const noAccess: number[] = [];
    const quiet: number[] = [];
    const later = new Map<number, Date>();
    const ready = new Map<AlertChannel, Delivery[]>();
    for (const delivery of claimed) {
      // Nothing is sent to someone without access at the moment of sending: open access to the
      // instrument and the risk disclosure accepted, as for the live screens and their sockets.
      const user = access.get(delivery.userId);
      if (!user?.riskDisclosure.accepted || !isOpen(user.states.get(delivery.instrument), now)) {
        noAccess.push(delivery.id);
        continue;
      }
      const prefs: AlertPreferences = preferences.get(delivery.userId) ?? DEFAULT_ALERT_PREFERENCES;
      const wait = quietFor(prefs.quietHours, now.getTime());
      if (wait > 0) {
        // A signal would be stale by morning; a reminder waits for the quiet hours to end.
        if (delivery.event === "access-expiring")
          later.set(delivery.id, new Date(now.getTime() + wait));
        else quiet.push(delivery.id);
        continue;
      }
      const list = ready.get(delivery.channel) ?? [];
      list.push(delivery);
      ready.set(delivery.channel, list);
    }
    await settle(noAccess, { status: "skipped", lastError: "no access when it was due" });
    await settle(quiet, { status: "skipped", lastError: "quiet hours" });
    for (const [id, at] of later) {
      await settle([id], { status: "pending", nextAttemptAt: at });
    }

    for (const [channel, deliveries] of ready) {
      const sender = deps.senders[channel];
      const outcomes = sender ? await sender.send(deliveries) : new Map<number, SendOutcome>();
      const sent: number[] = [];
      for (const delivery of deliveries) {
        const result = outcomes.get(delivery.id) ?? { outcome: "retry", error: "not sent" };
        if (result.outcome === "sent") {
          sent.push(delivery.id);
        } else if (result.outcome === "retry" && delivery.attempts < MAX_ATTEMPTS) {
          const backoff = Math.max(result.retryAfterMs ?? 0, 1000 * 2 ** delivery.attempts);
          await settle([delivery.id], {
            status: "pending",
            lastError: result.error,
            nextAttemptAt: new Date(now.getTime() + backoff),
          });
        } else {
          await settle([delivery.id], { status: "failed", lastError: result.error });
        }
      }
      await settle(sent, { status: "sent", sentAt: deps.clock() });
    }
    return claimed.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** One pass: fan out every new event, then send every due delivery. */
  async function pass() {
    while ((await fanOut()) > 0) {}
    while ((await deliver()) > 0) {}
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .catch((error: unknown) => log.warn({ err: error }, "alerts: a delivery pass failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        } else if (!stopped) {
          timer = setTimeout(wake, POLL_MS);
          timer.unref();
        }
      });
  }

  return {
    pass,
    /** Starts the loop (every second, and at once when woken). */
    start() {
      wake();
    },
    /** An event was just committed in this process: deliver it without waiting for the next poll. */
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
