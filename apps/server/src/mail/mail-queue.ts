/**
 * Sends mail in the background. A request that mails (sign-up, recovery) answers without waiting for the
 * SMTP conversation, so its timing does not tell whether an address has an account, and a slow or failing
 * mail server does not hold the request up. Failures are logged; `drain` lets shutdown wait for sends in
 * flight.
 */
import type { FastifyBaseLogger } from "fastify";
import { type Mailer, type MailMessage, maskAddress } from "./mailer";

export interface MailQueue {
  queue(message: MailMessage): void;
  /**
   * Runs `compose` after the request has been answered and sends what it returns, if anything: for work
   * (a lookup, a new code) that only some requests do, and whose cost must not show in the answer's timing.
   */
  queueLater(what: string, compose: () => Promise<MailMessage | undefined>): void;
  drain(): Promise<void>;
}

export function createMailQueue(mailer: Mailer, log: FastifyBaseLogger): MailQueue {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked: Promise<void> = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const send = (message: MailMessage) =>
    mailer.send(message).catch((error: unknown) => {
      log.error(
        { err: error, to: maskAddress(message.to), subject: message.subject },
        "mail could not be sent",
      );
    });
  return {
    queue(message) {
      track(send(message));
    },
    queueLater(what, compose) {
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(compose)
          .then((message) => (message ? send(message) : undefined))
          .catch((error: unknown) => {
            log.error({ err: error }, `${what}: could not prepare the mail`);
          }),
      );
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
