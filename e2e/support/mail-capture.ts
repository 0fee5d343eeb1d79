/**
 * The journeys' SMTP server (@kalpa/testkit/smtp) storing every message under MAIL_DIR as JSON
 * ({ to, from, receivedAt, raw }), so journeys, which run in another process than global-setup.ts, can read
 * the mail (an OTP, a username reminder) exactly as a user's inbox would receive it.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { startSmtpCapture } from "@kalpa/testkit/smtp";

export interface CapturedMail {
  to: string[];
  from: string;
  receivedAt: string;
  raw: string;
}

export async function startMailCapture(dir: string) {
  await mkdir(dir, { recursive: true });
  let count = 0;
  return startSmtpCapture(async ({ to, from, raw }) => {
    count += 1;
    const mail: CapturedMail = { to, from, receivedAt: new Date().toISOString(), raw };
    const file = path.join(dir, `${Date.now()}-${String(count).padStart(4, "0")}.json`);
    // Written beside, then renamed: a test polling the folder never reads half a message.
    const partial = `${file}.partial`;
    await writeFile(partial, JSON.stringify(mail));
    await rename(partial, file);
  });
}
