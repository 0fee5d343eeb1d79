import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users, verifications } from "../../src/db/schema";
import { OTP_TTL_MS } from "../../src/modules/auth/policy";
import { type Browser, newAccount, randomIp, unique, useAccountsApp } from "../helpers/accounts";

const h = useAccountsApp();

function registerBody(overrides: Record<string, string | undefined> = {}) {
  const { password, ...rest } = newAccount();
  return { ...rest, password, ...overrides };
}

async function expectValidation(browser: Browser, body: unknown, path: string, message: string) {
  const res = await browser.post("/api/auth/register", body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR", error: message });
  expect(res.json().issues).toContainEqual({ path, message });
}

async function rowOf(username: string) {
  const [row] = await h.t.database.db.select().from(users).where(eq(users.username, username));
  return row;
}

describe("registration: the spec's rules, on the server", () => {
  it("wants all fields: an empty or missing one reads Please fill in all fields", async () => {
    const b = h.browser();
    const res = await b.post("/api/auth/register", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(VALIDATION_MESSAGES.fillAllFields);
    for (const field of ["name", "email", "mobile", "username", "password"]) {
      await expectValidation(
        b,
        registerBody({ [field]: "  " }),
        field,
        VALIDATION_MESSAGES.fillAllFields,
      );
      await expectValidation(
        b,
        registerBody({ [field]: undefined }),
        field,
        VALIDATION_MESSAGES.fillAllFields,
      );
    }
  });

  it("checks the e-mail, the mobile number, the username and the password length", async () => {
    const b = h.browser();
    for (const email of ["asha", "asha@", "asha@example", "as ha@example.in"]) {
      await expectValidation(b, registerBody({ email }), "email", VALIDATION_MESSAGES.invalidEmail);
    }
    for (const mobile of ["98765", "98765432101", "98765abcde", "+919876543210"]) {
      await expectValidation(
        b,
        registerBody({ mobile }),
        "mobile",
        VALIDATION_MESSAGES.invalidMobile,
      );
    }
    for (const username of ["_asha", "asha__rao", "asha rao", "asha-rao", "asha@rao"]) {
      await expectValidation(
        b,
        registerBody({ username }),
        "username",
        VALIDATION_MESSAGES.invalidUsername,
      );
    }
    await expectValidation(
      b,
      registerBody({ password: "Ab1!x" }),
      "password",
      VALIDATION_MESSAGES.passwordTooShort,
    );
  });

  it("trims the username and removes its dots before storing it", async () => {
    const b = h.browser();
    const base = unique("asha_");
    const dotted = `  ${base.slice(0, 3)}.${base.slice(3)}.  `;
    const res = await b.post("/api/auth/register", registerBody({ username: dotted }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: { username: base },
      message: ACCOUNT_MESSAGES.registered,
    });
    expect((await rowOf(base))?.username).toBe(base);
  });

  it("refuses a common password, whatever its case", async () => {
    const b = h.browser();
    for (const password of ["password", "PassWord", "iloveyou", "qwerty123"]) {
      await expectValidation(
        b,
        registerBody({ password }),
        "password",
        ACCOUNT_MESSAGES.commonPassword,
      );
    }
  });

  it("stores the e-mail in lower case and keeps argon2id hashes, never the password", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.post("/api/auth/register", { ...account, email: `  ${account.email.toUpperCase()} ` });
    const row = await rowOf(account.username);
    expect(row?.email).toBe(account.email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.verifiedAt).toBeNull();
    expect(row?.role).toBe("user");
  });
});

describe("registration: names and addresses already taken", () => {
  it("refuses a taken username or e-mail, whatever the case, with 409", async () => {
    const b = h.browser();
    const first = await b.signUp();
    const sameName = await b.post(
      "/api/auth/register",
      registerBody({ username: first.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      success: false,
      code: "CONFLICT",
      error: ACCOUNT_MESSAGES.usernameTaken,
    });
    const sameEmail = await b.post(
      "/api/auth/register",
      registerBody({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it("keeps one account when two sign-ups for a name arrive together", async () => {
    const username = unique("twin_");
    const answers = await Promise.all(
      [0, 1].map(() => h.browser().post("/api/auth/register", newAccount({ username }))),
    );
    // Either the later one replaced the earlier (still unverified) account, or the database's unique
    // index refused it as taken; never a 500, never two accounts.
    for (const res of answers) {
      expect([201, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().error).toBe(ACCOUNT_MESSAGES.usernameTaken);
    }
    const rows = await h.t.database.db.select().from(users).where(eq(users.username, username));
    expect(rows).toHaveLength(1);
  });

  it("lets a new registration replace an unverified account holding the name or address", async () => {
    const b = h.browser();
    const pending = newAccount();
    expect((await b.post("/api/auth/register", pending)).statusCode).toBe(201);
    const pendingOtp = await h.trap.latestOtpFor(pending.email);

    // The same person went back and corrected the address: the username is theirs again at once.
    const corrected = { ...newAccount(), username: pending.username };
    const res = await b.post("/api/auth/register", corrected);
    expect(res.statusCode, res.body).toBe(201);
    const old = await b.post("/api/auth/verify-otp", {
      username: pending.username,
      otp: pendingOtp,
    });
    const fresh = await h.trap.latestOtpFor(corrected.email);
    if (fresh !== pendingOtp) expect(old.json().error).toBe(AUTH_MESSAGES.invalidOtp);
    const rows = await h.t.database.db
      .select()
      .from(users)
      .where(eq(users.username, pending.username));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(corrected.email);
    expect(
      await h.t.database.db.select().from(users).where(eq(users.email, pending.email)),
    ).toEqual([]);
  });

  it("never lets a verified account go", async () => {
    const b = h.browser();
    const account = await b.signUp();
    h.clock.advance(10 * 24 * 60 * 60 * 1000);
    const res = await b.post("/api/auth/register", { ...newAccount(), username: account.username });
    expect(res.statusCode).toBe(409);
  });
});

describe("the sign-up OTP", () => {
  it("arrives by mail with the brand, the code and its 10-minute life; stored only hashed", async () => {
    const b = h.browser();
    const account = newAccount({ name: `Asha <b>"Rao"</b>` });
    await b.post("/api/auth/register", account);
    const mail = await h.trap.latestMailFor(account.email);
    const otp = await h.trap.latestOtpFor(account.email);
    expect(otp).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain("Kalpa");
    expect(mail.text).toContain(otp);
    expect(mail.text).toContain("expires in 10 minutes");
    expect(mail.text).toContain("Kalpa");
    expect(mail.html).toContain(otp);
    // The name is whatever a stranger typed: it stays out of mail that carries the brand.
    expect(mail.text).not.toContain("Rao");
    expect(mail.html).not.toContain("Rao");

    const user = await rowOf(account.username);
    const rows = await h.t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, user?.id ?? 0));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(otp);
  });

  it("activates the account once; the code cannot be used again", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    const otp = await h.trap.latestOtpFor(account.email);
    const res = await b.post("/api/auth/verify-otp", { username: account.username, otp });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.accountVerified });
    expect((await rowOf(account.username))?.verifiedAt).toBeInstanceOf(Date);

    const again = await b.post("/api/auth/verify-otp", { username: account.username, otp });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ACCOUNT_MESSAGES.alreadyVerified);
    const user = await rowOf(account.username);
    const actions = (
      await h.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${user?.id}`))
    ).map((entry) => [entry.action, entry.actor]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["user.registered", String(user?.id)],
        ["user.verified", String(user?.id)],
      ]),
    );
  });

  it("answers a wrong code and an unknown username alike, and validates the code's shape", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    const otp = await h.trap.latestOtpFor(account.email);
    const wrong = otp === "000000" ? "000001" : "000000";
    const bad = await b.post("/api/auth/verify-otp", { username: account.username, otp: wrong });
    const unknown = await b.post("/api/auth/verify-otp", { username: unique(), otp: wrong });
    for (const res of [bad, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: AUTH_MESSAGES.invalidOtp,
        code: "BAD_REQUEST",
      });
    }
    const short = await b.post("/api/auth/verify-otp", {
      username: account.username,
      otp: "12345",
    });
    expect(short.json().error).toBe(VALIDATION_MESSAGES.invalidOtp);
  });

  it("dies after five wrong tries, even for the right code", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    const otp = await h.trap.latestOtpFor(account.email);
    const wrong = otp === "999999" ? "999998" : "999999";
    for (let i = 0; i < 5; i += 1) {
      const res = await b.post("/api/auth/verify-otp", { username: account.username, otp: wrong });
      expect(res.json().error).toBe(AUTH_MESSAGES.invalidOtp);
    }
    const right = await b.post("/api/auth/verify-otp", { username: account.username, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe(ACCOUNT_MESSAGES.otpTooManyTries);
    expect((await rowOf(account.username))?.verifiedAt).toBeNull();
  });

  it("still takes the right code after four wrong tries", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    const otp = await h.trap.latestOtpFor(account.email);
    const wrong = otp === "999999" ? "999998" : "999999";
    for (let i = 0; i < 4; i += 1) {
      await b.post("/api/auth/verify-otp", { username: account.username, otp: wrong });
    }
    const right = await b.post("/api/auth/verify-otp", { username: account.username, otp });
    expect(right.statusCode).toBe(200);
  });

  it("expires 10 minutes after it was sent", async () => {
    const b = h.browser();
    h.clock.freeze();
    const inTime = newAccount();
    const late = newAccount();
    await b.post("/api/auth/register", inTime);
    await b.post("/api/auth/register", late);
    const inTimeOtp = await h.trap.latestOtpFor(inTime.email);
    const lateOtp = await h.trap.latestOtpFor(late.email);
    h.clock.advance(OTP_TTL_MS - 1);
    const ok = await b.post("/api/auth/verify-otp", { username: inTime.username, otp: inTimeOtp });
    expect(ok.statusCode).toBe(200);
    h.clock.advance(1);
    const expired = await b.post("/api/auth/verify-otp", { username: late.username, otp: lateOtp });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(ACCOUNT_MESSAGES.otpExpired);
  });
});

describe("resending the sign-up OTP", () => {
  it("waits 60 s from the last send (registration counts), then replaces the code", async () => {
    const b = h.browser();
    h.clock.freeze();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    const first = await h.trap.latestOtpFor(account.email);

    h.clock.advance(59_999);
    const early = await b.post("/api/auth/resend-otp", { username: account.username });
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("1");
    expect(early.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.resendCooldown(1),
      code: "RATE_LIMITED",
    });

    h.clock.advance(1);
    const count = h.trap.mailsFor(account.email).length;
    const res = await b.post("/api/auth/resend-otp", { username: account.username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.otpResent });
    const mail = await h.trap.nextMailFor(account.email, count);
    const second = mail.text.match(/is: (\d{6})/)?.[1] ?? "";

    const again = await b.post("/api/auth/resend-otp", { username: account.username });
    expect(again.statusCode).toBe(429);
    expect(again.headers["retry-after"]).toBe("60");

    if (first !== second) {
      const old = await b.post("/api/auth/verify-otp", { username: account.username, otp: first });
      expect(old.json().error).toBe(AUTH_MESSAGES.invalidOtp);
    }
    const ok = await b.post("/api/auth/verify-otp", { username: account.username, otp: second });
    expect(ok.statusCode).toBe(200);
  });

  it("sends at most five a hour to one address", async () => {
    const b = h.browser();
    h.clock.freeze();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    for (let i = 0; i < 5; i += 1) {
      h.clock.advance(60_000);
      const res = await b.post("/api/auth/resend-otp", { username: account.username });
      expect(res.statusCode, `resend ${i + 1}`).toBe(200);
    }
    h.clock.advance(60_000);
    const refused = await b.post("/api/auth/resend-otp", { username: account.username });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().error).toBe(ACCOUNT_MESSAGES.tryAgainIn(retryAfter));
  });

  it("says when there is nothing to resend", async () => {
    const b = h.browser();
    const missing = await b.post("/api/auth/resend-otp", { username: unique() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ACCOUNT_MESSAGES.signupNotFound);
    const account = await b.signUp();
    const verified = await b.post("/api/auth/resend-otp", { username: account.username });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  });
});

describe("sign-up limits per IP", () => {
  it("allows ten registrations an hour from one IP, then 429 with Retry-After", async () => {
    const ip = randomIp();
    const b = h.browser(ip);
    for (let i = 0; i < 10; i += 1) {
      const res = await b.post("/api/auth/register", newAccount());
      expect(res.statusCode, `registration ${i + 1}`).toBe(201);
    }
    const refused = await b.post("/api/auth/register", newAccount());
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.tryAgainIn(retryAfter),
      code: "RATE_LIMITED",
    });
    expect(refused.json().error).toMatch(/try again in \d+ minutes/);
    expect((await h.browser().post("/api/auth/register", newAccount())).statusCode).toBe(201);
  });

  it("allows thirty wrong codes from one IP across accounts, then 429 even for a right one", async () => {
    const sprayer = h.browser();
    for (let i = 0; i < 30; i += 1) {
      const res = await sprayer.post("/api/auth/verify-otp", { username: unique(), otp: "123456" });
      expect(res.statusCode, `guess ${i + 1}`).toBe(400);
    }
    const account = newAccount();
    await h.browser().post("/api/auth/register", account);
    const otp = await h.trap.latestOtpFor(account.email);
    const refused = await sprayer.post("/api/auth/verify-otp", { username: account.username, otp });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const elsewhere = await h.browser().post("/api/auth/verify-otp", {
      username: account.username,
      otp,
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("an unverified account", () => {
  it("cannot log in: 403 with the right password, 401 with a wrong one", async () => {
    const b = h.browser();
    const account = newAccount();
    await b.post("/api/auth/register", account);
    const right = await b.post("/api/auth/login", account);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.notVerified,
      code: "FORBIDDEN",
    });
    expect(right.headers["set-cookie"]).toBeUndefined();
    const wrong = await b.post("/api/auth/login", { ...account, password: "Wrong-pass-1" });
    expect(wrong.statusCode).toBe(401);
  });
});
