/**
 * E-mail alerts (decision 024) through the site's mailer. Each mail carries, in its text and as RFC 8058's
 * List-Unsubscribe and List-Unsubscribe-Post header fields, a link that stops alert e-mails without
 * signing in (unsubscribe.ts). Sent to the account's address as it is at the moment of sending.
 */
import type { PushPayload } from "@kalpa/contracts/api/alerts";
import { inArray } from "drizzle-orm";
import type { AppDb } from "../../../../db/client";
import { users } from "../../../../db/schema";
import { dictionaryOf, type Language } from "../../../../i18n/language";
import type { Mailer, MailMessage } from "../../../../mail/mailer";
import { escapeHtml, mailHtml } from "../../../auth/mail-templates";
import { disclosureLines, ledgerLine } from "../../content";
import { type ChannelSender, type SendOutcome, sendInParallel } from "../channel";
import type { UnsubscribeTokens } from "./unsubscribe";

/** SMTP conversations at once. */
const CONCURRENCY = 8;

export function alertMail(options: {
  brand: string;
  origin: string;
  to: string;
  content: PushPayload;
  unsubscribeUrl: string;
  /** The subscriber's language (decision 040); the content's title and body are in it already. */
  language?: Language;
}): MailMessage {
  const { brand, content, unsubscribeUrl } = options;
  const language = options.language ?? "en";
  const words = dictionaryOf(language).alertMail;
  const open = `${options.origin}${content.url}`;
  const why = words.why(brand);
  const ledger = content.ledger ? ledgerLine(content.ledger, language) : undefined;
  // The model and the algorithm disclosure (and the analyst, with a profile), beside the ledger line.
  const disclosure = disclosureLines(content, language);
  return {
    to: options.to,
    subject: `${brand}: ${content.title}`,
    text: [
      content.title,
      "",
      content.body,
      "",
      ...(disclosure.length > 0 ? [...disclosure, ""] : []),
      ...(ledger ? [ledger, ""] : []),
      words.openIt(open),
      "",
      `— ${brand}`,
      "",
      why,
      words.stop(unsubscribeUrl),
    ].join("\n"),
    html: mailHtml(
      brand,
      [
        `<strong>${escapeHtml(content.title)}</strong>`,
        escapeHtml(content.body),
        ...(disclosure.length > 0 ? [disclosure.map(escapeHtml).join("<br>")] : []),
        ...(ledger ? [`<span style="font-family:monospace">${escapeHtml(ledger)}</span>`] : []),
        `<a href="${escapeHtml(open)}">${escapeHtml(words.openOn(brand))}</a>`,
      ],
      `${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(words.stopLink)}</a>.`,
      language,
    ),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** What an SMTP failure means for the delivery: 4xx and no answer are temporary, 5xx is final. */
export function outcomeOfMailError(error: unknown): SendOutcome {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const description = `mail: ${message ?? String(error)}`;
  if (typeof responseCode === "number" && responseCode >= 500) {
    return { outcome: "failed", error: description };
  }
  return { outcome: "retry", error: description };
}

/** Sends the queue's e-mail deliveries (target: the user's id). */
export function createEmailSender(deps: {
  db: AppDb;
  mailer: Mailer;
  brand: string;
  origin: string;
  unsubscribe: UnsubscribeTokens;
}): ChannelSender {
  return {
    async send(deliveries) {
      const ids = [...new Set(deliveries.map((d) => Number(d.target)))];
      const rows = await deps.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, ids));
      const addressOf = new Map(rows.map((row) => [row.id, row.email]));
      return sendInParallel(deliveries, CONCURRENCY, async (delivery) => {
        const userId = Number(delivery.target);
        const to = addressOf.get(userId);
        if (!to) return { outcome: "failed", error: "the account is gone" };
        try {
          await deps.mailer.send(
            alertMail({
              brand: deps.brand,
              origin: deps.origin,
              to,
              content: delivery.content,
              unsubscribeUrl: deps.unsubscribe.urlFor(userId),
              ...(delivery.language ? { language: delivery.language } : {}),
            }),
          );
          return { outcome: "sent" };
        } catch (error) {
          return outcomeOfMailError(error);
        }
      });
    },
  };
}
