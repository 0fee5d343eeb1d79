/**
 * The alert queue's two steps (decision 024), run by a loop in every process; `for update skip locked`
 * gives each row to one of them.
 *
 * 1. Fan-out: each new alert event (written with the signal transition it tells of, or by the reminder
 *    pass) becomes one delivery row per subscriber, channel and device that asked for it, once
 *    (`dedupe_key` unique), a part of the audience at a time. A part's rows are written already claimed,
 *    checked and sent at once, while the next part is written, so the first subscribers hear of a
 *    signal before the last rows exist; the last part marks the event.
 * 2. Delivery: rows due again (a retry, a reminder put off by quiet hours) are claimed, checked again
 *    at the moment of sending (open access to the event's instrument, quiet hours), and sent. A temporary failure is retried with backoff; a permanent one, or
 *    a device the push service says is gone (404, 410), is not. A claim whose process died is never sent
 *    again (at most once per event, channel and device).
 */
import type { AlertChannel, AlertPreferences, PushPayload } from "@kalpa/contracts/api/alerts";
import { DEFAULT_ALERT_PREFERENCES } from "@kalpa/contracts/api/alerts";
import type { AccessKey } from "@kalpa/contracts/names";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { anyId } from "../../db/any-id";
import type { AppDb, DbExecutor } from "../../db/client";
import {
  alertDeliveries,
  alertEvents,
  alertPreferences,
  subscriptions,
  telegramLinks,
} from "../../db/schema";
import type { SubscriptionState } from "../access/rules";
import type { ChannelSender, Delivery, SendOutcome } from "./channels";
import {
  type DeliveryRow,
  insertDeliveries,
  preferencesOfMany,
  preferencesReader,
  preferencesText,
} from "./delivery-bulk";
import { SKIPPED_BECAUSE, type SkipReason, sendingVerdict } from "./policy";
import { createAlertRepository } from "./repository";

/** How many events one fan-out step looks at, and deliveries one send step claims. */
const EVENT_BATCH = 20;
const DELIVERY_BATCH = 1000;
/** A signal's audience is written this many users at a time (about a delivery batch's rows). */
const FAN_OUT_USERS = 500;
/** A claim lasts this long; after it, the row is "unknown" (never sent twice). */
const CLAIM_MS = 60_000;
/**
 * A paced channel claims this many seconds of its rate at a time: access is checked at most about twice
 * this long before a message goes, and a stop waits for at most one such batch.
 */
const PACED_BATCH_SECONDS = 5;
/** How often a process looks for claims whose process died (a scan of the rows being sent). */
const SWEEP_MS = 10_000;
/** Temporary failures: retried after 2 s, 4 s, 8 s... up to this many attempts. */
const MAX_ATTEMPTS = 6;
const POLL_MS = 1000;
/** Batches a sending line has in flight at most (sendingLine). */
const LINE_DEPTH = 2;
/** How often the senders are given a moment to prepare (ChannelSender.warm). */
const WARM_MS = 5000;

/** Checked batches, each target's in order (createSendingLine). */
export interface SendingLine {
  /** Starts sending the batch once no batch it shares a target with is being sent and there is room. */
  send(ready: Map<AlertChannel, Delivery[]>): Promise<void>;
  /** Waits for every batch started; throws the first failure. */
  finish(): Promise<void>;
}

/**
 * Sends checked batches, a few at once (up to LINE_DEPTH) when they share no target: a batch that
 * shares a device, chat or inbox with one being sent waits for it, so each target's messages keep the
 * queue's order (a signal's "closed" never overtakes its "triggered"). The parts of one event's fan-out
 * are different users' and go side by side; the next part is written, and a claim's next batch
 * claimed and checked, while earlier ones are sent, so the database's work and the network's overlap.
 * The depth bounds how far the writing runs ahead of the sending (rows are written already claimed,
 * for CLAIM_MS).
 */
export function createSendingLine(
  send: (ready: Map<AlertChannel, Delivery[]>) => Promise<void>,
  depth = LINE_DEPTH,
): SendingLine {
  const running = new Set<{ targets: Set<string>; done: Promise<void> }>();
  /** The first batch that failed: the next `send` or `finish` throws it, and starts nothing more. */
  let failed: { error: unknown } | undefined;
  const overlaps = (a: Set<string>, b: Set<string>) => {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    for (const target of small) if (large.has(target)) return true;
    return false;
  };
  return {
    async send(ready) {
      const targets = new Set<string>();
      for (const [channel, list] of ready) {
        for (const delivery of list) targets.add(`${channel}:${delivery.target}`);
      }
      for (;;) {
        if (failed) throw failed.error;
        const before = [...running].filter(
          (batch) => running.size >= depth || overlaps(batch.targets, targets),
        );
        if (before.length === 0) break;
        await Promise.race(before.map((batch) => batch.done));
      }
      const batch = { targets, done: Promise.resolve() };
      batch.done = send(ready)
        .catch((error: unknown) => {
          failed ??= { error };
        })
        .finally(() => running.delete(batch));
      running.add(batch);
    },
    async finish() {
      while (running.size > 0) await Promise.all([...running].map((batch) => batch.done));
      if (failed) throw failed.error;
    },
  };
}

export interface AlertDeliveryDeps {
  db: AppDb;
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
  /** Users per fan-out part (default FAN_OUT_USERS; tests make parts small). */
  fanOutUsers?: number;
}

type DeliveryUpdate = PgUpdateSetSource<typeof alertDeliveries>;

export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { db, log } = deps;
  const partSize = deps.fanOutUsers ?? FAN_OUT_USERS;
  const channels = Object.keys(deps.senders) as AlertChannel[];
  const paced = channels.filter((channel) => deps.senders[channel]?.perSecond !== undefined);
  const unpaced = channels.filter((channel) => !paced.includes(channel));

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
      // To the account's address at the moment of sending (email.ts).
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
   */
  async function fanOutPart(
    eventId: number,
    now: Date,
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
      // A paced channel's rows wait for its own loop; the others' are claimed to be sent at once.
      const queued = rows.filter((row) => paced.includes(row.channel));
      await insertDeliveries(tx, queued);
      const inserted = await insertDeliveries(
        tx,
        rows.filter((row) => !paced.includes(row.channel)),
        new Date(now.getTime() + CLAIM_MS),
      );
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

  /**
   * Step 1: new events, oldest first, into delivery rows, each part sent (through `line`) while the next
   * is written. Answers how many events it finished.
   */
  async function fanOut(line: SendingLine, stopping: () => boolean): Promise<number> {
    const events = await db
      .select({ id: alertEvents.id })
      .from(alertEvents)
      .where(isNull(alertEvents.fannedOutAt))
      .orderBy(asc(alertEvents.id))
      .limit(EVENT_BATCH);
    let finished = 0;
    for (const { id } of events) {
      for (;;) {
        if (stopping()) return 0;
        const now = deps.clock();
        const part = await fanOutPart(id, now);
        // Another process is writing this event: a later event waits for it, so that no subscriber
        // hears of a "closed" before its "triggered". The next pass looks again.
        if (part === "busy") return 0;
        if (!part) break;
        for (const channel of part.waiting) pacedLoops.get(channel)?.wake();
        await checkAndSend(line, part.deliveries, now, part.preferences);
        if (part.done) {
          finished++;
          break;
        }
      }
    }
    return finished;
  }

  /**
   * Checks claimed deliveries and hands them to the line. If that fails before they reach a sender (the
   * database, or the batch before failing), they are given back to the queue, their attempt unused.
   */
  async function checkAndSend(
    line: SendingLine,
    claimed: readonly Delivery[],
    now: Date,
    known?: Map<number, AlertPreferences>,
  ): Promise<void> {
    if (claimed.length === 0) return;
    let handed = false;
    try {
      await line.send(await check(claimed, now, known));
      handed = true;
    } finally {
      if (!handed) {
        await settle(
          claimed.map((delivery) => delivery.id),
          { status: "pending", attempts: sql`${alertDeliveries.attempts} - 1` },
          "sending",
        ).catch((error: unknown) =>
          log.warn({ err: error }, "alerts: could not give back a batch"),
        );
      }
    }
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
   * Checks claimed deliveries at this moment (policy.ts): those to send, by channel. The others are
   * recorded as skipped (no access, turned off, quiet hours) or put off (a reminder in quiet hours).
   * `known`: the users' preferences when the caller has just read them.
   */
  async function check(
    claimed: readonly Delivery[],
    now: Date,
    known?: Map<number, AlertPreferences>,
  ): Promise<Map<AlertChannel, Delivery[]>> {
    const userIds = [...new Set(claimed.map((d) => d.userId))];
    const [access, preferences] = await Promise.all([
      deps.accessOf(userIds, now),
      known ?? preferencesOfMany(db, userIds),
    ]);
    const verdict = sendingVerdict(claimed, { access, preferences, now });
    for (const [reason, ids] of Object.entries(verdict.skipped)) {
      await settle(ids, { status: "skipped", lastError: SKIPPED_BECAUSE[reason as SkipReason] });
    }
    for (const [id, at] of verdict.later) {
      await settle([id], { status: "pending", nextAttemptAt: at });
    }
    return verdict.ready;
  }

  /** Step 2, second half: sends, the channels side by side, and records each outcome. */
  async function send(ready: Map<AlertChannel, Delivery[]>): Promise<void> {
    // A slow mail server does not hold up the pushes.
    await Promise.all(
      [...ready].map(async ([channel, deliveries]) => {
        const sender = deps.senders[channel];
        const outcomes = sender ? await sender.send(deliveries) : new Map<number, SendOutcome>();
        // Outcomes recorded alike are written together (a 429 hands back hundreds at once).
        const alike = new Map<string, { ids: number[]; set: DeliveryUpdate }>();
        const record = (id: number, key: string, set: () => DeliveryUpdate) => {
          const group = alike.get(key);
          if (group) group.ids.push(id);
          else alike.set(key, { ids: [id], set: set() });
        };
        // Due times count from now, not from the claim (a paced batch waited its turn).
        const sentAt = deps.clock();
        const settledAt = sentAt.getTime();
        for (const delivery of deliveries) {
          const result = outcomes.get(delivery.id) ?? { outcome: "retry", error: "not sent" };
          if (result.outcome === "sent") {
            record(delivery.id, "sent", () => ({ status: "sent", sentAt }));
          } else if (result.outcome === "skipped") {
            record(delivery.id, `skipped ${result.error}`, () => ({
              status: "skipped",
              lastError: result.error,
            }));
          } else if (result.outcome === "retry" && result.untried) {
            // Never tried: the claim's attempt is given back, so a long wait behind a rate limit (a
            // large Telegram audience) does not use up the attempts.
            const at = settledAt + (result.retryAfterMs ?? 1000);
            record(delivery.id, `untried ${at} ${result.error}`, () => ({
              status: "pending",
              lastError: result.error,
              attempts: sql`${alertDeliveries.attempts} - 1`,
              nextAttemptAt: new Date(at),
            }));
          } else if (result.outcome === "retry" && delivery.attempts < MAX_ATTEMPTS) {
            const backoff = Math.max(result.retryAfterMs ?? 0, 1000 * 2 ** delivery.attempts);
            const at = settledAt + backoff;
            record(delivery.id, `retry ${at} ${result.error}`, () => ({
              status: "pending",
              lastError: result.error,
              nextAttemptAt: new Date(at),
            }));
          } else {
            record(delivery.id, `failed ${result.error}`, () => ({
              status: "failed",
              lastError: result.error,
            }));
          }
        }
        for (const { ids, set } of alike.values()) await settle(ids, set);
      }),
    );
  }

  const sendingLine = () => createSendingLine(send);

  /**
   * Step 2: claim, check, send and record due deliveries of these channels (retries, reminders put off,
   * a paced channel's rows), `limit` at a time, until none is due.
   */
  async function deliver(
    line: SendingLine,
    stopping: () => boolean,
    of: readonly AlertChannel[],
    limit = DELIVERY_BATCH,
  ): Promise<void> {
    // Claims whose process died: never sent again. Looked for every SWEEP_MS, not every pass (no index
    // covers the rows being sent, so it reads the table).
    if (Date.now() >= nextSweep) {
      nextSweep = Date.now() + SWEEP_MS;
      await db
        .update(alertDeliveries)
        .set({ status: "unknown", lastError: "the process sending it stopped" })
        .where(
          and(
            eq(alertDeliveries.status, "sending"),
            lt(alertDeliveries.claimedUntil, deps.clock()),
          ),
        );
    }
    while (!stopping()) {
      const now = deps.clock();
      const claimed = await claim(now, of, limit);
      if (claimed.length === 0) return;
      await checkAndSend(line, claimed, now);
    }
  }
  let nextSweep = 0;

  /** Runs `step` through a line of its own, and waits for the line's last batch however it ends. */
  async function throughLine(step: (line: SendingLine) => Promise<void>) {
    const line = sendingLine();
    try {
      await step(line);
      await line.finish();
    } finally {
      // A step that failed still lets the batch being sent finish and record its outcomes.
      await line.finish().catch(() => {});
    }
  }

  /** The main loop's pass: fan out every new event, then send the unpaced channels' due deliveries. */
  const mainPass = (stopping: () => boolean = () => false) =>
    throughLine(async (line) => {
      while ((await fanOut(line, stopping)) > 0) {}
      await deliver(line, stopping, unpaced);
      if (!stopping()) await warmSenders();
    });
  /** Lets each sender prepare (a few new rows at most on most passes), at most every WARM_MS. */
  let warmAt = 0;
  async function warmSenders() {
    if (Date.now() < warmAt) return;
    warmAt = Date.now() + WARM_MS;
    for (const sender of Object.values(deps.senders)) await sender?.warm?.();
  }
  const mainLoop = createLoop(mainPass, (error) =>
    log.warn({ err: error }, "alerts: a delivery pass failed"),
  );
  /** A paced channel's pass: its due rows, a few seconds' worth of its rate at a time. */
  function pacedPass(channel: AlertChannel, stopping: () => boolean = () => false) {
    const perSecond = deps.senders[channel]?.perSecond ?? 1;
    const limit = Math.max(1, Math.min(DELIVERY_BATCH, perSecond * PACED_BATCH_SECONDS));
    return throughLine((line) => deliver(line, stopping, [channel], limit));
  }
  /** The paced channels' loops this process runs (`lead`). */
  const pacedLoops = new Map<AlertChannel, ReturnType<typeof createLoop>>();

  return {
    /** Runs every step once to its end (the main loop's, then each paced channel's): for tests. */
    async pass() {
      await mainPass();
      for (const channel of paced) await pacedPass(channel);
    },
    /** Starts the main loop (every second, and at once when woken). */
    start() {
      mainLoop.wake();
    },
    /**
     * Sends a paced channel's deliveries from this process, until the answer's `stop`. One process at
     * a time should (the one polling the Telegram bot), so that the pace is the bot's, not each
     * process's.
     */
    lead(channel: AlertChannel): { stop(): Promise<void> } {
      if (!paced.includes(channel) || pacedLoops.has(channel)) return { stop: async () => {} };
      const loop = createLoop(
        (stopping) => pacedPass(channel, stopping),
        (error) => log.warn({ err: error, channel }, "alerts: a delivery pass failed"),
      );
      pacedLoops.set(channel, loop);
      loop.wake();
      return {
        async stop() {
          if (pacedLoops.get(channel) === loop) pacedLoops.delete(channel);
          await loop.stop();
        },
      };
    },
    /** An event was just committed in this process: deliver it without waiting for the next poll. */
    wake: () => mainLoop.wake(),
    async stop() {
      await Promise.all([mainLoop, ...pacedLoops.values()].map((loop) => loop.stop()));
      await Promise.all(Object.values(deps.senders).map((sender) => sender?.close?.()));
    },
  };
}

/**
 * Runs `pass` every POLL_MS, and at once when woken; a wake during a pass runs another after it. `stop`
 * waits for the pass under way, which its `stopping` tells to end after the batch in hand.
 */
function createLoop(
  pass: (stopping: () => boolean) => Promise<void>,
  failed: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass(() => stopped)
      .catch(failed)
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
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
