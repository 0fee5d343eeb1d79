import { readdir, readFile } from "node:fs/promises";
import { type SmtpCapture, startSmtpCapture } from "@kalpa/testkit/smtp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskAddress } from "../src/mail/mailer";
import { createTestApp } from "./helpers/test-app";

describe("maskAddress", () => {
  it("keeps the first letter and the domain only", () => {
    expect(maskAddress("asha.rao@example.in")).toBe("a***@example.in");
    expect(maskAddress("not-an-address")).toBe("***");
  });
});

describe("mail without SMTP_URL", () => {
  it("writes the message to DATA_DIR/outbox", async () => {
    const t = await createTestApp();
    try {
      await t.mailer.send({ to: "asha@example.in", subject: "Your code", text: "Code: 123456" });
      const outbox = `${t.config.dataDir}/outbox`;
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      const raw = await readFile(`${outbox}/${files[0]}`, "utf8");
      expect(raw).toContain("To: asha@example.in");
      expect(raw).toContain("Subject: Your code");
      expect(raw).toContain("Code: 123456");
    } finally {
      await t.close();
    }
  });
});

describe("mail with SMTP_URL", () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture(({ to, raw }) => {
      received.push({ to, raw });
    });
  });
  afterAll(() => smtp.close());

  it("holds a real SMTP conversation", async () => {
    const t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Kalpa <otp@kalpa.test>" },
    });
    try {
      await t.mailer.send({ to: "ravi@example.in", subject: "Welcome", text: "Hello Ravi" });
    } finally {
      await t.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(["ravi@example.in"]);
    expect(received[0]?.raw).toContain("From: Kalpa <otp@kalpa.test>");
    expect(received[0]?.raw).toContain("Hello Ravi");
  });
});
