/**
 * A real SMTP server in the test process (@kalpa/testkit/smtp) that keeps every message it receives,
 * decodes the text part (quoted-printable or base64, inside multipart/alternative or not) and finds the
 * OTPs in it. Tests point SMTP_URL at it and read codes the way a user would: from the mail.
 */
import { startSmtpCapture } from "@kalpa/testkit/smtp";
import { type ParsedMail, parseMail } from "./mime";

export interface TrappedMail extends ParsedMail {
  to: string[];
  raw: string;
}

/** "one-time password (OTP) is: 123456", and the Telugu and Hindi mails' "(OTP): 123456" / "(OTP) है: 123456". */
const OTP_IN_TEXT = /\(OTP\)[^\d\n]{0,12}(\d{6})/;
const WAIT_MS = 5000;

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
  const capture = await startSmtpCapture(({ to, raw }) => {
    const mail: TrappedMail = { ...parseMail(raw), to, raw };
    const otp = otpIn(mail);
    if (otp) seenOtps.add(otp);
    mails.push(mail);
  });
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
    url: capture.url,
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
    close: () => capture.close(),
  };
}
