import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { ACCESS_MESSAGES, SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../src/db/schema";
import { SESSION_TTL_MS } from "../../src/modules/auth/policy";
import {
  type AccountsHarness,
  Browser,
  newAccount,
  unique,
  useAccountsApp,
} from "../helpers/accounts";

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

async function sessionsOf(h: AccountsHarness, username: string) {
  const [user] = await h.t.database.db.select().from(users).where(eq(users.username, username));
  return h.t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user?.id ?? 0))
    .orderBy(asc(sessions.id));
}

describe("login over http", () => {
  const h = useAccountsApp();

  it("sets an HttpOnly, SameSite=Lax session cookie for 30 days and answers the user", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const res = await b.post("/api/auth/login", {
      username: account.username,
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      data: {
        user: {
          id: expect.stringMatching(/^\d+$/),
          name: account.name,
          username: account.username,
          email: account.email,
          mobile: account.mobile,
          profileImage: null,
          role: "user",
          createdAt: expect.any(String),
          language: "en",
        },
      },
      message: ACCOUNT_MESSAGES.loginSuccess,
    });
    expect(new Date(body.data.user.createdAt).toISOString()).toBe(body.data.user.createdAt);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^kalpa_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/;");
    expect(setCookie).toContain(`Max-Age=${THIRTY_DAYS_S}`);
    expect(setCookie).not.toContain("Secure");

    const [session] = await sessionsOf(h, account.username);
    const token = b.cookies.get("kalpa_session")?.value ?? "";
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.tokenHash).not.toContain(token);
    expect(session?.ip).toBe(b.ip);
    expect((session?.expiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0)).toBe(
      SESSION_TTL_MS,
    );

    const me = await b.get("/api/auth/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, data: { user: body.data.user } });
  });

  it("finds the account whatever the case of the username, and ignores dots and spaces", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const typed = ` ${account.username.toUpperCase().replace("_", "._")} `;
    const res = await b.post("/api/auth/login", { username: typed, password: account.password });
    expect(res.statusCode).toBe(200);
  });

  it("answers an unknown user and a wrong password alike, with 401", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const wrong = await b.post("/api/auth/login", {
      username: account.username,
      password: "Nope-123",
    });
    const unknown = await b.post("/api/auth/login", { username: unique(), password: "Nope-123" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: ACCOUNT_MESSAGES.invalidCredentials,
        code: "UNAUTHORIZED",
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const empty = await b.post("/api/auth/login", { username: "", password: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(ACCOUNT_MESSAGES.required);
  });

  it("refuses a cross-site login with 403 and changes nothing", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const res = await b.post(
      "/api/auth/login",
      { username: account.username, password: account.password },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: SERVER_MESSAGES.badOrigin,
      code: "FORBIDDEN",
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await sessionsOf(h, account.username)).toEqual([]);
  });

  it("answers me with 401 Please login to continue without a session", async () => {
    const b = h.browser();
    for (const cookie of [
      undefined,
      "kalpa_session=not-a-session",
      `kalpa_session=${"x".repeat(500)}`,
    ]) {
      const res = await b.request("GET", "/api/auth/me", { headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: ACCESS_MESSAGES.pleaseLogin,
        code: "UNAUTHORIZED",
      });
    }
  });

  it("ends a session after 30 days", async () => {
    const b = h.browser();
    h.clock.freeze();
    const account = await b.signUp();
    await b.login(account);
    h.clock.advance(SESSION_TTL_MS - 1000);
    expect((await b.get("/api/auth/me")).statusCode).toBe(200);
    h.clock.advance(1000);
    expect((await b.get("/api/auth/me")).statusCode).toBe(401);
  });

  it("records when a session was last seen, at most every few minutes", async () => {
    const b = h.browser();
    h.clock.freeze();
    const account = await b.signUp();
    await b.login(account);
    const [before] = await sessionsOf(h, account.username);
    h.clock.advance(60_000);
    await b.get("/api/auth/me");
    const [soon] = await sessionsOf(h, account.username);
    expect(soon?.lastSeenAt).toEqual(before?.lastSeenAt);
    h.clock.advance(5 * 60_000);
    await b.get("/api/auth/me");
    const [later] = await sessionsOf(h, account.username);
    expect(later?.lastSeenAt.getTime()).toBe(h.clock.now().getTime());
  });
});

describe("password hashes made with older parameters", () => {
  const h = useAccountsApp();

  it("are replaced with today's argon2id parameters at the next successful login", async () => {
    const b = h.browser();
    const account = await b.signUp();
    const weak = await hash(account.password, {
      algorithm: 2 as Algorithm,
      memoryCost: 4096,
      timeCost: 1,
    });
    await h.t.database.db
      .update(users)
      .set({ passwordHash: weak })
      .where(eq(users.username, account.username));

    await b.login(account);
    const [row] = await h.t.database.db
      .select()
      .from(users)
      .where(eq(users.username, account.username));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(row?.passwordHash ?? "", account.password)).toBe(true);
  });
});

describe("logout", () => {
  const h = useAccountsApp();

  it("revokes the session, clears the cookie, and succeeds when not signed in", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await b.login(account);
    const token = b.cookies.get("kalpa_session")?.value ?? "";
    const res = await b.post("/api/auth/logout");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.loggedOut });
    expect(String(res.headers["set-cookie"])).toMatch(/^kalpa_session=;.*Path=\//);
    expect(b.cookies.has("kalpa_session")).toBe(false);
    const [session] = await sessionsOf(h, account.username);
    expect(session?.revokedAt).toBeInstanceOf(Date);
    expect(session?.revokedReason).toBe("logout");
    // The old cookie, replayed, is refused.
    const replay = await b.request("GET", "/api/auth/me", {
      headers: { cookie: `kalpa_session=${token}` },
    });
    expect(replay.statusCode).toBe(401);

    for (const path of ["/api/auth/logout", "/logout"]) {
      const again = await b.post(path);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe(ACCOUNT_MESSAGES.loggedOut);
    }
  });

  it("is also at POST /logout, the spec's forced-logout call", async () => {
    const b = h.browser();
    await b.login(await b.signUp());
    expect((await b.post("/logout")).statusCode).toBe(200);
    expect((await b.get("/api/auth/me")).statusCode).toBe(401);
  });
});

describe("sessions at login", () => {
  const h = useAccountsApp();

  it("rotates: a login revokes the session cookie the browser already had", async () => {
    const b = h.browser();
    const account = await b.signUp();
    await b.login(account);
    const first = b.cookies.get("kalpa_session")?.value ?? "";
    await b.login(account);
    const second = b.cookies.get("kalpa_session")?.value ?? "";
    expect(second).not.toBe(first);
    const rows = await sessionsOf(h, account.username);
    expect(rows.map((row) => row.revokedReason)).toEqual(["rotated", null]);
    const old = await b.request("GET", "/api/auth/me", {
      headers: { cookie: `kalpa_session=${first}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it("rotates away another user's session left in the same browser", async () => {
    const b = h.browser();
    const asha = await b.signUp();
    const ravi = await h.browser().signUp();
    await b.login(asha);
    await b.login(ravi);
    const rows = await sessionsOf(h, asha.username);
    expect(rows[0]?.revokedReason).toBe("rotated");
    expect((await b.get("/api/auth/me")).json().data.user.username).toBe(ravi.username);
  });

  it("in single-session mode (the default), a login elsewhere ends the first", async () => {
    const phone = h.browser();
    const laptop = h.browser();
    const account = await phone.signUp();
    await phone.login(account);
    await laptop.login(account);
    expect((await phone.get("/api/auth/me")).statusCode).toBe(401);
    expect((await laptop.get("/api/auth/me")).statusCode).toBe(200);
    const rows = await sessionsOf(h, account.username);
    expect(rows.map((row) => row.revokedReason)).toEqual(["another_device", null]);
  });
});

describe("sessions with SINGLE_SESSION=false", () => {
  const h = useAccountsApp({ env: { SINGLE_SESSION: "false" } });

  it("keeps the first session when the user signs in elsewhere", async () => {
    const phone = h.browser();
    const laptop = h.browser();
    const account = await phone.signUp();
    await phone.login(account);
    await laptop.login(account);
    expect((await phone.get("/api/auth/me")).statusCode).toBe(200);
    expect((await laptop.get("/api/auth/me")).statusCode).toBe(200);
  });
});

describe("cookies when the site is served over https", () => {
  const h = useAccountsApp({ env: { PUBLIC_URL: "https://kalpa.test" } });

  it("names the session cookie __Host-kalpa_session and marks it Secure", async () => {
    const b = new Browser(h, "10.9.9.9");
    const headers = { origin: "https://kalpa.test" };
    const account = newAccount();
    await b.post("/api/auth/register", account, headers);
    const otp = await h.trap.latestOtpFor(account.email);
    await b.post("/api/auth/verify-otp", { username: account.username, otp }, headers);
    const res = await b.post(
      "/api/auth/login",
      { username: account.username, password: account.password },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^__Host-kalpa_session=/);
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/;");
    expect(setCookie).not.toContain("Domain");
    expect((await b.get("/api/auth/me")).statusCode).toBe(200);
    // The plain name means nothing on an https site.
    const token = b.cookies.get("__Host-kalpa_session")?.value ?? "";
    const plain = await b.request("GET", "/api/auth/me", {
      headers: { cookie: `kalpa_session=${token}` },
    });
    expect(plain.statusCode).toBe(401);
  });

  it("names the reset grant __Secure-kalpa_reset, Secure, for /api/auth only", async () => {
    const account = await h.browser().signUp();
    const b = new Browser(h, "10.9.9.8");
    const headers = { origin: "https://kalpa.test" };
    const before = h.trap.mailsFor(account.email).length;
    await b.post("/api/auth/forgot-password", { email: account.email }, headers);
    const otp = (await h.trap.nextMailFor(account.email, before)).text.match(/is: (\d{6})/)?.[1];
    const res = await b.post("/api/auth/verify-reset-otp", { email: account.email, otp }, headers);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^__Secure-kalpa_reset=/);
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("Path=/api/auth");
    const reset = await b.post(
      "/api/auth/reset-password",
      { email: account.email, newPassword: "Over-Https-12", confirmPassword: "Over-Https-12" },
      headers,
    );
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
