import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";
import { escapeHtml, otpMail } from "./mail-templates";
import { generateOtp, hashOtp, otpMatches, randomToken, sha256Hex } from "./secrets";

describe("one-time codes", () => {
  it("are six digits, leading zeros kept", () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it("are stored salted: the same code hashes differently, and only the code matches", () => {
    const first = hashOtp("012345");
    const second = hashOtp("012345");
    expect(first.hash).not.toBe(second.hash);
    expect(first.hash).not.toContain("012345");
    expect(otpMatches("012345", first.salt, first.hash)).toBe(true);
    expect(otpMatches("012346", first.salt, first.hash)).toBe(false);
    expect(otpMatches("012345", second.salt, first.hash)).toBe(false);
    expect(otpMatches("012345", first.salt, "abcd")).toBe(false);
  });
});

describe("tokens", () => {
  it("are 256 random bits, stored as their SHA-256", () => {
    const token = randomToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
    expect(sha256Hex(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the common-password list", () => {
  it("holds the xato list, compared case-insensitively", () => {
    for (const password of ["password", "123456", "PASSWORD", "Qwerty", "iloveyou", "trustno1"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ["Kx9!f3e2a1", "correct horse battery staple", "Demo@1234x"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe("the OTP mail", () => {
  it("escapes what it puts into HTML", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
    const mail = otpMail({
      brand: "K<a>lpa<script>alert(1)</script>",
      to: "asha@example.in",
      code: "042042",
      purpose: "signup",
    });
    expect(mail.subject).toBe("K<a>lpa<script>alert(1)</script>: your verification code");
    expect(mail.text).toContain("is: 042042");
    expect(mail.text).toContain("expires in 10 minutes");
    expect(mail.html).toContain("K&lt;a&gt;lpa");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
  });
});
