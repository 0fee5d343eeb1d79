/**
 * Reads what the capturing SMTP server received (support/mail-capture.ts), as a user reads their inbox: the
 * plain-text body of the newest message to an address, decoded by the server suite's MIME reader.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseMail } from "../../apps/server/test/helpers/mime";
import { MAIL_DIR } from "./environment";
import type { CapturedMail } from "./mail-capture";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: Date;
}

async function readAll(): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = await readdir(MAIL_DIR);
  } catch {
    return [];
  }
  const mails: ReceivedMail[] = [];
  for (const file of files.filter((name) => name.endsWith(".json")).sort()) {
    const captured = JSON.parse(await readFile(path.join(MAIL_DIR, file), "utf8")) as CapturedMail;
    const { subject, text } = parseMail(captured.raw);
    mails.push({ to: captured.to, subject, text, receivedAt: new Date(captured.receivedAt) });
  }
  return mails;
}

/** Waits for a message to `address` received after `since` and matching `test`; returns the newest. */
export async function waitForMail(
  address: string,
  options: { since: Date; test?: (mail: ReceivedMail) => boolean; timeoutMs?: number },
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const wanted = address.toLowerCase();
  while (Date.now() < deadline) {
    const match = (await readAll())
      .filter((mail) => mail.to.includes(wanted) && mail.receivedAt >= options.since)
      .filter((mail) => options.test?.(mail) ?? true)
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address} arrived within ${options.timeoutMs ?? 10_000} ms`);
}

/** The 6-digit code in a message's text. */
export function otpIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}
