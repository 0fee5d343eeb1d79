/**
 * The push sender against the local push service double (which decrypts with the browser's private key,
 * RFC 8291, and checks the VAPID token, RFC 8292): every message encrypted on its own and sent by the
 * worker threads, one VAPID token reused for the push service, the service's answers turned into
 * outcomes, and the workers ended by `close`.
 */

import { type AddressInfo, createServer } from "node:net";
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import { startPushDouble } from "@kalpa/push-double";
import { afterAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createAlertDelivery } from "../../delivery";
import { type AlertRepository, PUSH_UNREACHABLE_LIMIT } from "../../repository";
import type { Delivery } from "../channel";
import { pushHosts } from "./hosts";
import { createPushSender } from "./sender";
import { generateVapidKeys } from "./vapid";
import { createPushWorkers } from "./workers";

const double = await startPushDouble({ port: 0 });
afterAll(() => double.close());

const content: PushPayload = {
  title: "NIFTY 50 · KalpaVruksha: new signal",
  body: "Buy NIFTY 2026-12-29 25000 CE between 99.00 and 101.00. Paper trade, educational research only.",
  url: "/live-trade/nifty",
  tag: "signal:test",
};

/**
 * A sender whose subscriptions are these browsers (browser i is subscription i + 1, user i + 1), over a
 * repository that keeps them in memory as the real one does in its table.
 */
function senderFor(
  browsers: { endpoint: string; keys: { p256dh: string; auth: string } }[],
  hosts = [`127.0.0.1:${double.port}`],
) {
  const rows = browsers.map((browser, i) => ({
    id: i + 1,
    userId: i + 1,
    unreachable: 0,
    endpoint: browser.endpoint,
    ...browser.keys,
  }));
  const removed: number[] = [];
  const repository = {
    pushSubscriptionsById: async (ids: readonly number[]) =>
      rows.filter((r) => ids.includes(r.id) && !removed.includes(r.id)).map((r) => ({ ...r })),
    removePushSubscriptionsById: async (ids: readonly number[]) => {
      removed.push(...ids);
    },
    countUnreachable: async (ids: readonly number[]) =>
      rows
        .filter((r) => ids.includes(r.id))
        .filter((r) => ++r.unreachable >= PUSH_UNREACHABLE_LIMIT)
        .map((r) => r.id),
    answered: async (ids: readonly number[]) => {
      for (const r of rows) if (ids.includes(r.id)) r.unreachable = 0;
    },
  } as unknown as AlertRepository;
  const pool = createPushWorkers(2);
  const sender = createPushSender({
    repository,
    vapid: generateVapidKeys(),
    subject: "mailto:operator@kalpa.test",
    hosts: pushHosts(hosts),
    clock: () => new Date(),
    workers: pool,
  });
  const delivery = (target: number, id = target): Delivery => ({
    id,
    userId: target,
    channel: "push",
    target: String(target),
    attempts: 1,
    event: "new-signal",
    instrument: "Nifty",
    content,
  });
  return { sender, pool, removed, delivery, rows };
}

describe("the push sender", () => {
  it("encrypts each message for its browser and signs them all with one VAPID token", async () => {
    const browsers = Array.from({ length: 120 }, () => double.subscribe());
    const { sender, delivery } = senderFor(browsers);
    const before = double.count();
    const outcomes = await sender.send(browsers.map((_, i) => delivery(i + 1)));
    expect([...outcomes.values()].every((o) => o.outcome === "sent")).toBe(true);
    const arrived = double.received().slice(before);
    expect(arrived).toHaveLength(120);
    for (const browser of browsers) {
      expect(double.messages(browser).map((text) => JSON.parse(text ?? "{}"))).toEqual([content]);
    }
    // A key pair and salt of its own per message (RFC 8291): no two bodies share their header.
    expect(new Set(arrived.map((m) => m.body.subarray(0, 86).toString("hex"))).size).toBe(120);
    expect(new Set(arrived.map((m) => m.headers.authorization)).size).toBe(1);
    expect(arrived[0]?.urgency).toBe("high");
    expect(arrived[0]?.ttl).toBe(900);
    await sender.close?.();
  });

  it("answers gone for a browser the push service forgot, and retry after its Retry-After", async () => {
    const [kept, expired, busy] = [double.subscribe(), double.subscribe(), double.subscribe()];
    double.expire(expired);
    double.failNext(busy, 1, 503, 7);
    const { sender, removed, delivery } = senderFor([kept, expired, busy]);
    const outcomes = await sender.send([delivery(1), delivery(2), delivery(3)]);
    expect(outcomes.get(1)).toEqual({ outcome: "sent" });
    expect(outcomes.get(2)).toMatchObject({ outcome: "gone" });
    expect(outcomes.get(3)).toMatchObject({ outcome: "retry", retryAfterMs: 7000 });
    expect(removed).toEqual([2]);
    await sender.close?.();
  });

  it("skips, without sending, a browser that is another user's since the alert was queued", async () => {
    const browser = double.subscribe();
    const { sender, removed, delivery } = senderFor([browser]);
    const before = double.count(browser);
    // Queued for user 7; the browser (subscription 1) is user 1's now.
    const outcomes = await sender.send([{ ...delivery(1), userId: 7 }]);
    expect(outcomes.get(1)).toEqual({
      outcome: "skipped",
      error: "the browser is no longer the subscriber's",
    });
    expect(double.count(browser)).toBe(before);
    expect(removed).toEqual([]);
    await sender.close?.();
  });

  it("treats a browser whose push service never answers as gone after a few sends in a row", async () => {
    // A port nothing listens on: every connection is refused, as for a name that does not resolve.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const silent = { ...double.subscribe(), endpoint: `http://127.0.0.1:${port}/push/x` };
    const answering = double.subscribe();
    const { sender, removed, delivery, rows } = senderFor(
      [silent, answering],
      [`127.0.0.1:${port}`, `127.0.0.1:${double.port}`],
    );
    // An answer in between starts the count again.
    (rows[1] as { unreachable: number }).unreachable = 2;
    for (let attempt = 1; attempt < PUSH_UNREACHABLE_LIMIT; attempt++) {
      const outcomes = await sender.send([delivery(1, attempt), delivery(2, 100 + attempt)]);
      expect(outcomes.get(attempt)).toMatchObject({ outcome: "retry" });
      expect(outcomes.get(100 + attempt)).toEqual({ outcome: "sent" });
      expect(rows[1]?.unreachable).toBe(0);
    }
    expect(removed).toEqual([]);
    const last = await sender.send([delivery(1, 99)]);
    expect(last.get(99)).toMatchObject({
      outcome: "gone",
      error: expect.stringContaining(`no answer ${PUSH_UNREACHABLE_LIMIT} times in a row`),
    });
    expect(removed).toEqual([1]);
    await sender.close?.();
  });

  it("sends a target's messages in the queue's order", async () => {
    const browser = double.subscribe();
    const { sender, delivery } = senderFor([browser]);
    const titles = ["first", "second", "third"];
    const deliveries = titles.map((title, i) => ({
      ...delivery(1, 10 + i),
      content: { ...content, title },
    }));
    await sender.send([...deliveries].reverse());
    expect(double.messages(browser).map((text) => JSON.parse(text ?? "{}").title)).toEqual(titles);
    await sender.close?.();
  });
});

/** A VAPID Authorization header for the push service of this endpoint, under a fresh key pair. */
function vapidAuthorization(endpoint: string): string {
  const vapid = generateVapidKeys();
  const headers = webpush.getVapidHeaders(
    new URL(endpoint).origin,
    "mailto:operator@kalpa.test",
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
  ) as { Authorization: string };
  return headers.Authorization;
}

describe("the push workers", () => {
  it("answer that keys which are not a browser's cannot be encrypted, and send nothing once closed", async () => {
    const pool = createPushWorkers(1);
    const browser = double.subscribe();
    const Authorization = vapidAuthorization(browser.endpoint);
    const job = {
      endpoint: browser.endpoint,
      payload: "hello",
      headers: { TTL: 60, Authorization },
    };
    const before = double.count();
    const results = await pool.send([
      { ...job, id: 1, ...browser.keys },
      { ...job, id: 2, p256dh: "AAAA", auth: "BBBB" },
    ]);
    expect(results.find((result) => result.id === 1)).toMatchObject({ status: 201 });
    expect(results.find((result) => result.id === 2)).toMatchObject({
      notEncrypted: expect.stringContaining("p256dh"),
    });
    expect(double.count()).toBe(before + 1);
    expect(double.messages(browser)).toEqual(["hello"]);
    await pool.close();
    await expect(pool.send([{ ...job, id: 3, ...browser.keys }])).rejects.toThrow(/closed/);
  });
});

describe("a push service that takes the message and never answers", () => {
  it("is reported as no answer once the timeout passes, and the worker goes on to the next message", async () => {
    // Accepts connections and reads what comes, but never answers.
    const silent = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const pool = createPushWorkers(1, { timeoutMs: 300 });
    const browser = double.subscribe();
    const Authorization = vapidAuthorization(browser.endpoint);
    const job = { payload: "hello", headers: { TTL: 60, Authorization }, ...browser.keys };
    try {
      const started = Date.now();
      const [silentResult] = await pool.send([
        { ...job, id: 1, endpoint: `http://127.0.0.1:${port}/push/silent` },
      ]);
      expect(silentResult).toMatchObject({ id: 1, noAnswer: expect.stringMatching(/timed out/) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      const [answered] = await pool.send([{ ...job, id: 2, endpoint: browser.endpoint }]);
      expect(answered).toMatchObject({ id: 2, status: 201 });
    } finally {
      await pool.close();
      silent.close();
    }
  });
});

describe("the delivery loop", () => {
  it("closes its senders (the push sender's worker threads) when it stops, as the app closes", async () => {
    const { sender, pool } = senderFor([]);
    const delivery = createAlertDelivery({
      db: undefined as never,
      clock: () => new Date(),
      accessOf: async () => new Map(),
      senders: { push: sender },
      log: undefined as never,
    });
    await delivery.stop();
    await expect(pool.send([])).rejects.toThrow(/closed/);
  });
});
