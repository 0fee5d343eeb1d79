/**
 * The push sender against the local push service double (which decrypts with the browser's private key,
 * RFC 8291, and checks the VAPID token, RFC 8292): every message encrypted on its own and sent by the
 * worker threads, one VAPID token reused for the push service, the service's answers turned into
 * outcomes, and the workers ended by `close`.
 */
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import { startPushDouble } from "@kalpa/push-double";
import { afterAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createAlertDelivery, type Delivery } from "./delivery";
import { pushHosts } from "./push-hosts";
import { createPushSender } from "./push-sender";
import { createPushWorkers } from "./push-workers";
import type { AlertRepository } from "./repository";
import { generateVapidKeys } from "./vapid";

const double = await startPushDouble({ port: 0 });
afterAll(() => double.close());

const content: PushPayload = {
  title: "NIFTY 50 · KalpaVruksha: new signal",
  body: "Buy NIFTY 2026-12-29 25000 CE between 99.00 and 101.00. Paper trade, educational research only.",
  url: "/live-trade/nifty",
  tag: "signal:test",
};

/** A sender whose subscriptions are these browsers (the repository's two reads, nothing else). */
function senderFor(browsers: { endpoint: string; keys: { p256dh: string; auth: string } }[]) {
  const rows = browsers.map((browser, i) => ({
    id: i + 1,
    endpoint: browser.endpoint,
    ...browser.keys,
  }));
  const removed: number[] = [];
  const repository = {
    pushSubscriptionsById: async (ids: readonly number[]) => rows.filter((r) => ids.includes(r.id)),
    removePushSubscriptionById: async (id: number) => {
      removed.push(id);
    },
  } as unknown as AlertRepository;
  const pool = createPushWorkers(2);
  const sender = createPushSender({
    repository,
    vapid: generateVapidKeys(),
    subject: "mailto:operator@kalpa.test",
    hosts: pushHosts([`127.0.0.1:${double.port}`]),
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
  return { sender, pool, removed, delivery };
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

describe("the push workers", () => {
  it("answer that keys which are not a browser's cannot be encrypted, and send nothing once closed", async () => {
    const pool = createPushWorkers(1);
    const browser = double.subscribe();
    const vapid = generateVapidKeys();
    const { Authorization } = webpush.getVapidHeaders(
      new URL(browser.endpoint).origin,
      "mailto:operator@kalpa.test",
      vapid.publicKey,
      vapid.privateKey,
      "aes128gcm",
    ) as { Authorization: string };
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
