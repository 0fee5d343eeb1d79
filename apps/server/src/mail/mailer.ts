/**
 * Outgoing mail. With SMTP_URL, a real SMTP conversation through nodemailer; without it (development and
 * tests only: production requires SMTP_URL), each message is written to DATA_DIR/outbox as an .eml file and
 * summarised in the log, so a developer can read the OTP a user would receive.
 */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config/app-config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Further header fields (an alert's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** "asha.rao@example.in" → "a***@example.in": enough to tell messages apart, not a contact list in logs. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

export function createMailer(config: AppConfig, logger: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        logger.info(
          { to: maskAddress(message.to), subject: message.subject, id: info.messageId },
          "mail sent",
        );
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: maskAddress(message.to), subject: message.subject, file },
        "mail written to the outbox",
      );
    },
    close: () => transport.close(),
  };
}
