/**
 * An SMTP server on 127.0.0.1 (a free port) that accepts every message, for suites that point SMTP_URL at
 * it and read mail the way a user would. What becomes of a message is the caller's: the server suites keep
 * it in memory (apps/server/test/helpers/mail-trap.ts), the browser journeys write it to a folder the
 * tests' process reads (e2e/support/mail-capture.ts).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's recipients, lower-cased. */
  to: string[];
  /** The envelope's sender ("" when none). */
  from: string;
  /** The message as sent (headers and body). */
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the server; `onMail` is called with each message, and the sender is answered once it returns (or
 * its promise settles; a rejection is the sender's error).
 */
export async function startSmtpCapture(
  onMail: (mail: ReceivedMail) => void | Promise<void>,
): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        let handled: void | Promise<void>;
        try {
          handled = onMail(mail);
        } catch (error) {
          callback(error as Error);
          return;
        }
        if (handled instanceof Promise) handled.then(() => callback(), callback);
        else callback();
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
