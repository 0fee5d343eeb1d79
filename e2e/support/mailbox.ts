/**
 * Reads what the capturing SMTP server received (support/mail-capture.ts), as a user reads their inbox: the
 * plain-text body of the newest message to an address, decoded from its MIME transfer encoding.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { MAIL_DIR } from "./environment";
import type { CapturedMail } from "./mail-capture";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: Date;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const separator = part.search(/\r?\n\r?\n/);
  const head = separator === -1 ? part : part.slice(0, separator);
  const body = separator === -1 ? "" : part.slice(separator).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  // Folded header lines continue with leading whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain part of a raw message (single part or multipart). */
export function plainTextOf(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break;
    const text = plainTextOf(part.replace(/^\r?\n/, ""));
    if (text) return text;
  }
  return "";
}

function subjectOf(raw: string): string {
  const subject = splitHeaders(raw).headers.get("subject") ?? "";
  // RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=).
  return subject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
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
    mails.push({
      to: captured.to,
      subject: subjectOf(captured.raw),
      text: plainTextOf(captured.raw),
      receivedAt: new Date(captured.receivedAt),
    });
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
