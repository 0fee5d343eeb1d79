/**
 * An SMTP server that accepts every message and stores it under MAIL_DIR as JSON ({ to, from, raw }), so
 * journeys can read the mail (an OTP, a username reminder) exactly as a user's inbox would receive it.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  from: string;
  receivedAt: string;
  raw: string;
}

export async function startMailCapture(dir: string) {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        const file = path.join(dir, `${Date.now()}-${String(count).padStart(4, "0")}.json`);
        // Written beside, then renamed: a test polling the folder never reads half a message.
        const partial = `${file}.partial`;
        writeFile(partial, JSON.stringify(mail))
          .then(() => rename(partial, file))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
