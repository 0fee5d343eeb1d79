import {
  AccessCheckSchema,
  RISK_DISCLOSURE_VERSION,
  SubscriptionStatusSchema,
} from "@kalpa/contracts/api/access";
import { ACCESS_MESSAGES, RISK_DISCLOSURE_MESSAGES } from "@kalpa/contracts/messages";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, rdaAcceptances } from "../../src/db/schema";
import { acceptRda, adminApi, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

const NO_SUBSCRIPTION = {
  hasAccess: false,
  isActive: false,
  expiry: null,
  lastDay: null,
  daysLeft: null,
};

describe("the signed-in user's access", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  beforeAll(async () => {
    admin = await firstAdmin(h);
  });

  it("answers 401 without a session, on every access endpoint", async () => {
    const b = h.browser();
    for (const url of [
      "/api/subscription/status",
      "/api/subscriptions/nifty",
      "/api/subscriptions/unknown",
      "/api/risk-disclosure",
    ]) {
      const res = await b.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({
        success: false,
        error: ACCESS_MESSAGES.pleaseLogin,
        code: "UNAUTHORIZED",
      });
    }
    const accept = await b.post("/api/risk-disclosure/accept", {
      version: RISK_DISCLOSURE_VERSION,
    });
    expect(accept.statusCode).toBe(401);
  });

  it("gives a new user the status with no access, the user's names and the agreement not accepted", async () => {
    const { browser, account } = await signedInUser(h);
    const res = await browser.get("/api/subscription/status");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(SubscriptionStatusSchema.parse(body.data)).toEqual({
      user: {
        name: account.name,
        fullName: account.name,
        username: account.username,
        email: account.email,
      },
      subscriptions: {
        Nifty: NO_SUBSCRIPTION,
        BankNifty: NO_SUBSCRIPTION,
        CrudeOil: NO_SUBSCRIPTION,
      },
      riskDisclosure: {
        version: RISK_DISCLOSURE_VERSION,
        accepted: false,
        acceptedAt: null,
        signedCopyReceived: false,
        signedCopyReceivedOn: null,
      },
      // Without the operator's research-analyst profile the terms summary is not asked for.
      termsSummary: { required: false, version: 1, accepted: false, acceptedAt: null },
    });
    expect(Object.keys(body).sort()).toEqual(["data", "success"]);
  });

  it("answers the access check with the spec's not-found message, and 404 for an unknown service", async () => {
    const { browser } = await signedInUser(h);
    const res = await browser.get("/api/subscriptions/crudeoil");
    expect(res.statusCode).toBe(200);
    expect(AccessCheckSchema.parse(res.json().data)).toEqual({
      service: "CrudeOil",
      ...NO_SUBSCRIPTION,
      message: "CrudeOil not found. Please contribute to access this content.",
    });
    for (const url of [
      "/api/subscriptions/gold",
      "/api/subscriptions/BankNifty",
      "/api/subscriptions/xau",
    ]) {
      const unknown = await browser.get(url);
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.json().success).toBe(false);
    }
  });

  it("shows open access, then inactive after deactivation, with the spec's messages", async () => {
    const user = await signedInUser(h);
    h.clock.freeze(new Date("2026-11-21T10:00:00+05:30"));
    await giveAccess(admin.browser, user.id, ["BankNifty"], 30);
    const open = (await user.browser.get("/api/subscriptions/banknifty")).json().data;
    expect(open).toEqual({
      service: "BankNifty",
      hasAccess: true,
      isActive: true,
      expiry: "2026-12-21T18:30:00.000Z",
      lastDay: "2026-12-21",
      daysLeft: 30,
      message: null,
    });
    const status = (await user.browser.get("/api/subscription/status")).json().data;
    expect(status.subscriptions.BankNifty).toEqual({
      hasAccess: true,
      isActive: true,
      expiry: "2026-12-21T18:30:00.000Z",
      lastDay: "2026-12-21",
      daysLeft: 30,
    });
    expect(status.subscriptions.Nifty).toEqual(NO_SUBSCRIPTION);
    expect(status.riskDisclosure).toMatchObject({
      signedCopyReceived: true,
      signedCopyReceivedOn: "2026-11-20",
    });

    expect((await adminApi(admin.browser).deactivate(user.id, ["BankNifty"])).statusCode).toBe(200);
    const inactive = (await user.browser.get("/api/subscriptions/banknifty")).json().data;
    expect(inactive).toMatchObject({
      hasAccess: false,
      isActive: false,
      lastDay: "2026-12-21",
      message: ACCESS_MESSAGES.inactive("BankNifty"),
    });
    expect(inactive.message).toBe(
      "BankNifty access is inactive. Please contact support to activate.",
    );
  });

  it("says when access expired, on the last day in the spec's words", async () => {
    // Signed in on the day of the grant, so the session (30 days) outlives the access.
    h.clock.freeze(new Date("2026-12-20T09:00:00+05:30"));
    const user = await signedInUser(h);
    await giveAccess(admin.browser, user.id, ["Nifty"], 1);
    // The last day is 21 Dec; on 22 Dec it has expired.
    h.clock.freeze(new Date("2026-12-22T00:00:00+05:30"));
    const res = await user.browser.get("/api/subscriptions/nifty");
    expect(res.json().data).toEqual({
      service: "Nifty",
      hasAccess: false,
      isActive: true,
      expiry: "2026-12-21T18:30:00.000Z",
      lastDay: "2026-12-21",
      daysLeft: -1,
      message: "Nifty access expired on 21 Dec 2026. Please renew your access.",
    });
  });

  describe("the risk disclosure agreement", () => {
    it("records the acceptance with its time, address and browser, once", async () => {
      const user = await signedInUser(h);
      h.clock.freeze(new Date("2026-11-21T11:00:00+05:30"));
      const first = await user.browser.request("POST", "/api/risk-disclosure/accept", {
        payload: { version: RISK_DISCLOSURE_VERSION },
        headers: { "user-agent": "TestBrowser/1.0" },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        message: RISK_DISCLOSURE_MESSAGES.accepted,
        data: {
          version: RISK_DISCLOSURE_VERSION,
          accepted: true,
          acceptedAt: "2026-11-21T05:30:00.000Z",
          signedCopyReceived: false,
          signedCopyReceivedOn: null,
        },
      });
      // Accepting again changes nothing: the first time stands, one row, one audit entry.
      h.clock.freeze(new Date("2026-11-22T11:00:00+05:30"));
      const again = await acceptRda(user.browser);
      expect(again.json().data.acceptedAt).toBe("2026-11-21T05:30:00.000Z");
      const rows = await h.t.database.db
        .select()
        .from(rdaAcceptances)
        .where(eq(rdaAcceptances.userId, Number(user.id)));
      expect(rows).toEqual([
        expect.objectContaining({
          version: RISK_DISCLOSURE_VERSION,
          ip: user.browser.ip,
          userAgent: "TestBrowser/1.0",
          acceptedAt: new Date("2026-11-21T05:30:00.000Z"),
        }),
      ]);
      const audits = await h.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `user:${user.id}`), eq(auditLog.action, "rda.accepted")));
      expect(audits).toEqual([
        expect.objectContaining({
          actor: user.username,
          ip: user.browser.ip,
          details: { version: 1 },
        }),
      ]);
      const status = await user.browser.get("/api/risk-disclosure");
      expect(status.json().data).toMatchObject({
        accepted: true,
        acceptedAt: "2026-11-21T05:30:00.000Z",
      });
    });

    it("refuses an older version with 409, and a version that does not exist with 400", async () => {
      const user = await signedInUser(h);
      const old = await user.browser.post("/api/risk-disclosure/accept", {
        version: RISK_DISCLOSURE_VERSION - 1,
      });
      expect(old.statusCode).toBe(409);
      expect(old.json()).toEqual({
        success: false,
        error: RISK_DISCLOSURE_MESSAGES.outdatedVersion,
        code: "CONFLICT",
      });
      const future = await user.browser.post("/api/risk-disclosure/accept", {
        version: RISK_DISCLOSURE_VERSION + 1,
      });
      expect(future.statusCode).toBe(400);
      const missing = await user.browser.post("/api/risk-disclosure/accept", {});
      expect(missing.statusCode).toBe(400);
      expect((await user.browser.get("/api/risk-disclosure")).json().data.accepted).toBe(false);
    });

    it("refuses an acceptance from another site (CSRF)", async () => {
      const user = await signedInUser(h);
      const res = await user.browser.post(
        "/api/risk-disclosure/accept",
        { version: RISK_DISCLOSURE_VERSION },
        { origin: "https://evil.example" },
      );
      expect(res.statusCode).toBe(403);
      expect((await user.browser.get("/api/risk-disclosure")).json().data.accepted).toBe(false);
    });
  });
});
