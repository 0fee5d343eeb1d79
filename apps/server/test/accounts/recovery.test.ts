import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { auditLog, sessions, users } from "../../src/db/schema";
import { LIMIT_RULES, OTP_TTL_MS, RESET_GRANT_TTL_MS } from "../../src/modules/auth/policy";
import { type AccountsHarness, type Browser, unique, useAccountsApp } from "../helpers/accounts";

/** What an observer can compare between two answers: all but the date. */
function observable(res: LightMyRequestResponse) {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

const unknownEmail = () => `${unique("nobody_")}@example.in`;

async function userRow(h: AccountsHarness, username: string) {
  const [row] = await h.t.database.db.select().from(users).where(eq(users.username, username));
  return row;
}

describe("recovery answers the same whether or not the address has an account", () => {
  const h = useAccountsApp();

  it("allows 20 recovery mails an hour from one IP across addresses, then refuses the 21st", async () => {
    const b = h.browser();
    const paths = [
      "/api/auth/forgot-username",
      "/api/auth/forgot-password",
      "/api/auth/resend-reset-otp",
    ];
    for (let i = 0; i < 20; i += 1) {
      const res = await b.post(paths[i % paths.length] ?? "", { email: unknownEmail() });
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await b.post("/api/auth/forgot-username", { email: unknownEmail() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
    expect(
      (await h.browser().post("/api/auth/forgot-username", { email: unknownEmail() })).statusCode,
    ).toBe(200);
  });

  for (const path of [
    "/api/auth/forgot-username",
    "/api/auth/forgot-password",
    "/api/auth/resend-reset-otp",
  ]) {
    it(`${path}: same status, body and headers; mail only to a real account`, async () => {
      const account = await h.browser().signUp();
      const mailsBefore = h.trap.mailsFor(account.email).length;
      const nobody = unknownEmail();
      const known = await h.browser().post(path, { email: account.email.toUpperCase() });
      const unknown = await h.browser().post(path, { email: nobody });
      expect(known.statusCode).toBe(200);
      expect(observable(unknown)).toEqual(observable(known));
      expect(known.json().message).toBe(
        path.endsWith("username")
          ? ACCOUNT_MESSAGES.forgotUsernameSent
          : ACCOUNT_MESSAGES.forgotPasswordSent,
      );
      await h.trap.nextMailFor(account.email, mailsBefore);
      expect(h.trap.mailsFor(nobody)).toEqual([]);
    });
  }

  it("refuses a second reset code within 60 s alike, known address or not", async () => {
    const account = await h.browser().signUp();
    const nobody = unknownEmail();
    const answers = [];
    for (const email of [account.email, nobody]) {
      const b = h.browser();
      expect((await b.post("/api/auth/forgot-password", { email })).statusCode).toBe(200);
      answers.push(await b.post("/api/auth/resend-reset-otp", { email }));
    }
    const [known, unknown] = answers as [LightMyRequestResponse, LightMyRequestResponse];
    expect(known.statusCode).toBe(429);
    const retryAfter = Number(known.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(known.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.resendCooldown(retryAfter),
      code: "RATE_LIMITED",
    });
    expect(observable(unknown)).toEqual(observable(known));
  });

  it("allows five recovery mails an hour per address, then refuses alike", async () => {
    const account = await h.browser().signUp();
    const nobody = unknownEmail();
    const sixth: LightMyRequestResponse[] = [];
    for (const email of [account.email, nobody]) {
      // From a different IP each time: the limit follows the address.
      for (let i = 0; i < 5; i += 1) {
        const res = await h.browser().post("/api/auth/forgot-username", { email });
        expect(res.statusCode, `request ${i + 1}`).toBe(200);
      }
      sixth.push(await h.browser().post("/api/auth/forgot-username", { email }));
    }
    const [known, unknown] = sixth as [LightMyRequestResponse, LightMyRequestResponse];
    expect(known.statusCode).toBe(429);
    const retryAfter = Number(known.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(known.json().error).toBe(ACCOUNT_MESSAGES.tryAgainIn(retryAfter));
    expect(observable(unknown)).toEqual(observable(known));
  });

  it("validates the address first", async () => {
    const res = await h.browser().post("/api/auth/forgot-password", { email: "not-an-address" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(VALIDATION_MESSAGES.invalidEmail);
  });
});

describe("the forgot-username mail", () => {
  const h = useAccountsApp();

  it("carries the username and the brand", async () => {
    const account = await h.browser().signUp();
    const before = h.trap.mailsFor(account.email).length;
    await h.browser().post("/api/auth/forgot-username", { email: account.email });
    const mail = await h.trap.nextMailFor(account.email, before);
    expect(mail.subject).toBe("Kalpa: your username");
    expect(mail.text).toContain(`is: ${account.username}`);
    expect(mail.html).toContain(`<strong>${account.username}</strong>`);
  });
});

describe("password reset", () => {
  const h = useAccountsApp({ env: { SINGLE_SESSION: "false" } });

  async function requestCode(b: Browser, email: string) {
    const before = h.trap.mailsFor(email).length;
    expect((await b.post("/api/auth/forgot-password", { email })).statusCode).toBe(200);
    const mail = await h.trap.nextMailFor(email, before);
    expect(mail.subject).toBe("Kalpa: your password reset code");
    expect(mail.text).toContain("expires in 10 minutes");
    return mail.text.match(/is: (\d{6})/)?.[1] ?? "";
  }

  it("verifies the code, then sets the new password and ends every session", async () => {
    const phone = h.browser();
    const laptop = h.browser();
    const account = await phone.signUp();
    await phone.login(account);
    await laptop.login(account);

    const b = h.browser();
    const otp = await requestCode(b, account.email);
    const verified = await b.post("/api/auth/verify-reset-otp", { email: account.email, otp });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetOtpVerified });
    const grant = String(verified.headers["set-cookie"]);
    expect(grant).toMatch(/^kalpa_reset=[A-Za-z0-9_-]{43};/);
    expect(grant).toContain("HttpOnly");
    expect(grant).toContain("SameSite=Lax");
    expect(grant).toContain("Path=/api/auth");
    expect(grant).toContain("Max-Age=900");

    const newPassword = "Fresh-Start-2025!";
    const reset = await b.post("/api/auth/reset-password", {
      email: account.email,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordReset });
    expect(String(reset.headers["set-cookie"])).toMatch(/^kalpa_reset=;/);

    expect((await phone.get("/api/auth/me")).statusCode).toBe(401);
    expect((await laptop.get("/api/auth/me")).statusCode).toBe(401);
    const user = await userRow(h, account.username);
    const rows = await h.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0))
      .orderBy(asc(sessions.id));
    expect(rows.map((row) => row.revokedReason)).toEqual(["password_reset", "password_reset"]);
    const audit = await h.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${user?.id}`));
    expect(audit.map((entry) => entry.action)).toContain("user.password_reset");

    expect((await h.browser().post("/api/auth/login", account)).statusCode).toBe(401);
    await h.browser().login({ username: account.username, password: newPassword });

    // The code and the grant were used up.
    const reuse = await h
      .browser()
      .post("/api/auth/verify-reset-otp", { email: account.email, otp });
    expect(reuse.json().error).toBe(ACCOUNT_MESSAGES.resetOtpRejected);
    const replay = await b.request("POST", "/api/auth/reset-password", {
      payload: {
        email: account.email,
        newPassword: "Another-9-pass",
        confirmPassword: "Another-9-pass",
      },
      headers: { cookie: grant.split(";")[0] ?? "" },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(ACCOUNT_MESSAGES.resetNotVerified);
  });

  it("cannot be done by someone who only knows the address", async () => {
    const account = await h.browser().signUp();
    const victim = h.browser();
    await requestCode(victim, account.email);
    const attacker = h.browser();
    const res = await attacker.post("/api/auth/reset-password", {
      email: account.email,
      newPassword: "Taken-Over-99",
      confirmPassword: "Taken-Over-99",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.resetNotVerified,
      code: "BAD_REQUEST",
    });
    await h.browser().login(account);
  });

  it("refuses a grant used for another address, or older than 15 minutes", async () => {
    const account = await h.browser().signUp();
    const other = await h.browser().signUp();
    const b = h.browser();
    h.clock.freeze();
    const otp = await requestCode(b, account.email);
    expect(
      (await b.post("/api/auth/verify-reset-otp", { email: account.email, otp })).statusCode,
    ).toBe(200);
    const body = (email: string) => ({
      email,
      newPassword: "Moved-On-77",
      confirmPassword: "Moved-On-77",
    });
    const elsewhere = await b.post("/api/auth/reset-password", body(other.email));
    expect(elsewhere.json().error).toBe(ACCOUNT_MESSAGES.resetNotVerified);
    h.clock.advance(RESET_GRANT_TTL_MS);
    const late = await b.post("/api/auth/reset-password", body(account.email));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(ACCOUNT_MESSAGES.resetNotVerified);
    await h.browser().login(account);
  });

  it("refuses a common or mismatched new password, keeping the grant", async () => {
    const account = await h.browser().signUp();
    const b = h.browser();
    const otp = await requestCode(b, account.email);
    await b.post("/api/auth/verify-reset-otp", { email: account.email, otp });
    const common = await b.post("/api/auth/reset-password", {
      email: account.email,
      newPassword: "Iloveyou",
      confirmPassword: "Iloveyou",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      error: ACCOUNT_MESSAGES.commonPassword,
    });
    expect(common.json().issues).toEqual([
      { path: "newPassword", message: ACCOUNT_MESSAGES.commonPassword },
    ]);
    const mismatch = await b.post("/api/auth/reset-password", {
      email: account.email,
      newPassword: "Good-Choice-42",
      confirmPassword: "Good-Choice-43",
    });
    expect(mismatch.json().error).toBe(VALIDATION_MESSAGES.passwordsDoNotMatch);
    const ok = await b.post("/api/auth/reset-password", {
      email: account.email,
      newPassword: "Good-Choice-42",
      confirmPassword: "Good-Choice-42",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("answers a wrong code and an unknown address alike, and caps the tries", async () => {
    const account = await h.browser().signUp();
    const b = h.browser();
    const otp = await requestCode(b, account.email);
    const wrong = otp === "111111" ? "111112" : "111111";
    const nobody = unknownEmail();
    const tryCode = (email: string, code: string) =>
      b.post("/api/auth/verify-reset-otp", { email, otp: code });
    const rejected = {
      success: false,
      error: ACCOUNT_MESSAGES.resetOtpRejected,
      code: "BAD_REQUEST",
    };
    for (let i = 0; i < 5; i += 1) {
      const known = await tryCode(account.email, wrong);
      const unknown = await tryCode(nobody, wrong);
      expect(observable(unknown)).toEqual(observable(known));
      expect(known.statusCode).toBe(400);
      expect(known.json()).toEqual(rejected);
      expect(known.headers["set-cookie"]).toBeUndefined();
    }
    // The code's five tries are spent: even the right code is refused, and it reads like any wrong code.
    const right = await tryCode(account.email, otp);
    expect(right.json()).toEqual(rejected);
    expect(observable(await tryCode(nobody, otp))).toEqual(observable(right));
  });

  it("answers an expired code like a wrong one", async () => {
    const account = await h.browser().signUp();
    const b = h.browser();
    h.clock.freeze();
    const otp = await requestCode(b, account.email);
    h.clock.advance(OTP_TTL_MS);
    const expired = await b.post("/api/auth/verify-reset-otp", { email: account.email, otp });
    const unknown = await b.post("/api/auth/verify-reset-otp", { email: unknownEmail(), otp });
    expect(expired.json().error).toBe(ACCOUNT_MESSAGES.resetOtpRejected);
    expect(observable(unknown)).toEqual(observable(expired));
  });

  /**
   * Moves past the 60 s between reset codes: the app's clock for in-memory counters, and with Redis (whose
   * expiry follows real time) by removing the cooldown's key, as its expiry would.
   */
  async function letTheMinutePass(emails: string[]) {
    h.clock.advance(61_000);
    if (!process.env.REDIS_URL) return;
    const redis = new Redis(process.env.REDIS_URL);
    try {
      await redis.del(
        ...emails.map(
          (email) => `${h.t.config.redisKeyPrefix}limit:${LIMIT_RULES.resetResend.name}:${email}`,
        ),
      );
    } finally {
      await redis.quit();
    }
  }

  it("caps wrong codes per address across new codes: ten a day, known address or not", async () => {
    const account = await h.browser().signUp();
    const nobody = unknownEmail();
    h.clock.freeze();
    const answers: Record<string, number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 3; round += 1) {
      // A fresh code every round (past the 60 s cooldown), each with its own five tries.
      const b = h.browser();
      const otp = await requestCode(b, account.email);
      await b.post("/api/auth/forgot-password", { email: nobody });
      const wrong = otp === "111111" ? "111112" : "111111";
      for (let i = 0; i < 4; i += 1) {
        answers.known?.push(
          (await b.post("/api/auth/verify-reset-otp", { email: account.email, otp: wrong }))
            .statusCode,
        );
        answers.unknown?.push(
          (await b.post("/api/auth/verify-reset-otp", { email: nobody, otp: wrong })).statusCode,
        );
      }
      await letTheMinutePass([account.email, nobody]);
    }
    const expected = [...Array<number>(10).fill(400), 429, 429];
    expect(answers.known).toEqual(expected);
    expect(answers.unknown).toEqual(expected);
    // Even the right code of a fresh code waits for the day to pass.
    const b = h.browser();
    const otp = await requestCode(b, account.email);
    const right = await b.post("/api/auth/verify-reset-otp", { email: account.email, otp });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(20 * 60 * 60);
  });
});
