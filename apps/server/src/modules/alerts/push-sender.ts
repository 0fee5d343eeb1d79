/**
 * Web Push (RFC 8030) for the alert queue: each message encrypted for its browser (RFC 8291, aes128gcm)
 * and signed with the server's VAPID key (RFC 8292) by the `web-push` package, then sent with fetch, many
 * at once. Only to push services on the allow-list, checked again at sending. The push service's answer
 * decides: 201 sent; 404 or 410 the browser's subscription is gone (removed); 429 and 5xx retried later
 * (after Retry-After when given); anything else failed.
 */
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import webpush from "web-push";
import type { ChannelSender, Delivery, SendOutcome } from "./delivery";
import type { PushHosts } from "./push-hosts";
import type { AlertRepository } from "./repository";
import type { VapidKeys } from "./vapid";

/** Messages in flight at once. */
const CONCURRENCY = 64;
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is offline: a signal is stale after this. */
const SIGNAL_TTL_S = 15 * 60;
const REMINDER_TTL_S = 24 * 3600;

export function createPushSender(deps: {
  repository: AlertRepository;
  vapid: VapidKeys;
  /** VAPID's contact: the operator's mailto: or https: address. */
  subject: string;
  hosts: PushHosts;
}): ChannelSender {
  const vapidDetails = { subject: deps.subject, ...deps.vapid };

  async function sendOne(
    subscription: { endpoint: string; p256dh: string; auth: string },
    delivery: Delivery,
  ): Promise<SendOutcome> {
    if (!deps.hosts.allows(subscription.endpoint)) {
      return { outcome: "failed", error: "the push service is not on the allow-list" };
    }
    const content: PushPayload = delivery.content;
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(content),
      {
        vapidDetails,
        TTL: delivery.event === "access-expiring" ? REMINDER_TTL_S : SIGNAL_TTL_S,
        urgency: delivery.event === "access-expiring" ? "normal" : "high",
      },
    );
    let status: number;
    let retryAfter: string | null;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      await response.body?.cancel();
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

  return {
    async send(deliveries) {
      const rows = await deps.repository.pushSubscriptionsById(
        deliveries.map((d) => Number(d.target)),
      );
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const outcomes = new Map<number, SendOutcome>();
      const gone: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++] as Delivery;
          const subscription = byId.get(delivery.target);
          if (!subscription) {
            outcomes.set(delivery.id, { outcome: "gone", error: "the browser unsubscribed" });
            continue;
          }
          const result = await sendOne(subscription, delivery);
          if (result.outcome === "gone") gone.push(subscription.id);
          outcomes.set(delivery.id, result);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
      for (const id of new Set(gone)) await deps.repository.removePushSubscriptionById(id);
      return outcomes;
    },
  };
}
