/**
 * Web Push (RFC 8030) for the alert queue: each message encrypted for its browser (RFC 8291, aes128gcm)
 * and signed with the server's VAPID key (RFC 8292), both by the `web-push` package, then POSTed, many at
 * once. Only to push services on the allow-list, checked again at sending. The push service's answer
 * decides: 201 sent; 404 or 410 the browser's subscription is gone (removed); 429 and 5xx retried later
 * (after Retry-After when given); anything else failed.
 *
 * What a batch of thousands costs, and why it is sent this way (bench/alerts.bench.ts):
 * - The VAPID header (an ES256 JWT, about 1 ms to sign) is made once per push service and reused for
 *   12 hours of its 24-hour `exp`, as RFC 8292 section 2 allows; push services check a repeated token
 *   once.
 * - The encryption cannot be shared (a key pair and salt of its own per message, RFC 8291 section 3),
 *   so it runs in worker threads (push-encryption.ts), in batches, ahead of the sending.
 * - The requests go through node:http(s) agents that keep their connections open, which costs a
 *   fraction of fetch's CPU per request.
 */
import http from "node:http";
import https from "node:https";
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import webpush from "web-push";
import { type ChannelSender, type Delivery, type SendOutcome, sendInParallel } from "./delivery";
import {
  createEncryptionPool,
  type Encrypted,
  type EncryptionPool,
  type EncryptJob,
} from "./push-encryption";
import type { PushHosts } from "./push-hosts";
import type { AlertRepository } from "./repository";
import type { VapidKeys } from "./vapid";

/** Messages in flight at once. */
export const PUSH_CONCURRENCY = 64;
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is offline: a signal is stale after this. */
const SIGNAL_TTL_S = 15 * 60;
const REMINDER_TTL_S = 24 * 3600;
/**
 * A VAPID token says it expires in a little under 24 hours (RFC 8292's limit, with room for a push
 * service's clock running ahead of ours) and is used for 12 of them.
 */
const VAPID_EXPIRY_S = 24 * 3600 - 10 * 60;
const VAPID_REUSE_MS = 12 * 3600_000;
/** Messages given to an encryption worker at once: large enough to be cheap to hand over. */
const ENCRYPT_BATCH = 50;

export function createPushSender(deps: {
  repository: AlertRepository;
  vapid: VapidKeys;
  /** VAPID's contact: the operator's mailto: or https: address. */
  subject: string;
  hosts: PushHosts;
  clock: () => Date;
  /** Where messages are encrypted (default: a pool of worker threads of its own, closed by `close`). */
  encryption?: EncryptionPool;
}): ChannelSender {
  const encryption = deps.encryption ?? createEncryptionPool();
  // Connections to each push service stay open between messages and batches.
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: PUSH_CONCURRENCY }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: PUSH_CONCURRENCY }),
  };

  /** The Authorization header for a push service's origin: signed once, reused for 12 hours. */
  const vapidHeaders = new Map<string, { header: string; renewAt: number }>();
  function authorization(origin: string): string {
    const kept = vapidHeaders.get(origin);
    if (kept && Date.now() < kept.renewAt) return kept.header;
    const { Authorization } = webpush.getVapidHeaders(
      origin,
      deps.subject,
      deps.vapid.publicKey,
      deps.vapid.privateKey,
      "aes128gcm",
      Math.floor(Date.now() / 1000) + VAPID_EXPIRY_S,
    ) as { Authorization: string };
    vapidHeaders.set(origin, { header: Authorization, renewAt: Date.now() + VAPID_REUSE_MS });
    return Authorization;
  }

  /** POSTs one encrypted message; answers the push service's status and Retry-After. */
  function post(
    endpoint: URL,
    headers: Record<string, string | number>,
    body: Uint8Array,
  ): Promise<{ status: number; retryAfter: string | undefined }> {
    const request = endpoint.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(
        endpoint,
        {
          method: "POST",
          headers,
          agent: agents[endpoint.protocol as keyof typeof agents],
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        },
        (res) => {
          const retryAfter = res.headers["retry-after"];
          // Read to the end so the connection can carry the next message.
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  async function sendOne(
    subscription: { endpoint: string },
    delivery: Delivery,
    encrypted: Promise<Encrypted>,
  ): Promise<SendOutcome> {
    if (!deps.hosts.allows(subscription.endpoint)) {
      return { outcome: "failed", error: "the push service is not on the allow-list" };
    }
    let body: Encrypted;
    try {
      body = await encrypted;
    } catch (error) {
      return { outcome: "retry", error: `not encrypted: ${(error as Error).message}` };
    }
    if (!(body instanceof Uint8Array)) return { outcome: "failed", error: body.error };
    const endpoint = new URL(subscription.endpoint);
    const reminder = delivery.event === "access-expiring";
    let status: number;
    let retryAfter: string | undefined;
    try {
      ({ status, retryAfter } = await post(
        endpoint,
        {
          TTL: reminder ? REMINDER_TTL_S : SIGNAL_TTL_S,
          Urgency: reminder ? "normal" : "high",
          "Content-Type": "application/octet-stream",
          "Content-Encoding": "aes128gcm",
          "Content-Length": body.byteLength,
          Authorization: authorization(endpoint.origin),
        },
        body,
      ));
    } catch (error) {
      return { outcome: "retry", error: `no answer: ${(error as Error).message}` };
    }
    if (status >= 200 && status < 300) return { outcome: "sent" };
    if (status === 404 || status === 410)
      return { outcome: "gone", error: `push service: ${status}` };
    if (status === 429 || status >= 500) {
      const seconds = Number(retryAfter);
      return {
        outcome: "retry",
        error: `push service: ${status}`,
        ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
      };
    }
    return { outcome: "failed", error: `push service: ${status}` };
  }

  /**
   * Starts encrypting every message, in the queue's order and in batches spread over the workers, so the
   * first are ready to send while the rest are still being encrypted.
   */
  function encryptAhead(
    deliveries: readonly Delivery[],
    subscriptionOf: (delivery: Delivery) => { p256dh: string; auth: string } | undefined,
  ): Map<number, Promise<Encrypted>> {
    const pending: { id: number; job: EncryptJob }[] = [];
    for (const delivery of [...deliveries].sort((a, b) => a.id - b.id)) {
      const subscription = subscriptionOf(delivery);
      if (!subscription) continue;
      const content: PushPayload = delivery.content;
      pending.push({
        id: delivery.id,
        job: {
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          payload: JSON.stringify(content),
        },
      });
    }
    const bodies = new Map<number, Promise<Encrypted>>();
    for (let i = 0; i < pending.length; i += ENCRYPT_BATCH) {
      const batch = pending.slice(i, i + ENCRYPT_BATCH);
      const encrypted = encryption.encrypt(batch.map((entry) => entry.job));
      batch.forEach((entry, index) => {
        const body = encrypted.then((list) => list[index] as Encrypted);
        // Each is awaited by its send; this only keeps a failed batch from being reported twice.
        body.catch(() => {});
        bodies.set(entry.id, body);
      });
    }
    return bodies;
  }

  return {
    async send(deliveries) {
      const rows = await deps.repository.pushSubscriptionsById(
        deliveries.map((d) => Number(d.target)),
        deps.clock(),
      );
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const bodies = encryptAhead(deliveries, (delivery) => {
        const subscription = byId.get(delivery.target);
        return subscription && deps.hosts.allows(subscription.endpoint) ? subscription : undefined;
      });
      const gone = new Set<number>();
      const outcomes = await sendInParallel(deliveries, PUSH_CONCURRENCY, async (delivery) => {
        const subscription = byId.get(delivery.target);
        if (!subscription) {
          return { outcome: "gone", error: "the browser unsubscribed, or its session ended" };
        }
        const encrypted = bodies.get(delivery.id) ?? Promise.resolve({ error: "not encrypted" });
        const result = await sendOne(subscription, delivery, encrypted);
        if (result.outcome === "gone") gone.add(subscription.id);
        return result;
      });
      for (const id of gone) await deps.repository.removePushSubscriptionById(id);
      return outcomes;
    },

    async close() {
      await encryption.close();
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
