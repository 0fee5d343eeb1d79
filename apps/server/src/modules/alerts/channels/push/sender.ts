/**
 * Web Push (RFC 8030) for the alert queue: each message encrypted for its browser (RFC 8291, aes128gcm, in
 * the workers) and signed with the server's VAPID key (RFC 8292, by the `web-push` package), then POSTed,
 * many at once. Only to push services on the allow-list, checked again at sending. The push service's answer
 * decides: 201 sent; 404 or 410 the browser's subscription is gone (removed); 429 and 5xx retried later
 * (after Retry-After when given); anything else failed.
 *
 * What a batch of thousands costs, and why it is sent this way (bench/alerts.bench.ts):
 * - The VAPID header (an ES256 JWT, about 1 ms to sign) is made once per push service and reused for
 *   12 hours of its 24-hour `exp`, as RFC 8292 section 2 allows; push services check a repeated token
 *   once.
 * - The encryption cannot be shared (a key pair and salt of its own per message, RFC 8291 section 3),
 *   so it runs in worker threads (workers.ts), which also send: the main thread keeps to the
 *   database and the outcomes. Its costly half, the key agreement, is made ahead of time for each
 *   subscribed browser (`warm`, then again after each message), while the workers have nothing to send.
 */

import webpush from "web-push";
import { pushBody } from "../../content";
import { type AlertRepository, PUSH_UNREACHABLE_LIMIT } from "../../repository";
import type { ChannelSender, SendOutcome } from "../channel";
import type { PushHosts } from "./hosts";
import type { VapidKeys } from "./vapid";
import { createPushWorkers, type PushJob, type PushResult, type PushWorkers } from "./workers";

/** How long a push service keeps a message for a browser that is offline: a signal is stale after this. */
const SIGNAL_TTL_S = 15 * 60;
const REMINDER_TTL_S = 24 * 3600;
/**
 * A VAPID token says it expires in a little under 24 hours (RFC 8292's limit, with room for a push
 * service's clock running ahead of ours) and is used for 12 of them.
 */
const VAPID_EXPIRY_S = 24 * 3600 - 10 * 60;
const VAPID_REUSE_MS = 12 * 3600_000;
/** Subscriptions read at a time to name to the workers (`warm`). */
const WARM_PAGE = 1000;

export function createPushSender(deps: {
  repository: AlertRepository;
  vapid: VapidKeys;
  /** VAPID's contact: the operator's mailto: or https: address. */
  subject: string;
  hosts: PushHosts;
  clock: () => Date;
  /** Where messages are encrypted and sent (default: worker threads of its own, closed by `close`). */
  workers?: PushWorkers;
}): ChannelSender {
  const workers = deps.workers ?? createPushWorkers();
  /** The last subscription named to the workers (`warm`). */
  let warmedUpTo = 0;

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

  /** What the push service's answer (or its absence) means for the delivery. */
  function outcomeOf(result: PushResult): SendOutcome {
    if ("notEncrypted" in result) return { outcome: "failed", error: result.notEncrypted };
    if ("noAnswer" in result) return { outcome: "retry", error: `no answer: ${result.noAnswer}` };
    // Perhaps sent: never again (at most once).
    if ("lost" in result)
      return { outcome: "failed", error: `not known to be sent: ${result.lost}` };
    const { status, retryAfter } = result;
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
        deps.clock(),
      );
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const outcomes = new Map<number, SendOutcome>();
      const jobs: PushJob[] = [];
      const subscriptionOf = new Map<number, number>();
      // In the queue's order: the workers keep it for each browser.
      for (const delivery of [...deliveries].sort((a, b) => a.id - b.id)) {
        const subscription = byId.get(delivery.target);
        if (!subscription) {
          outcomes.set(delivery.id, {
            outcome: "gone",
            error: "the browser unsubscribed, or its session ended",
          });
          continue;
        }
        // The browser must still be the subscriber's at this moment (not signed in to another account
        // since the alert was queued).
        if (subscription.userId !== delivery.userId) {
          outcomes.set(delivery.id, {
            outcome: "skipped",
            error: "the browser is no longer the subscriber's",
          });
          continue;
        }
        if (!deps.hosts.allows(subscription.endpoint)) {
          outcomes.set(delivery.id, {
            outcome: "failed",
            error: "the push service is not on the allow-list",
          });
          continue;
        }
        const reminder = delivery.event === "access-expiring";
        subscriptionOf.set(delivery.id, subscription.id);
        jobs.push({
          id: delivery.id,
          endpoint: subscription.endpoint,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          // The notification shows the body: it carries one short line of disclosure (pushBody).
          payload: JSON.stringify({
            ...delivery.content,
            body: pushBody(delivery.content, delivery.language),
          }),
          headers: {
            TTL: reminder ? REMINDER_TTL_S : SIGNAL_TTL_S,
            Urgency: reminder ? "normal" : "high",
            Authorization: authorization(new URL(subscription.endpoint).origin),
          },
        });
      }
      const gone = new Set<number>();
      const unanswered = new Map<number, number[]>();
      const answered = new Set<number>();
      for (const result of await workers.send(jobs)) {
        const outcome = outcomeOf(result);
        outcomes.set(result.id, outcome);
        const subscription = subscriptionOf.get(result.id) as number;
        if (outcome.outcome === "gone") gone.add(subscription);
        if ("noAnswer" in result) {
          unanswered.set(subscription, [...(unanswered.get(subscription) ?? []), result.id]);
        } else if ("status" in result && (byId.get(String(subscription))?.unreachable ?? 0) > 0) {
          answered.add(subscription);
        }
      }
      await deps.repository.removePushSubscriptionsById(
        [...gone],
        "the push service said it is gone",
      );
      // A push service that never answers (its name does not resolve, the connection times out) is
      // given a few tries across alerts, not six per alert for ever: then the browser is gone.
      const unreachable = await deps.repository.countUnreachable([...unanswered.keys()]);
      for (const id of unreachable) {
        for (const deliveryId of unanswered.get(id) ?? []) {
          outcomes.set(deliveryId, {
            outcome: "gone",
            error: `${(outcomes.get(deliveryId) as { error?: string }).error}; no answer ${PUSH_UNREACHABLE_LIMIT} times in a row`,
          });
        }
      }
      await deps.repository.removePushSubscriptionsById(
        unreachable,
        "the push service did not answer several times in a row",
      );
      await deps.repository.answered([...answered]);
      return outcomes;
    },

    /**
     * Names the browsers subscribed since the last call (every one, the first time) to the workers, which
     * make the keys of each one's next message while they have nothing to send.
     */
    async warm() {
      for (;;) {
        const rows = await deps.repository.pushSubscriptionsAfter(warmedUpTo, WARM_PAGE);
        workers.prepare(rows);
        warmedUpTo = rows.at(-1)?.id ?? warmedUpTo;
        if (rows.length < WARM_PAGE) return;
      }
    },

    async close() {
      await workers.close();
    },
  };
}
