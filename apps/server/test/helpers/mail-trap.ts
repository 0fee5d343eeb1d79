/**
 * A real SMTP server in the test process that keeps every message it receives, decodes the text part
 * (quoted-printable or base64, inside multipart/alternative or not) and finds the OTPs in it. Tests point
 * SMTP_URL at it and read codes the way a user would: from the mail.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface TrappedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  raw: string;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

const OTP_IN_TEXT = /one-time password \(OTP\) is: (\d{6})/;
const WAIT_MS = 5000;

function parsePart(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64")
    return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replaceAll("_", " ")),
  );
}

/** The leaf parts of a message, depth first. */
function leaves(part: MimePart): MimePart[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => leaves(parsePart(section.replace(/^\r?\n/, ""))));
}

export function parseMail(raw: string, to: string[]): TrappedMail {
  const message = parsePart(raw);
  const parts = leaves(message);
  const typed = (type: string) =>
    parts.find((part) => (part.headers.get("content-type") ?? "text/plain").startsWith(type));
  const text = typed("text/plain");
  const html = typed("text/html");
  return {
    to,
    subject: decodeHeader(message.headers.get("subject") ?? ""),
    text: text ? decodeBody(text) : "",
    html: html ? decodeBody(html) : undefined,
    raw,
  };
}

export interface MailTrap {
  /** smtp://127.0.0.1:<port> */
  url: string;
  mails: TrappedMail[];
  /** Every OTP any trapped mail carried. */
  seenOtps: Set<string>;
  mailsFor(address: string): TrappedMail[];
  /** Waits until `address` has more than `already` mails; answers the newest. */
  nextMailFor(address: string, already: number): Promise<TrappedMail>;
  /** Waits for the first mail to `address`, or answers the newest one it has. */
  latestMailFor(address: string): Promise<TrappedMail>;
  latestOtpFor(address: string): Promise<string>;
  close(): Promise<void>;
}

export function otpIn(mail: TrappedMail): string | undefined {
  return OTP_IN_TEXT.exec(mail.text)?.[1];
}

export async function startMailTrap(): Promise<MailTrap> {
  const mails: TrappedMail[] = [];
  const seenOtps = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        );
        const otp = otpIn(mail);
        if (otp) seenOtps.add(otp);
        mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailsFor = (address: string) =>
    mails.filter((mail) => mail.to.includes(address.toLowerCase()));

  async function nextMailFor(address: string, already: number): Promise<TrappedMail> {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const found = mailsFor(address);
      if (found.length > already) return found[found.length - 1] as TrappedMail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no new mail for ${address} within ${WAIT_MS} ms`);
  }

  const latestMailFor = (address: string) =>
    nextMailFor(address, Math.max(0, mailsFor(address).length - 1));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    seenOtps,
    mailsFor,
    nextMailFor,
    latestMailFor,
    async latestOtpFor(address) {
      const otp = otpIn(await latestMailFor(address));
      if (!otp) throw new Error(`the latest mail for ${address} carries no OTP`);
      return otp;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
