import { AdminUserDetailSchema } from "@kalpa/contracts/api/admin";
import { ADMIN_MESSAGES, RISK_DISCLOSURE_MESSAGES } from "@kalpa/contracts/messages";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, contributions, subscriptions, users } from "../../src/db/schema";
import { adminApi, CONTRIBUTION, firstAdmin, giveAccess, signedInUser } from "../helpers/access";
import { newAccount, useAccountsApp } from "../helpers/accounts";

const ist = (text: string) => new Date(`${text}+05:30`);

describe("granting access", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let api: ReturnType<typeof adminApi>;
  beforeAll(async () => {
    admin = await firstAdmin(h);
    api = adminApi(admin.browser);
  });

  /** The user's audit entries about access (sign-up's own entries left out). */
  const auditOf = async (userId: string) =>
    (
      await h.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${userId}`))
        .orderBy(auditLog.id)
    ).filter((row) => /^(access|rda)\./.test(row.action));
  const ledgerOf = (userId: string) =>
    h.t.database.db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, Number(userId)));

  it("is refused (409) until the signed copy is recorded, and changes nothing", async () => {
    const user = await signedInUser(h);
    const res = await api.grant(user.id, { instruments: ["Nifty"], days: 30 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: RISK_DISCLOSURE_MESSAGES.signedCopyPending,
      code: "CONFLICT",
    });
    expect(await ledgerOf(user.id)).toEqual([]);
    expect(await auditOf(user.id)).toEqual([]);
    const subs = await h.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, Number(user.id)));
    expect(subs).toEqual([]);
  });

  it("grants N days through today + N, records the contribution and audits it in one go", async () => {
    const user = await signedInUser(h);
    h.clock.freeze(ist("2026-11-21T22:15:00"));
    expect((await api.recordRda(user.id, "2026-11-21")).statusCode).toBe(200);
    const res = await api.grant(user.id, {
      instruments: ["BankNifty", "CrudeOil"],
      days: 30,
      contribution: { ...CONTRIBUTION, note: "Two plans, December" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ADMIN_MESSAGES.granted);
    const detail = AdminUserDetailSchema.parse(body.data);
    for (const key of ["BankNifty", "CrudeOil"] as const) {
      expect(detail.user.subscriptions[key]).toEqual({
        hasAccess: true,
        isActive: true,
        expiry: "2026-12-21T18:30:00.000Z",
        lastDay: "2026-12-21",
        daysLeft: 30,
      });
      expect(detail.startedAt[key]).toBe("2026-11-21T16:45:00.000Z");
    }
    expect(detail.user.subscriptions.Nifty.hasAccess).toBe(false);
    expect(detail.startedAt.Nifty).toBeNull();
    expect(detail.contributions).toEqual([
      {
        id: expect.any(String),
        instruments: ["BankNifty", "CrudeOil"],
        amountRupees: 4999,
        receivedOn: "2026-11-20",
        method: "upi",
        reference: "UPI-TEST-1",
        note: "Two plans, December",
        recordedBy: admin.username,
        recordedAt: "2026-11-21T16:45:00.000Z",
      },
    ]);
    const audit = await auditOf(user.id);
    expect(audit.map((row) => [row.actor, row.action, row.details.instrument])).toEqual([
      [admin.username, "rda.signed_copy_recorded", undefined],
      [admin.username, "access.granted", "BankNifty"],
      [admin.username, "access.granted", "CrudeOil"],
    ]);
    expect(audit[1]?.details).toMatchObject({
      days: 30,
      lastDay: "2026-12-21",
      previousExpiry: null,
      contributionId: Number(detail.contributions[0]?.id),
    });
    expect(audit[1]?.ip).toBe(admin.browser.ip);
    // The detail lists the user's entries, newest first.
    expect(detail.audit.map((entry) => entry.action)).toEqual([
      "access.granted",
      "access.granted",
      "rda.signed_copy_recorded",
      "user.verified",
      "user.registered",
    ]);
  });

  it("extends open access by N days from its expiry, keeping the start", async () => {
    const user = await signedInUser(h);
    h.clock.freeze(ist("2026-11-21T10:00:00"));
    await giveAccess(admin.browser, user.id, ["Nifty"], 30);
    h.clock.freeze(ist("2026-12-10T18:00:00"));
    const res = await api.grant(user.id, { instruments: ["Nifty"], days: 31 });
    const detail = res.json().data;
    expect(detail.user.subscriptions.Nifty).toEqual({
      hasAccess: true,
      isActive: true,
      expiry: "2027-01-21T18:30:00.000Z",
      lastDay: "2027-01-21",
      daysLeft: 42,
    });
    expect(detail.startedAt.Nifty).toBe("2026-11-21T04:30:00.000Z");
    expect(detail.contributions).toHaveLength(2);
    const last = (await auditOf(user.id)).at(-1);
    expect(last).toMatchObject({
      action: "access.extended",
      details: expect.objectContaining({
        previousExpiry: "2026-12-21T18:30:00.000Z",
        lastDay: "2027-01-21",
        wasOpen: true,
      }),
    });
  });

  it("counts from today again once access has expired", async () => {
    const user = await signedInUser(h);
    h.clock.freeze(ist("2026-11-21T10:00:00"));
    await giveAccess(admin.browser, user.id, ["Nifty"], 1);
    h.clock.freeze(ist("2026-11-25T09:00:00"));
    // The admin's session is still valid: sessions are checked against the same clock.
    const res = await api.grant(user.id, { instruments: ["Nifty"], days: 5 });
    expect(res.json().data.user.subscriptions.Nifty).toMatchObject({
      lastDay: "2026-11-30",
      daysLeft: 5,
    });
    expect(res.json().data.startedAt.Nifty).toBe("2026-11-25T03:30:00.000Z");
    expect((await auditOf(user.id)).at(-1)?.action).toBe("access.granted");
  });

  it("grants until a day: through its end, today included, never a day past", async () => {
    const user = await signedInUser(h);
    h.clock.freeze(ist("2026-11-21T23:59:00"));
    await api.recordRda(user.id);
    const today = await api.grant(user.id, { instruments: ["CrudeOil"], until: "2026-11-21" });
    expect(today.statusCode).toBe(200);
    expect(today.json().data.user.subscriptions.CrudeOil).toEqual({
      hasAccess: true,
      isActive: true,
      expiry: "2026-11-21T18:30:00.000Z",
      lastDay: "2026-11-21",
      daysLeft: 0,
    });
    const later = await api.grant(user.id, { instruments: ["CrudeOil"], until: "2027-03-31" });
    expect(later.json().data.user.subscriptions.CrudeOil.lastDay).toBe("2027-03-31");

    const past = await api.grant(user.id, { instruments: ["CrudeOil"], until: "2026-11-20" });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      error: ADMIN_MESSAGES.untilInPast,
      code: "VALIDATION_ERROR",
    });
    expect(await ledgerOf(user.id)).toHaveLength(2);
  });

  it("needs exactly one of days and until, and a valid body", async () => {
    const user = await signedInUser(h);
    await api.recordRda(user.id);
    const both = await api.grant(user.id, { instruments: ["Nifty"], days: 3, until: "2030-01-01" });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe(ADMIN_MESSAGES.daysOrUntil);
    const neither = await api.grant(user.id, { instruments: ["Nifty"] });
    expect(neither.json().error).toBe(ADMIN_MESSAGES.daysOrUntil);
    for (const body of [
      { instruments: [], days: 3 },
      { instruments: ["Gold"], days: 3 },
      { instruments: ["Nifty"], days: 0 },
      { instruments: ["Nifty"], days: 367 },
      { instruments: ["Nifty"], days: 2.5 },
      { instruments: ["Nifty"], until: "2030-02-30x" },
      { instruments: ["Nifty"], days: 3, contribution: { ...CONTRIBUTION, amountRupees: -1 } },
      { instruments: ["Nifty"], days: 3, contribution: { ...CONTRIBUTION, method: "bitcoin" } },
    ]) {
      const res = await api.grant(user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("answers 404 for an unknown user, and 409 for an account never verified", async () => {
    for (const id of ["999999", "abc", "1e3"]) {
      const res = await api.grant(id, { instruments: ["Nifty"], days: 3 });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(ADMIN_MESSAGES.userNotFound);
    }
    const pending = newAccount();
    const registered = await h.browser().post("/api/auth/register", pending);
    expect(registered.statusCode).toBe(201);
    const [row] = await h.t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, pending.username));
    const id = String(row?.id);
    expect((await api.recordRda(id)).json().error).toBe(ADMIN_MESSAGES.userNotVerified);
    const res = await api.grant(id, { instruments: ["Nifty"], days: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ADMIN_MESSAGES.userNotVerified);
  });

  it("switches instruments off and on, keeping the expiry, and audits only real changes", async () => {
    const user = await signedInUser(h);
    h.clock.freeze(ist("2026-11-21T10:00:00"));
    await giveAccess(admin.browser, user.id, ["Nifty", "BankNifty"], 10);
    const off = await api.deactivate(user.id, ["Nifty"]);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(ADMIN_MESSAGES.deactivated);
    expect(off.json().data.user.subscriptions.Nifty).toEqual({
      hasAccess: false,
      isActive: false,
      expiry: "2026-12-01T18:30:00.000Z",
      lastDay: "2026-12-01",
      daysLeft: 10,
    });
    expect(off.json().data.user.subscriptions.BankNifty.hasAccess).toBe(true);
    // Again: nothing to change, nothing audited.
    expect((await api.deactivate(user.id, ["Nifty"])).statusCode).toBe(200);
    const on = await api.reactivate(user.id, ["Nifty"]);
    expect(on.json().message).toBe(ADMIN_MESSAGES.reactivated);
    expect(on.json().data.user.subscriptions.Nifty).toMatchObject({
      hasAccess: true,
      daysLeft: 10,
    });

    const never = await api.deactivate(user.id, ["CrudeOil", "Nifty"]);
    expect(never.statusCode).toBe(409);
    expect(never.json().error).toBe(ADMIN_MESSAGES.neverGranted("CrudeOil"));
    expect((await api.detail(user.id)).json().data.user.subscriptions.Nifty.isActive).toBe(true);

    const actions = (await auditOf(user.id)).map((row) => row.action);
    expect(
      actions.filter((action) => action.startsWith("access.") && !action.endsWith("granted")),
    ).toEqual(["access.deactivated", "access.reactivated"]);
  });

  it("records the signed copy again with new details, and audits each recording", async () => {
    const user = await signedInUser(h);
    expect(
      (await api.recordRda(user.id, "2026-11-18")).json().data.user.riskDisclosure,
    ).toMatchObject({
      signedCopyReceived: true,
      signedCopyReceivedOn: "2026-11-18",
    });
    const again = await admin.browser.post(`/api/admin/users/${user.id}/rda-received`, {
      receivedOn: "2026-11-19",
      channel: "post",
      note: "The posted original",
    });
    expect(again.json().message).toBe(ADMIN_MESSAGES.rdaRecorded);
    expect(again.json().data.user.riskDisclosure.signedCopyReceivedOn).toBe("2026-11-19");
    const entries = (await auditOf(user.id)).filter(
      (row) => row.action === "rda.signed_copy_recorded",
    );
    expect(entries.map((row) => row.details)).toEqual([
      { version: 1, receivedOn: "2026-11-18", channel: "messaging-app", note: "" },
      { version: 1, receivedOn: "2026-11-19", channel: "post", note: "The posted original" },
    ]);
    const bad = await admin.browser.post(`/api/admin/users/${user.id}/rda-received`, {
      receivedOn: "yesterday",
      channel: "post",
    });
    expect(bad.statusCode).toBe(400);
  });
});
