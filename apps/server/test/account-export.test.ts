import { AccountExportSchema } from "@kalpa/contracts/api/account";
import { DEFAULT_ALERT_PREFERENCES } from "@kalpa/contracts/api/alerts";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { describe, expect, it } from "vitest";
import { type Browser, newAccount, useAccountsApp } from "./helpers/accounts";

const DAY_MS = 24 * 60 * 60 * 1000;

async function signedIn(b: Browser) {
  const account = await b.signUp(newAccount({ name: "Meera Iyer", mobile: "9123456780" }));
  await b.login(account);
  return account;
}

describe("GET /api/account/export", () => {
  // Several devices at once, so the export can list more than one session.
  const h = useAccountsApp({ env: { SINGLE_SESSION: "false" } });

  it("answers 401 without a session", async () => {
    const res = await h.browser().get("/api/account/export");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: ACCESS_MESSAGES.pleaseLogin });
    expect(res.headers["content-disposition"]).toBeUndefined();
  });

  it("downloads the user's own data as a JSON attachment, never cached", async () => {
    const b = h.browser();
    const account = await signedIn(b);
    const res = await b.get("/api/account/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const disposition = String(res.headers["content-disposition"]);
    expect(disposition).toMatch(
      new RegExp(
        `^attachment; filename="kalpa-account-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    const body = AccountExportSchema.parse(res.json());
    expect(body.profile).toEqual({
      name: "Meera Iyer",
      username: account.username,
      email: account.email,
      mobile: "9123456780",
      role: "user",
      createdAt: expect.any(String),
      verifiedAt: expect.any(String),
      hasProfileImage: false,
      language: "en",
    });
    expect(Date.parse(body.exportedAt)).not.toBeNaN();
    expect(body.access).toEqual([]);
    expect(body.contributions).toEqual([]);
    expect(body.riskDisclosure).toEqual({ currentVersion: 1, acceptances: [], signedCopies: [] });
    expect(body.termsSummaryAcceptances).toEqual([]);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ current: true, ip: b.ip });
    expect(body.alerts).toEqual({
      preferences: DEFAULT_ALERT_PREFERENCES,
      browsers: [],
      telegram: null,
    });
  });

  it("lists only active sessions, and marks the one asking as current", async () => {
    const phone = h.browser();
    const account = await signedIn(phone);
    const laptop = h.browser();
    await laptop.login(account);
    const tablet = h.browser();
    await tablet.login(account);
    // The tablet logs out: its session is revoked and leaves the list.
    expect((await tablet.post("/api/auth/logout")).statusCode).toBe(200);

    const fromPhone = AccountExportSchema.parse((await phone.get("/api/account/export")).json());
    expect(fromPhone.sessions.map((s) => [s.ip, s.current])).toEqual([
      [phone.ip, true],
      [laptop.ip, false],
    ]);
    const fromLaptop = AccountExportSchema.parse((await laptop.get("/api/account/export")).json());
    expect(fromLaptop.sessions.map((s) => [s.ip, s.current])).toEqual([
      [phone.ip, false],
      [laptop.ip, true],
    ]);
  });

  it("leaves out sessions past their expiry", async () => {
    const old = h.browser();
    const account = await signedIn(old);
    h.clock.advance(20 * DAY_MS);
    const recent = h.browser();
    await recent.login(account);
    // The first session (30 days) has expired; the second has not.
    h.clock.advance(15 * DAY_MS);
    expect((await old.get("/api/account/export")).statusCode).toBe(401);
    const body = AccountExportSchema.parse((await recent.get("/api/account/export")).json());
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ ip: recent.ip, current: true });
  });

  it("carries no secret: no hash, no token, no code", async () => {
    const b = h.browser();
    await signedIn(b);
    const res = await b.get("/api/account/export");
    // The harness already fails on argon2 hashes and OTPs; the session token must not appear either.
    const token = [...b.cookies.values()].map((cookie) => cookie.value);
    expect(token.length).toBeGreaterThan(0);
    for (const value of token) expect(res.body).not.toContain(value);
    expect(res.body).not.toMatch(/password|token|otp|hash/i);
  });
});
