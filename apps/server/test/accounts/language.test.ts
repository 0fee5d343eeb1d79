/**
 * The account's language (decision 040): PUT /api/account/language sets it (204), refuses anything but
 * en, te and hi (400, nothing changed) and needs a session (401) from this site (Origin); GET /api/auth/me
 * and the export carry it. The sign-up OTP mail is in the browser's language before the account exists,
 * the recovery mails in the account's; the server's messages are in the signed-in user's language, else
 * the browser's.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { ACCESS_MESSAGES, SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { DICTIONARIES } from "../../src/i18n/language";
import { newAccount, useAccountsApp } from "../helpers/accounts";

const hi = DICTIONARIES.hi;
const te = DICTIONARIES.te;

describe("the account's language", () => {
  const h = useAccountsApp();

  const languageInDb = async (username: string) => {
    const [row] = await h.t.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.username, username));
    return row?.language;
  };

  it("is English at first, is set with PUT /api/account/language, and the me object carries it", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await b.login(account);
    expect((await b.get("/api/auth/me")).json().data.user.language).toBe("en");

    const set = await b.put("/api/account/language", { language: "te" });
    expect(set.statusCode, set.body).toBe(204);
    expect(set.body).toBe("");
    expect(await languageInDb(account.username)).toBe("te");
    expect((await b.get("/api/auth/me")).json().data.user.language).toBe("te");

    expect((await b.put("/api/account/language", { language: "hi" })).statusCode).toBe(204);
    expect((await b.get("/api/auth/me")).json().data.user.language).toBe("hi");
    const exported = await b.get("/api/account/export");
    expect(exported.json().profile.language).toBe("hi");
  });

  it("refuses anything but en, te or hi with a clear 400, and changes nothing", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await b.login(account);
    for (const body of [
      { language: "fr" },
      { language: "EN" },
      { language: 1 },
      { language: null },
      {},
      [],
      "hi",
    ]) {
      // Sent as JSON, whatever it is (a bare string too).
      const res = await b.put("/api/account/language", JSON.stringify(body), {
        "accept-language": "en",
        "content-type": "application/json",
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(res.json().error).toBe(ACCOUNT_MESSAGES.languageUnsupported);
    }
    expect(await languageInDb(account.username)).toBe("en");
  });

  it("needs a session, and a request from this site", async () => {
    const b = h.browser();
    const res = await b.put("/api/account/language", { language: "hi" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ACCESS_MESSAGES.pleaseLogin);

    const account = await b.signUp();
    await b.login(account);
    const elsewhere = await b.put(
      "/api/account/language",
      { language: "hi" },
      { origin: "https://evil.example" },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error).toBe(SERVER_MESSAGES.badOrigin);
    expect(await languageInDb(account.username)).toBe("en");
  });
});

describe("mail and messages in the user's language", () => {
  const h = useAccountsApp();

  it("writes the sign-up OTP mail in Hindi for Accept-Language: hi, and the account starts in Hindi", async () => {
    const b = h.browser();
    const account = newAccount();
    const { password, ...rest } = account;
    const registered = await b.post(
      "/api/auth/register",
      { ...rest, password },
      { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    // The answer's message is in Hindi too.
    expect(registered.json().message).toBe(hi.messages.registered);

    const mail = await h.trap.latestMailFor(account.email);
    expect(mail.subject).toBe(hi.mail.otpSubject.signup("Kalpa"));
    const code = /\(OTP\) है: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain("नमस्ते,");
    expect(mail.text).toContain(hi.mail.otpIgnore.signup);
    expect(mail.text).not.toContain("one-time password");
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain(hi.mail.footer("Kalpa"));

    const verified = await b.post(
      "/api/auth/verify-otp",
      { username: account.username, otp: code },
      { "accept-language": "hi" },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toBe(hi.messages.accountVerified);
    await b.login(account);
    expect((await b.get("/api/auth/me")).json().data.user.language).toBe("hi");
  });

  it("keeps the OTP mail in English for an English browser, word for word", async () => {
    const b = h.browser();
    const account = newAccount();
    const registered = await b.post("/api/auth/register", account, {
      "accept-language": "en-US,en;q=0.9",
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toBe(ACCOUNT_MESSAGES.registered);
    const mail = await h.trap.latestMailFor(account.email);
    expect(mail.subject).toBe("Kalpa: your verification code");
    expect(mail.text).toMatch(
      /^Hello,\r?\n\r?\nYour Kalpa one-time password \(OTP\) is: \d{6}\r?\n/,
    );
  });

  it("says a failed login in Hindi to a Hindi browser, and in English to others", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const wrong = { username: account.username, password: `${account.password}x` };
    const inHindi = await b.post("/api/auth/login", wrong, { "accept-language": "hi" });
    expect(inHindi.statusCode).toBe(401);
    expect(inHindi.json()).toEqual({
      success: false,
      error: "यूज़रनेम या पासवर्ड गलत है।",
      code: "UNAUTHORIZED",
    });
    expect(inHindi.json().error).toBe(hi.messages.invalidCredentials);
    const inEnglish = await b.post("/api/auth/login", wrong);
    expect(inEnglish.json().error).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    // A field issue is put into the language too.
    const empty = await b.post(
      "/api/auth/login",
      { username: "", password: "" },
      { "accept-language": "te" },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(te.messages.required);
    for (const issue of empty.json().issues) expect(issue.message).toBe(te.messages.required);
  });

  it("answers a signed-in user in the account's language whatever the browser says", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await b.login(account);
    expect((await b.put("/api/account/language", { language: "te" })).statusCode).toBe(204);
    const bad = await b.put(
      "/api/account/language",
      { language: "fr" },
      { "accept-language": "en-US" },
    );
    expect(bad.json().error).toBe(te.messages.languageUnsupported);
    const updated = await b.put(
      "/api/profile",
      { name: "Ravi Kumar" },
      { "accept-language": "hi" },
    );
    expect(updated.json().message).toBe(te.messages.profileUpdated);
  });

  it("writes the recovery mails in the account's language", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await b.login(account);
    expect((await b.put("/api/account/language", { language: "te" })).statusCode).toBe(204);
    const before = h.trap.mailsFor(account.email).length;
    const asked = await h
      .browser()
      .post("/api/auth/forgot-username", { email: account.email }, { "accept-language": "en" });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await h.trap.nextMailFor(account.email, before);
    expect(mail.subject).toBe(te.mail.usernameSubject("Kalpa"));
    expect(mail.text).toContain(`${te.mail.usernameIs("Kalpa")} ${account.username}`);

    const reset = await h
      .browser()
      .post("/api/auth/forgot-password", { email: account.email }, { "accept-language": "en" });
    expect(reset.statusCode, reset.body).toBe(200);
    const resetMail = await h.trap.nextMailFor(account.email, before + 1);
    expect(resetMail.subject).toBe(te.mail.otpSubject.reset("Kalpa"));
    expect(resetMail.text).toMatch(/\(OTP\): \d{6}/);
  });
});
