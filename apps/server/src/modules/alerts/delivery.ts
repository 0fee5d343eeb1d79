/**
 * The alert queue's two steps (decision 024), run by a loop in every process; `for update skip locked`
 * gives each row to one of them (the SQL is queue/queue.ts; what may be sent, policy/policy.ts; the channels,
 * channels/channel.ts and their senders in channels/).
 *
 * 1. Fan-out: each new alert event (written with the signal transition it tells of, or by the reminder
 *    pass) becomes one delivery row per subscriber, channel and device that asked for it, once
 *    (`dedupe_key` unique), a part of the audience at a time. A part's rows are written already claimed,
 *    checked and sent at once, while the next part is written, so the first subscribers hear of a
 *    signal before the last rows exist; the last part marks the event. A paced channel's rows wait for
 *    its own loop, but when this process leads it and its queue is empty, the first few seconds' worth
 *    of its rate are written claimed too and sent at once, one batch after another.
 * 2. Delivery: rows due again (a retry, a reminder put off by quiet hours) are claimed, checked again
 *    at the moment of sending (open access to the event's instrument, quiet hours), and sent. A
 *    temporary failure is retried with backoff; a permanent one, or a device the push service says is
 *    gone (404, 410), is not. A claim whose process died is never sent again (at most once per event,
 *    channel and device).
 */
import type { AlertChannel, AlertPreferences } from "@kalpa/contracts/api/alerts";
import type { AccessKey } from "@kalpa/contracts/names";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDb } from "../../db/client";
import { alertDeliveries } from "../../db/schema";
import type { SubscriptionState } from "../access/rules";
import type { ChannelSender, Delivery, SendOutcome } from "./channels/channel";
import { type AlertAnalyst, withAnalyst } from "./content";
import { inLanguages, languagesOf } from "./languages";
import { SKIPPED_BECAUSE, type SkipReason, sendingVerdict } from "./policy/policy";
import { preferencesOfMany } from "./queue/bulk";
import { createAlertQueue, type DeliveryUpdate } from "./queue/queue";

/** How many events one fan-out step looks at, and deliveries one send step claims. */
const EVENT_BATCH = 20;
const DELIVERY_BATCH = 1000;
/** A signal's audience is written this many users at a time (about a delivery batch's rows). */
const FAN_OUT_USERS = 500;
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
      {
        states: Map<AccessKey, SubscriptionState>;
        riskDisclosure: { accepted: boolean };
        termsSummary?: { required: boolean; accepted: boolean };
      }
    >
  >;
  senders: Partial<Record<AlertChannel, ChannelSender>>;
  /**
   * The operator's research analyst at the moment of sending, or null without a profile (decision 031):
   * each signal alert then names it. Absent: none.
   */
  analyst?: () => Promise<AlertAnalyst | null>;
  log: FastifyBaseLogger;
  /** Users per fan-out part (default FAN_OUT_USERS; tests make parts small). */
  fanOutUsers?: number;
}

export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { db, log } = deps;
  const channels = Object.keys(deps.senders) as AlertChannel[];
  const paced = channels.filter((channel) => deps.senders[channel]?.perSecond !== undefined);
  const unpaced = channels.filter((channel) => !paced.includes(channel));
  const queue = createAlertQueue(db, {
    channels,
    paced,
    partSize: deps.fanOutUsers ?? FAN_OUT_USERS,
  });
  const { claim, settle } = queue;

  /**
   * Step 1: new events, oldest first, into delivery rows, each part sent (through `line`) while the next
   * is written. Answers how many events it finished.
   */
  async function fanOut(line: SendingLine, stopping: () => boolean): Promise<number> {
    let finished = 0;
    for (const id of await queue.newEvents(EVENT_BATCH)) {
      // What of each idle paced channel this event may send at once: a few seconds of its rate.
      const direct = new Map(
        [...pacedIdle].map((channel) => [
          channel,
          (deps.senders[channel]?.perSecond ?? 1) * PACED_BATCH_SECONDS,
        ]),
      );
      for (;;) {
        if (stopping()) return 0;
        const now = deps.clock();
        const part = await queue.fanOutPart(id, now, direct);
        // Another process is writing this event: a later event waits for it, so that no subscriber
        // hears of a "closed" before its "triggered". The next pass looks again.
        if (part === "busy") return 0;
        if (!part) break;
        for (const channel of part.waiting) {
          // Rows now wait in its queue: the next events' rows wait behind them.
          pacedIdle.delete(channel);
          direct.delete(channel);
          queuedFor.set(channel, (queuedFor.get(channel) ?? 0) + 1);
          pacedLoops.get(channel)?.wake();
        }
        await checkAndSend(line, part.deliveries, now, part.preferences, true);
        if (part.done) {
          finished++;
          break;
        }
      }
    }
    return finished;
  }

  /**
   * Checks claimed deliveries and hands them to the line (a fan-out's paced rows, `fannedOut`, to
   * sendDirect). If that fails before they reach a sender (the database, or the batch before failing),
   * they are given back to the queue, their attempt unused.
   */
  async function checkAndSend(
    line: SendingLine,
    claimed: readonly Delivery[],
    now: Date,
    known?: Map<number, AlertPreferences>,
    fannedOut = false,
  ): Promise<void> {
    if (claimed.length === 0) return;
    let unhanded: readonly Delivery[] = claimed;
    try {
      const ready = await check(claimed, now, known);
      if (fannedOut) {
        for (const channel of paced) {
          const list = ready.get(channel);
          if (!list) continue;
          ready.delete(channel);
          sendDirect(channel, list);
          unhanded = unhanded.filter((delivery) => delivery.channel !== channel);
        }
      }
      await line.send(ready);
      unhanded = [];
    } finally {
      if (unhanded.length > 0) {
        await settle(
          unhanded.map((delivery) => delivery.id),
          { status: "pending", attempts: sql`${alertDeliveries.attempts} - 1` },
          "sending",
        ).catch((error: unknown) =>
          log.warn({ err: error }, "alerts: could not give back a batch"),
        );
      }
    }
  }

  /**
   * A paced channel's rows a fan-out wrote claimed: sent beside the line, so the other channels' parts
   * never wait for the pace, through a sending line of the channel's own. Its batches start in the order
   * given, and the next starts while the one before is still out (the sender's pace and its limit on
   * messages in flight hold across batches), unless they share a chat, so the channel never sits idle
   * while a batch's outcomes are written and the next batch's owners read. The channel's loop claims
   * nothing until they are sent (`deliver`).
   */
  function sendDirect(channel: AlertChannel, deliveries: Delivery[]) {
    let direct = directSends.get(channel);
    if (!direct) {
      // A batch that fails is logged, not kept: the batches after it still go.
      const line = createSendingLine((ready) =>
        send(ready).catch((error: unknown) =>
          log.warn({ err: error, channel }, "alerts: a batch failed"),
        ),
      );
      direct = { line, started: Promise.resolve() };
      directSends.set(channel, direct);
    }
    const { line } = direct;
    direct.started = direct.started.then(() => line.send(new Map([[channel, deliveries]])));
  }
  /** Each paced channel's line for the rows a fan-out sends at once, and its last batch's start. */
  const directSends = new Map<AlertChannel, { line: SendingLine; started: Promise<void> }>();
  /** Every batch handed to a paced channel's direct line is sent (and its outcomes written). */
  async function directSent(channel: AlertChannel): Promise<void> {
    const direct = directSends.get(channel);
    if (!direct) return;
    await direct.started;
    await direct.line.finish();
  }
  /** Paced channels this process leads whose queue was empty at their loop's last look. */
  const pacedIdle = new Set<AlertChannel>();
  /** Parts that left rows waiting in each paced channel's queue, counted (an idle look must follow). */
  const queuedFor = new Map<AlertChannel, number>();
  const directDone = () => Promise.all(paced.map(directSent));

  /**
   * Checks claimed deliveries at this moment (policy/policy.ts): those to send, by channel. The others are
   * recorded as skipped (no access, turned off, quiet hours) or put off (a reminder in quiet hours).
   * `known`: the users' preferences when the caller has just read them.
   */
  async function check(
    claimed: readonly Delivery[],
    now: Date,
    known?: Map<number, AlertPreferences>,
  ): Promise<Map<AlertChannel, Delivery[]>> {
    const userIds = [...new Set(claimed.map((d) => d.userId))];
    const [access, preferences, languages] = await Promise.all([
      deps.accessOf(userIds, now),
      known ?? preferencesOfMany(db, userIds),
      // Each is sent in its subscriber's language (decision 040; languages.ts).
      languagesOf(db, userIds),
    ]);
    const verdict = sendingVerdict(claimed, { access, preferences, now });
    for (const [reason, ids] of Object.entries(verdict.skipped)) {
      await settle(ids, { status: "skipped", lastError: SKIPPED_BECAUSE[reason as SkipReason] });
    }
    for (const [id, at] of verdict.later) {
      await settle([id], { status: "pending", nextAttemptAt: at });
    }
    return new Map(
      [...verdict.ready].map(([channel, list]) => [channel, inLanguages(list, languages)]),
    );
  }

  /** Step 2, second half: sends, the channels side by side, and records each outcome. */
  async function send(ready: Map<AlertChannel, Delivery[]>): Promise<void> {
    // Each signal alert names the research analyst as the profile is now (a reminder is not a call).
    const analyst = (await deps.analyst?.()) ?? null;
    const named = (deliveries: Delivery[]) =>
      deliveries.map((delivery) =>
        delivery.event === "access-expiring"
          ? delivery
          : { ...delivery, content: withAnalyst(delivery.content, analyst) },
      );
    // A slow mail server does not hold up the pushes.
    await Promise.all(
      [...ready].map(async ([channel, deliveries]) => {
        const sender = deps.senders[channel];
        const outcomes = sender
          ? await sender.send(named(deliveries))
          : new Map<number, SendOutcome>();
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
        const sent: number[] = [];
        for (const delivery of deliveries) {
          const result = outcomes.get(delivery.id) ?? { outcome: "retry", error: "not sent" };
          if (result.outcome === "sent") {
            sent.push(delivery.id);
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
        // Marked sent, and counted apart from the rows (pruned after ALERT_RETENTION_DAYS) for the
        // models' decision-to-send, in one statement.
        await queue.recordSent(sent, channel, sentAt);
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
      await queue.markDeadClaims(deps.clock());
    }
    while (!stopping()) {
      // A paced channel's rows sent at once by a fan-out go before any of its queue (sendDirect).
      for (const channel of of) await directSent(channel);
      const queuedBefore = of.map((channel) => queuedFor.get(channel) ?? 0);
      const now = deps.clock();
      const claimed = await claim(now, of, limit);
      if (claimed.length === 0) {
        // Nothing due, and no part queued rows while it looked: the next event may send at once.
        of.forEach((channel, i) => {
          if (pacedLoops.has(channel) && (queuedFor.get(channel) ?? 0) === queuedBefore[i]) {
            pacedIdle.add(channel);
          }
        });
        return;
      }
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
      await directDone();
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
    lead(channel: AlertChannel): { stop(): Promise<void>; looked: Promise<void> } {
      if (!paced.includes(channel) || pacedLoops.has(channel)) {
        return { stop: async () => {}, looked: Promise.resolve() };
      }
      const loop = createLoop(
        (stopping) => pacedPass(channel, stopping),
        (error) => log.warn({ err: error, channel }, "alerts: a delivery pass failed"),
      );
      pacedLoops.set(channel, loop);
      loop.wake();
      return {
        /** Its loop's first look at the queue is over. */
        looked: loop.current(),
        async stop() {
          if (pacedLoops.get(channel) === loop) pacedLoops.delete(channel);
          pacedIdle.delete(channel);
          await loop.stop();
          await directSent(channel);
        },
      };
    },
    /** An event was just committed in this process: deliver it without waiting for the next poll. */
    wake: () => mainLoop.wake(),
    async stop() {
      await Promise.all([mainLoop, ...pacedLoops.values()].map((loop) => loop.stop()));
      await directDone();
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
    /** The pass under way, if any, is over. */
    current: () => running ?? Promise.resolve(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
