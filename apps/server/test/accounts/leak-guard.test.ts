import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { secretsIn } from "../helpers/accounts";
import { parseMail } from "../helpers/mime";

const response = (body: string, headers: Record<string, string> = {}) =>
  ({
    body,
    headers: { date: "Mon, 01 Jan 2026 12:34:56 GMT", ...headers },
  }) as unknown as LightMyRequestResponse;

describe("the test wrapper's leak check", () => {
  it("finds a seen OTP in a body or a header, and any argon2 hash", () => {
    expect(secretsIn(response('{"otp":"123456"}'), ["123456"])).toEqual(["the OTP 123456"]);
    expect(secretsIn(response("{}", { "x-debug": "code 123456" }), ["123456"])).toEqual([
      "the OTP 123456",
    ]);
    expect(secretsIn(response('{"h":"$argon2id$v=19$..."}'), [])).toEqual(["an argon2 hash"]);
  });

  it("does not mistake longer numbers or the date for an OTP", () => {
    expect(secretsIn(response('{"id":"11234567"}'), ["123456"])).toEqual([]);
    expect(secretsIn(response("{}"), ["202612"])).toEqual([]);
  });
});

describe("the mail trap's parser", () => {
  it("decodes quoted-printable and base64 text parts of a multipart message", () => {
    const raw = [
      "Subject: =?UTF-8?Q?Kalpa=3A_your_code?=",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Your one-time password (OTP) is: 654321 =E2=80=94 a long line that wraps=",
      " here",
      "--b1",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("<p>654321</p>").toString("base64"),
      "--b1--",
      "",
    ].join("\r\n");
    const mail = parseMail(raw);
    expect(mail.subject).toBe("Kalpa: your code");
    expect(mail.text).toContain("is: 654321 — a long line that wraps here");
    expect(mail.html).toBe("<p>654321</p>");
  });
});
