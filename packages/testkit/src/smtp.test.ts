import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { type ReceivedMail, startSmtpCapture } from "./smtp";

describe("the SMTP capture", () => {
  it("hands each message to the caller with its envelope, and answers the sender after", async () => {
    const received: ReceivedMail[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const capture = await startSmtpCapture(async (mail) => {
      received.push(mail);
      await held;
    });
    try {
      const transport = nodemailer.createTransport({ url: capture.url } as never);
      let sent = false;
      const sending = transport
        .sendMail({
          from: "Kalpa <otp@kalpa.test>",
          to: "Asha@Example.in",
          subject: "Your code",
          text: "Code: 123456",
        })
        .then(() => {
          sent = true;
        });
      await expect.poll(() => received.length).toBe(1);
      expect(sent).toBe(false);
      release();
      await sending;
      expect(received[0]).toMatchObject({ to: ["asha@example.in"], from: "otp@kalpa.test" });
      expect(received[0]?.raw).toContain("Code: 123456");
    } finally {
      await capture.close();
    }
  });
});
