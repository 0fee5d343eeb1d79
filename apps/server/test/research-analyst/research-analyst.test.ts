import { ModelCardsSchema } from "@kalpa/contracts/api/models";
import {
  RA_REGISTRATION_STATEMENT,
  ResearchAnalystSchema,
  TERMS_SUMMARY_VERSION,
} from "@kalpa/contracts/api/research-analyst";
import {
  ACCESS_MESSAGES,
  ADMIN_MESSAGES,
  RESEARCH_ANALYST_MESSAGES,
} from "@kalpa/contracts/messages";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";
import { ConfigError } from "../../src/config/schema";
import { auditLog, termsSummaryAcceptances } from "../../src/db/schema";
import { ROOMS } from "../../src/realtime/hub";
import { acceptRda, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { TEST_RA_PROFILE } from "../helpers/research-analyst";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

const PROFILE = TEST_RA_PROFILE;

const STATS = "/api/paper/stats?model=Nifty:KalpaVruksha&days=30";
const ANALYTICS = "/api/paper/analytics?model=Nifty:KalpaVruksha&days=30";

/** The model cards a browser is answered, checked against the contract. */
async function modelCards(browser: {
  get(path: string): Promise<{ statusCode: number; json(): { data: unknown } }>;
}) {
  const res = await browser.get("/api/models");
  expect(res.statusCode).toBe(200);
  return ModelCardsSchema.parse(res.json().data);
}

describe("the research-analyst profile", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let subscriber: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    admin = await firstAdmin(h);
    subscriber = await signedInUser(h);
    await giveAccess(admin.browser, subscriber.id, ["BankNifty"]);
    await acceptRda(subscriber.browser);
  });

  const latestAudit = async (target: string) =>
    (
      await h.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, target))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it("has none at first: the terms are not asked for, and the track record is public", async () => {
    const res = await h.browser().get("/api/research-analyst");
    expect(res.json().data).toEqual({ profile: null, updatedAt: null });
    const status = (await subscriber.browser.get("/api/subscription/status")).json().data;
    expect(status.termsSummary).toEqual({
      required: false,
      version: TERMS_SUMMARY_VERSION,
      accepted: false,
      acceptedAt: null,
    });
    expect((await subscriber.browser.get("/api/forecast/banknifty")).statusCode).toBe(200);
    const accept = await subscriber.browser.post("/api/terms-summary/accept", { version: 1 });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error).toBe(RESEARCH_ANALYST_MESSAGES.termsNotInForce);
    expect((await h.browser().get(STATS)).statusCode).toBe(200);
    for (const card of await modelCards(h.browser())) {
      expect(card.figuresWithheld, card.slug).toBe(false);
      expect(card.live, card.slug).not.toBeNull();
    }
  });

  it("is set by the admin only, and refuses a profile that does not fit", async () => {
    const anonymous = await h.browser().put("/api/admin/research-analyst", PROFILE);
    expect(anonymous.statusCode).toBe(401);
    const bySubscriber = await subscriber.browser.put("/api/admin/research-analyst", PROFILE);
    expect(bySubscriber.statusCode).toBe(403);
    expect(bySubscriber.json().error).toBe(ADMIN_MESSAGES.adminOnly);
    for (const bad of [
      { ...PROFILE, registrationNumber: "INA000012345" },
      { ...PROFILE, validTo: "2025-01-31" },
      { ...PROFILE, grievanceOfficer: { ...PROFILE.grievanceOfficer, email: "not-mail" } },
      { ...PROFILE, correspondenceAddress: "  " },
      { ...PROFILE, parrvaVerified: undefined },
    ]) {
      const res = await admin.browser.put("/api/admin/research-analyst", bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Nothing was set by any of them.
    expect((await h.browser().get("/api/research-analyst")).json().data.profile).toBeNull();
  });

  it("is saved with an audit entry naming the admin, and read by anyone", async () => {
    const res = await admin.browser.put("/api/admin/research-analyst", PROFILE);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(RESEARCH_ANALYST_MESSAGES.profileSaved);
    const read = ResearchAnalystSchema.parse(
      (await h.browser().get("/api/research-analyst")).json().data,
    );
    expect(read.profile).toEqual(PROFILE);
    expect(read.updatedAt).not.toBeNull();
    const entry = await latestAudit("research-analyst");
    expect(entry).toMatchObject({
      actor: admin.username,
      action: "research_analyst.profile_set",
      details: { before: null, after: PROFILE },
    });
    // The statement that goes with every registration is the regulator's own sentence.
    expect(RA_REGISTRATION_STATEMENT).toMatch(/^Registration granted by SEBI, membership of RAASB/);
  });

  it("then asks a subscriber for the terms summary before live output, and records the acceptance", async () => {
    const forecast = await subscriber.browser.get("/api/forecast/banknifty");
    expect(forecast.statusCode).toBe(403);
    expect(forecast.json().error).toBe(RESEARCH_ANALYST_MESSAGES.termsRequired);
    const current = await subscriber.browser.get("/api/signals/current");
    expect(current.statusCode).toBe(403);
    expect(current.json().error).toBe(RESEARCH_ANALYST_MESSAGES.termsRequired);
    const status = (await subscriber.browser.get("/api/subscription/status")).json().data;
    expect(status.termsSummary).toMatchObject({ required: true, accepted: false });

    const old = await subscriber.browser.post("/api/terms-summary/accept", { version: 0 });
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toBe(RESEARCH_ANALYST_MESSAGES.termsOutdated);
    expect((await h.browser().post("/api/terms-summary/accept", { version: 1 })).statusCode).toBe(
      401,
    );

    const accepted = await subscriber.browser.post(
      "/api/terms-summary/accept",
      { version: TERMS_SUMMARY_VERSION },
      { "user-agent": "terms-test" },
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ required: true, accepted: true });
    const [row] = await h.t.database.db
      .select()
      .from(termsSummaryAcceptances)
      .where(eq(termsSummaryAcceptances.userId, Number(subscriber.id)));
    expect(row).toMatchObject({ version: TERMS_SUMMARY_VERSION, userAgent: "terms-test" });
    expect(row?.acceptedAt.toISOString()).toBe(accepted.json().data.acceptedAt);
    expect((await latestAudit(`user:${subscriber.id}`))?.action).toBe("terms_summary.accepted");
    expect((await subscriber.browser.get("/api/forecast/banknifty")).statusCode).toBe(200);
    expect((await subscriber.browser.get("/api/signals/current")).statusCode).toBe(200);
  });

  it("still asks for the risk disclosure first", async () => {
    const other = await signedInUser(h);
    await giveAccess(admin.browser, other.id, ["BankNifty"]);
    const res = await other.browser.get("/api/forecast/banknifty");
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ACCESS_MESSAGES.riskDisclosureRequired);
  });

  it("keeps the track record for signed-in users until PaRRVA verifies it; the trades stay public", async () => {
    const visitor = h.browser();
    const stats = await visitor.get(STATS);
    expect(stats.statusCode).toBe(401);
    expect(stats.json().error).toBe(ACCESS_MESSAGES.pleaseLogin);
    // The analysis is past performance too.
    const analytics = await visitor.get(ANALYTICS);
    expect(analytics.statusCode).toBe(401);
    expect(analytics.json().error).toBe(ACCESS_MESSAGES.pleaseLogin);
    expect((await subscriber.browser.get(ANALYTICS)).statusCode).toBe(200);
    expect(
      (await visitor.get("/api/paper/history?model=Nifty:KalpaVruksha&days=30")).statusCode,
    ).toBe(200);
    expect((await subscriber.browser.get(STATS)).statusCode).toBe(200);
    // The model cards likewise: a visitor gets each card without its figures, a signed-in user with them.
    const outsiders = await modelCards(visitor);
    expect(outsiders.length).toBeGreaterThan(0);
    for (const card of outsiders) {
      expect(card, card.slug).toMatchObject({
        figuresWithheld: true,
        backtest: null,
        backtestSource: null,
        live: null,
      });
      // The rest of the card stays public.
      expect(card.current.version.length, card.slug).toBeGreaterThan(0);
    }
    const one = await visitor.get("/api/models/banknifty-hft");
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ figuresWithheld: true, live: null });
    for (const card of await modelCards(subscriber.browser)) {
      expect(card.figuresWithheld, card.slug).toBe(false);
      expect(card.live, card.slug).not.toBeNull();
    }
    const verified = await admin.browser.put("/api/admin/research-analyst", {
      ...PROFILE,
      parrvaVerified: true,
    });
    expect(verified.statusCode).toBe(200);
    expect((await latestAudit("research-analyst"))?.details).toMatchObject({
      before: { parrvaVerified: false },
      after: { parrvaVerified: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await h.browser().get(STATS)).statusCode).toBe(200);
    expect((await h.browser().get(ANALYTICS)).statusCode).toBe(200);
    for (const card of await modelCards(h.browser())) {
      expect(card.figuresWithheld, card.slug).toBe(false);
      expect(card.live, card.slug).not.toBeNull();
    }
  });

  it("keeps the monthly complaints table, set by the admin only", async () => {
    const month = { received: 3, resolved: 2, pending: 1, averageResolutionDays: 4.5 };
    expect(
      (await subscriber.browser.put("/api/admin/research-analyst/complaints/2026-09", month))
        .statusCode,
    ).toBe(403);
    for (const [path, body] of [
      ["2026-13", month],
      ["2026-9", month],
      ["2026-09", { ...month, received: -1 }],
      ["2026-09", { ...month, resolved: 1.5 }],
      ["2026-09", { ...month, averageResolutionDays: -2 }],
    ] as const) {
      const res = await admin.browser.put(`/api/admin/research-analyst/complaints/${path}`, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    const future = await admin.browser.put("/api/admin/research-analyst/complaints/2099-01", month);
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(RESEARCH_ANALYST_MESSAGES.monthInFuture);

    await admin.browser.put("/api/admin/research-analyst/complaints/2026-09", month);
    const saved = await admin.browser.put("/api/admin/research-analyst/complaints/2026-10", {
      received: 0,
      resolved: 0,
      pending: 1,
      averageResolutionDays: null,
    });
    expect(saved.statusCode).toBe(200);
    const corrected = await admin.browser.put("/api/admin/research-analyst/complaints/2026-09", {
      ...month,
      resolved: 1,
    });
    expect(corrected.statusCode).toBe(200);
    const table = (await h.browser().get("/api/research-analyst/complaints")).json().data;
    expect(table.months).toEqual([
      { month: "2026-10", received: 0, resolved: 0, pending: 1, averageResolutionDays: null },
      { month: "2026-09", ...month, resolved: 1 },
    ]);
    expect(await latestAudit("complaints:2026-09")).toMatchObject({
      actor: admin.username,
      action: "research_analyst.complaints_set",
      details: { before: { resolved: 2 }, after: { resolved: 1 } },
    });
  });

  it("is removed by the admin, and the terms stop being asked for", async () => {
    const other = await signedInUser(h);
    await giveAccess(admin.browser, other.id, ["BankNifty"]);
    await acceptRda(other.browser);
    expect((await other.browser.get("/api/forecast/banknifty")).statusCode).toBe(403);
    expect(
      (await subscriber.browser.request("DELETE", "/api/admin/research-analyst")).statusCode,
    ).toBe(403);
    const cleared = await admin.browser.request("DELETE", "/api/admin/research-analyst");
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toEqual({ profile: null, updatedAt: null });
    expect((await latestAudit("research-analyst"))?.action).toBe(
      "research_analyst.profile_cleared",
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await other.browser.get("/api/forecast/banknifty")).statusCode).toBe(200);
  });
});

describe("the profile and the instrument rooms", () => {
  const h = useAccountsApp();
  const open = useSockets();

  it("takes a subscriber's sockets out of the rooms when a profile appears, until the terms are accepted", async () => {
    const admin = await firstAdmin(h);
    const subscriber = await signedInUser(h);
    await giveAccess(admin.browser, subscriber.id, ["BankNifty"]);
    await acceptRda(subscriber.browser);
    const url = await listen(h.t);
    const socket = open(url, {
      extraHeaders: { origin: TEST_ORIGIN, cookie: subscriber.browser.cookieHeader("/") },
    });
    await connected(socket);
    const inRoom = async () =>
      (await h.t.io.in(ROOMS.instrument("BankNifty")).fetchSockets()).length;
    await expect.poll(inRoom).toBe(1);

    expect((await admin.browser.put("/api/admin/research-analyst", PROFILE)).statusCode).toBe(200);
    await expect.poll(inRoom).toBe(0);

    await subscriber.browser.post("/api/terms-summary/accept", { version: TERMS_SUMMARY_VERSION });
    await expect.poll(inRoom).toBe(1);
  });
});

const RA_ENV = {
  RA_REGISTERED_NAME: PROFILE.registeredName,
  RA_REGISTRATION_NUMBER: PROFILE.registrationNumber,
  RA_VALID_FROM: PROFILE.validFrom,
  RA_RAASB_ENLISTMENT: PROFILE.raasbEnlistment,
  RA_PRINCIPAL_OFFICER_NAME: PROFILE.principalOfficer.name,
  RA_PRINCIPAL_OFFICER_EMAIL: PROFILE.principalOfficer.email,
  RA_PRINCIPAL_OFFICER_PHONE: PROFILE.principalOfficer.phone,
  RA_COMPLIANCE_OFFICER_NAME: PROFILE.complianceOfficer.name,
  RA_COMPLIANCE_OFFICER_EMAIL: PROFILE.complianceOfficer.email,
  RA_COMPLIANCE_OFFICER_PHONE: PROFILE.complianceOfficer.phone,
  RA_GRIEVANCE_OFFICER_NAME: PROFILE.grievanceOfficer.name,
  RA_GRIEVANCE_OFFICER_EMAIL: PROFILE.grievanceOfficer.email,
  RA_GRIEVANCE_OFFICER_PHONE: PROFILE.grievanceOfficer.phone,
  RA_ADDRESS: PROFILE.correspondenceAddress,
};

describe("RA_* variables", () => {
  it("describe the whole profile or are refused, naming what is missing or wrong", () => {
    const { RA_ADDRESS: _address, ...partial } = RA_ENV;
    expect(() => loadConfig({ NODE_ENV: "test", ...partial })).toThrow(/RA_ADDRESS: required/);
    try {
      loadConfig({ NODE_ENV: "test", ...RA_ENV, RA_REGISTRATION_NUMBER: "12345" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^RA_REGISTRATION_NUMBER: Expected SEBI's number/),
      ]);
    }
    const config = loadConfig({ NODE_ENV: "test", ...RA_ENV, RA_PARRVA_VERIFIED: "true" });
    expect(config.researchAnalystSeed).toEqual({ ...PROFILE, parrvaVerified: true });
    expect(loadConfig({ NODE_ENV: "test" }).researchAnalystSeed).toBeUndefined();
  });

  describe("seed a database that has no profile", () => {
    const h = useAccountsApp({ env: RA_ENV });
    it("written at start-up and audited as the configuration's", async () => {
      const read = (await h.browser().get("/api/research-analyst")).json().data;
      expect(read.profile).toEqual(PROFILE);
      const [entry] = await h.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "research_analyst.profile_set"));
      expect(entry).toMatchObject({ actor: "config", target: "research-analyst" });
    });
  });
});
