/**
 * What the alert queue asks of a channel (push, Telegram, e-mail) and what it answers: the delivery to
 * send, its outcome, and a helper that sends a batch side by side while each target's messages keep the
 * queue's order. A channel imports this, not the queue.
 */
import type { AlertChannel, PushPayload } from "@kalpa/contracts/api/alerts";
import type { Language } from "@kalpa/contracts/api/session";
import type { AccessKey } from "@kalpa/contracts/names";

export interface Delivery {
  id: number;
  userId: number;
  channel: AlertChannel;
  target: string;
  attempts: number;
  event: string;
  instrument: AccessKey;
  content: PushPayload;
  /** The subscriber's language, which the channel writes the alert's words in (English when unset). */
  language?: Language;
}

export type SendOutcome =
  | { outcome: "sent" }
  /** The device or chat is gone for good: forget it. */
  | { outcome: "gone"; error: string }
  | {
      outcome: "retry";
      error: string;
      retryAfterMs?: number;
      /** Handed back without being tried (the channel is waiting out a rate limit): no attempt used. */
      untried?: true;
    }
  | { outcome: "failed"; error: string }
  /** Not sent: the device or chat is no longer the subscriber's (unlinked, or another account's now). */
  | { outcome: "skipped"; error: string };

/** A channel sends a batch of deliveries (in parallel as it sees fit) and answers each one's outcome. */
export interface ChannelSender {
  send(deliveries: readonly Delivery[]): Promise<Map<number, SendOutcome>>;
  /** Lets go of what it holds (worker threads, connections); the loop's `stop` calls it. */
  close?(): Promise<void>;
  /** Prepares for what it may be asked to send (push: new browsers' keys); the main loop calls it. */
  warm?(): Promise<void>;
  /**
   * The messages a second the channel starts at most (Telegram's limit for a bot). A paced channel's
   * rows wait in the queue and a loop of its own claims them, a few seconds' worth at a time, so it
   * never holds up the other channels and no claim outlasts its sending.
   */
  perSecond?: number;
}

/**
 * Sends each delivery with `sendOne`, up to `concurrency` at once, and answers each one's outcome. One
 * target's deliveries (a device, a chat, an inbox) go one after another in the queue's order, so a
 * signal's "closed" never overtakes its "triggered".
 */
export async function sendInParallel(
  deliveries: readonly Delivery[],
  concurrency: number,
  sendOne: (delivery: Delivery) => Promise<SendOutcome>,
): Promise<Map<number, SendOutcome>> {
  const byTarget = new Map<string, Delivery[]>();
  for (const delivery of [...deliveries].sort((a, b) => a.id - b.id)) {
    const list = byTarget.get(delivery.target);
    if (list) list.push(delivery);
    else byTarget.set(delivery.target, [delivery]);
  }
  const queues = [...byTarget.values()];
  const outcomes = new Map<number, SendOutcome>();
  let next = 0;
  const worker = async () => {
    while (next < queues.length) {
      for (const delivery of queues[next++] as Delivery[]) {
        outcomes.set(delivery.id, await sendOne(delivery));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queues.length) }, worker));
  return outcomes;
}

/**
 * At most `limit` calls of `run` under way at once, over every caller (a channel's batches overlap): the
 * others wait their turn, first come first served.
 */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next in line, so a newcomer cannot jump the queue.
      if (next) next();
      else active--;
    }
  };
}
