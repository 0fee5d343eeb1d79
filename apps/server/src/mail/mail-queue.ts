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
  drain(): Promise<void>;
}

export function createMailQueue(mailer: Mailer, log: FastifyBaseLogger): MailQueue {
  const pending = new Set<Promise<void>>();
  return {
    queue(message) {
      const sending: Promise<void> = mailer
        .send(message)
        .catch((error: unknown) => {
          log.error(
            { err: error, to: maskAddress(message.to), subject: message.subject },
            "mail could not be sent",
          );
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
