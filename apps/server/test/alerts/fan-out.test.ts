/**
 * The alert queue's fan-out (modules/alerts/delivery.ts) against the database: a signal's audience is
 * written a part at a time, each part already claimed and sent while the next is written; a process that
 * stops between parts leaves the rest to the next, and nothing is sent twice; a paced channel (Telegram)
 * is sent by a loop of its own. Parts of 2 users here, so five subscribers make three parts; the
 * channels are recording senders.
 */
import { DEFAULT_ALERT_PREFERENCES } from "@kalpa/contracts/api/alerts";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import {
  alertDeliveries,
  alertEvents,
  alertPreferences,
  subscriptions,
  telegramLinks,
  users,
} from "../../src/db/schema";
import type { Delivery } from "../../src/modules/alerts/channels/channel";
import { type AlertDeliveryDeps, createAlertDelivery } from "../../src/modules/alerts/delivery";
import { openTestDatabase } from "../helpers/test-database";

const SUBSCRIBERS = 5;
const PART = 2;
const CHAT_BASE = 7_000_000;

let database: Database;
let userIds: number[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        username: `fan${i}`,
        email: `fan${i}@example.test`,
        name: `Fan ${i}`,
        mobile: `98765432${String(i).padStart(2, "0")}`,
        passwordHash: "not a hash: these users never sign in",
      })),
    )
    .returning({ id: users.id });
  userIds = made.map((row) => row.id).sort((a, b) => a - b);
  await db.insert(subscriptions).values(
    userIds.map((userId) => ({
      userId,
      instrument: "BankNifty" as const,
      startedAt: new Date(),
    })),
  );
  await db
    .insert(telegramLinks)
    .values(userIds.map((userId, i) => ({ userId, chatId: CHAT_BASE + i, linkedAt: new Date() })));
  const preferences = {
    ...DEFAULT_ALERT_PREFERENCES,
    channels: {
      ...DEFAULT_ALERT_PREFERENCES.channels,
      telegram: { Nifty: [], BankNifty: ["new-signal"], CrudeOil: [] },
      email: { Nifty: [], BankNifty: ["new-signal"], CrudeOil: [] },
    },
  };
  await db.insert(alertPreferences).values(userIds.map((userId) => ({ userId, preferences })));
});
afterAll(() => database.close());

let eventId: number;
beforeEach(async () => {
  const db = database.db;
  await db.delete(alertEvents);
  const [event] = await db
    .insert(alertEvents)
    .values({
      key: `signal:fan-out-${Date.now()}:new-signal`,
      event: "new-signal",
      instrument: "BankNifty",
      content: {
        title: "BANKNIFTY: new signal",
        body: "Buy",
        url: "/live-trade/banknifty",
        tag: "t",
      },
    })
    .returning({ id: alertEvents.id });
  eventId = (event as { id: number }).id;
});

/** Everyone here has open BankNifty access and has accepted the risk disclosure. */
const openAccess: AlertDeliveryDeps["accessOf"] = async (ids) =>
  new Map(
    ids.map((id) => [
      id,
      {
        states: new Map([
          [
            "BankNifty",
            { instrument: "BankNifty", active: true, startedAt: new Date(0), expiresAt: null },
          ],
        ]),
        riskDisclosure: { accepted: true },
      },
    ]),
  );

/** A delivery loop ("a process") whose Telegram channel records what it is given. */
function aProcess(options: { accessOf?: AlertDeliveryDeps["accessOf"]; clock?: () => Date } = {}) {
  const sent: string[] = [];
  /** At each send, how many delivery rows the event had. */
  const rowsAtSend: number[] = [];
  const loop = createAlertDelivery({
    db: database.db,
    clock: options.clock ?? (() => new Date()),
    accessOf: options.accessOf ?? openAccess,
    fanOutUsers: PART,
    log: { warn() {} } as never,
    senders: {
      telegram: {
        async send(deliveries: readonly Delivery[]) {
          const rows = await database.db
            .select({ id: alertDeliveries.id })
            .from(alertDeliveries)
            .where(eq(alertDeliveries.eventId, eventId));
          rowsAtSend.push(rows.length);
          sent.push(...deliveries.map((delivery) => delivery.target));
          return new Map(deliveries.map((delivery) => [delivery.id, { outcome: "sent" as const }]));
        },
      },
    },
  });
  return { loop, sent, rowsAtSend };
}

const chat = (index: number) => String(CHAT_BASE + index);
const rows = () =>
  database.db
    .select({ target: alertDeliveries.target, status: alertDeliveries.status })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.eventId, eventId));
const event = async () =>
  (await database.db.select().from(alertEvents).where(eq(alertEvents.id, eventId)))[0];

describe("the alert fan-out", () => {
  it("writes a signal's audience a part at a time, each part sent before the last is written", async () => {
    const one = aProcess();
    await one.loop.pass();

    expect([...one.sent].sort()).toEqual([0, 1, 2, 3, 4].map(chat));
    // Three parts, three sends; the first went out when only its own rows existed.
    expect(one.rowsAtSend).toHaveLength(3);
    expect(one.rowsAtSend[0]).toBe(PART);
    const written = await rows();
    expect(written).toHaveLength(SUBSCRIBERS);
    expect(written.every((row) => row.status === "sent")).toBe(true);
    expect(await event()).toMatchObject({ fanOutCursor: userIds.at(-1) });
    expect((await event())?.fannedOutAt).not.toBeNull();
  });

  it("leaves the rest to the next process when one dies between parts, and sends nothing twice", async () => {
    // The first process dies while checking its second part (its check never ends): that part is
    // written and claimed, but never sent.
    let checks = 0;
    const dying = aProcess({
      accessOf: async (ids, now) => {
        checks++;
        if (checks === 2) return new Promise(() => {});
        return openAccess(ids, now);
      },
    });
    void dying.loop.pass();
    await until(() => checks === 2 && dying.sent.length === 2);
    expect(dying.sent).toEqual([0, 1].map(chat));
    expect((await event())?.fannedOutAt).toBeNull();

    // Another process, after the dead one's claims have run out (60 s).
    const later = new Date(Date.now() + 61_000);
    const next = aProcess({ clock: () => later });
    await next.loop.pass();
    expect(next.sent).toEqual([chat(4)]);
    const byTarget = Object.fromEntries((await rows()).map((row) => [row.target, row.status]));
    expect(byTarget).toEqual({
      [chat(0)]: "sent",
      [chat(1)]: "sent",
      // Written and claimed by the process that died: perhaps sent, so never sent again.
      [chat(2)]: "unknown",
      [chat(3)]: "unknown",
      [chat(4)]: "sent",
    });
    expect((await event())?.fannedOutAt).not.toBeNull();
  });

  it("gives a part back to the queue when it could not be checked, its attempt unused", async () => {
    let checks = 0;
    const failing = aProcess({
      accessOf: async (ids, now) => {
        checks++;
        if (checks === 2) throw new Error("the database went away");
        return openAccess(ids, now);
      },
    });
    await expect(failing.loop.pass()).rejects.toThrow("the database went away");
    expect(failing.sent).toEqual([0, 1].map(chat));
    const given = (await rows()).filter((row) => row.status === "pending");
    expect(given.map((row) => row.target).sort()).toEqual([chat(2), chat(3)]);

    // The next pass sends them, and the rest of the audience.
    await failing.loop.pass();
    expect([...failing.sent].sort()).toEqual([0, 1, 2, 3, 4].map(chat));
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
    const attempts = await database.db
      .select({ attempts: alertDeliveries.attempts })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.eventId, eventId));
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  });

  it("shares a signal between two processes running at once, each message sent by one of them", async () => {
    const a = aProcess();
    const b = aProcess();
    await Promise.all([a.loop.pass(), b.loop.pass()]);
    expect([...a.sent, ...b.sent].sort()).toEqual([0, 1, 2, 3, 4].map(chat));
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
  });

  // A row lock held by another connection: PostgreSQL only (PGlite has one connection).
  it.runIf(process.env.DATABASE_URL)(
    "waits for an event another process is writing before fanning out a later one",
    async () => {
      const [later] = await database.db
        .insert(alertEvents)
        .values({
          key: `signal:fan-out-later-${Date.now()}:new-signal`,
          event: "new-signal",
          instrument: "BankNifty",
          content: { title: "later", body: "Buy", url: "/live-trade/banknifty", tag: "t2" },
        })
        .returning({ id: alertEvents.id });
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select id from alert_events where id = $1 for update", [eventId]);
        const one = aProcess();
        await one.loop.pass();
        // Neither the held event nor the later one went out.
        expect(one.sent).toEqual([]);
        await other.query("rollback");
        await one.loop.pass();
        expect([...one.sent].sort()).toEqual(
          [0, 0, 1, 1, 2, 2, 3, 3, 4, 4].map((i) => chat(i)).sort(),
        );
        const titles = await database.db
          .select({ id: alertEvents.id, fannedOutAt: alertEvents.fannedOutAt })
          .from(alertEvents)
          .where(eq(alertEvents.id, (later as { id: number }).id));
        expect(titles[0]?.fannedOutAt).not.toBeNull();
      } finally {
        await other.end();
      }
    },
  );

  it("leaves a paced channel's rows to a loop of its own, which never holds up the other channels", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailed: string[] = [];
    const told: string[] = [];
    const allSent = (deliveries: readonly Delivery[]) =>
      new Map(deliveries.map((delivery) => [delivery.id, { outcome: "sent" as const }]));
    const loop = createAlertDelivery({
      db: database.db,
      clock: () => new Date(),
      accessOf: openAccess,
      fanOutUsers: PART,
      log: { warn() {} } as never,
      senders: {
        email: {
          async send(deliveries) {
            mailed.push(...deliveries.map((delivery) => delivery.target));
            return allSent(deliveries);
          },
        },
        telegram: {
          perSecond: 1000,
          async send(deliveries) {
            await gate;
            told.push(...deliveries.map((delivery) => delivery.target));
            return allSent(deliveries);
          },
        },
      },
    });
    loop.start();
    // This process sends Telegram's (in the app, the one polling the bot).
    const telegram = loop.lead("telegram");
    try {
      await until(() => mailed.length === SUBSCRIBERS);
      // Every e-mail went while Telegram's first batch was still waiting.
      expect(told).toEqual([]);
      expect((await event())?.fannedOutAt).not.toBeNull();
      release();
      await until(() => told.length === SUBSCRIBERS);
    } finally {
      release();
      await telegram.stop();
      await loop.stop();
    }
    expect([...mailed].sort()).toEqual([...userIds].map(String).sort());
    expect([...told].sort()).toEqual([0, 1, 2, 3, 4].map(chat));
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
  });

  it("sends a paced channel's first rows with the fan-out when its queue is empty, and later events behind them", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    /** Each batch Telegram was given: each message's event (its title) and chat. */
    const batches: string[][] = [];
    const loop = createAlertDelivery({
      db: database.db,
      clock: () => new Date(),
      accessOf: openAccess,
      fanOutUsers: PART,
      log: { warn() {} } as never,
      senders: {
        telegram: {
          // Five seconds of this rate: three messages an event may send at once.
          perSecond: 0.6,
          async send(deliveries) {
            batches.push(deliveries.map((d) => `${d.content.title} to ${d.target}`));
            await gate;
            return new Map(
              deliveries.map((delivery) => [delivery.id, { outcome: "sent" as const }]),
            );
          },
        },
      },
    });
    const telegram = loop.lead("telegram");
    await telegram.looked;
    let secondEvent = 0;
    try {
      loop.start();
      // The first three subscribers' rows are written claimed and sent part by part (the second part's
      // batch beside the first, as they share no chat); both wait at the gate, the rest in the queue.
      await until(() => batches.length === 2);
      await until(async () => (await event())?.fannedOutAt != null);
      const [second] = await database.db
        .insert(alertEvents)
        .values({
          key: `signal:fan-out-${Date.now()}:closed`,
          event: "new-signal",
          instrument: "BankNifty",
          content: { title: "BANKNIFTY: closed", body: "Closed", url: "/", tag: "t" },
        })
        .returning({ id: alertEvents.id });
      secondEvent = (second as { id: number }).id;
      loop.wake();
      await until(async () => {
        const [row] = await database.db
          .select({ fannedOutAt: alertEvents.fannedOutAt })
          .from(alertEvents)
          .where(eq(alertEvents.id, secondEvent));
        return row?.fannedOutAt != null;
      });
      release();
      await until(() => batches.flat().length === 2 * SUBSCRIBERS);
    } finally {
      release();
      await telegram.stop();
      await loop.stop();
    }
    // The fan-out's own batches first (a part at a time), then the queue's, oldest first.
    const first = (i: number) => `BANKNIFTY: new signal to ${chat(i)}`;
    const later = (i: number) => `BANKNIFTY: closed to ${chat(i)}`;
    expect(batches.slice(0, 2)).toEqual([[first(0), first(1)], [first(2)]]);
    const order = batches.flat();
    for (let i = 0; i < SUBSCRIBERS; i++) {
      // Every chat hears of the first event before the second.
      expect(order.indexOf(first(i))).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(first(i))).toBeLessThan(order.indexOf(later(i)));
    }
    expect(new Set(order).size).toBe(2 * SUBSCRIBERS);
    const all = await database.db
      .select({ status: alertDeliveries.status, attempts: alertDeliveries.attempts })
      .from(alertDeliveries);
    expect(all).toHaveLength(2 * SUBSCRIBERS);
    expect(all.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});

/** Waits for `done` to hold, for up to 10 s. */
async function until(done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
