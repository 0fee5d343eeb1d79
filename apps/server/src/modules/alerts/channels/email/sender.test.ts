import { describe, expect, it } from "vitest";
import { alertMail, outcomeOfMailError } from "./sender";
import { createUnsubscribeTokens } from "./unsubscribe";

describe("alert e-mails", () => {
  it("retries what the mail server may take later, and gives up on what it refuses", () => {
    expect(outcomeOfMailError({ responseCode: 451, message: "try later" }).outcome).toBe("retry");
    expect(outcomeOfMailError({ code: "ECONNECTION", message: "refused" }).outcome).toBe("retry");
    expect(outcomeOfMailError({ responseCode: 550, message: "no such user" }).outcome).toBe(
      "failed",
    );
  });

  it("escapes what it puts into the HTML and carries RFC 8058's two header fields", () => {
    const mail = alertMail({
      brand: "Kalpa",
      origin: "https://kalpa.example",
      to: "asha@example.in",
      content: { title: "<b>x</b>", body: "a & b", url: "/dashboard", tag: "t" },
      unsubscribeUrl: "https://kalpa.example/alerts/unsubscribe?token=1.abc",
    });
    expect(mail.html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(mail.html).toContain("a &amp; b");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://kalpa.example/alerts/unsubscribe?token=1.abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("makes a link only the key's holder can make, for one account", () => {
    const tokens = createUnsubscribeTokens(Buffer.alloc(32, 7), "https://kalpa.example");
    const other = createUnsubscribeTokens(Buffer.alloc(32, 8), "https://kalpa.example");
    const token = tokens.tokenFor(42);
    expect(tokens.userOf(token)).toBe(42);
    expect(other.userOf(token)).toBeUndefined();
    expect(tokens.userOf(token.replace(/^42/, "43"))).toBeUndefined();
    expect(tokens.urlFor(42)).toBe(`https://kalpa.example/alerts/unsubscribe?token=${token}`);
  });
});
