/**
 * SEBI's research-analyst fee rules in the console (docs/decisions/033): without a profile nothing changes;
 * with one, access paid too far in advance is refused, a contribution over the yearly limit waits for the
 * operator's confirmation, and access ended early records the refund of the days left.
 */
import { AccountExportSchema } from "@kalpa/contracts/api/account";
import { AdminUserDetailSchema } from "@kalpa/contracts/api/admin";
import { RA_FEE_MESSAGES } from "@kalpa/contracts/messages";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, contributions, refunds, subscriptions } from "../../src/db/schema";
import { adminApi, firstAdmin, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

const ist = (text: string) => new Date(`${text}+05:30`);

const PROFILE = {
  registeredName: "Kalpa Research LLP",
  registrationNumber: "INH000012345",
  validFrom: "2025-01-01",
  validTo: null,
  raasbEnlistment: "BSE-RA-5678",
  principalOfficer: { name: "Asha Rao", email: "asha@kalpa.example", phone: "+91 90000 11111" },
  complianceOfficer: { name: "Vikram Iyer", email: "c@kalpa.example", phone: "+91 90000 22222" },
  grievanceOfficer: { name: "Meera Das", email: "g@kalpa.example", phone: "+91 90000 33333" },
  correspondenceAddress: "12 MG Road, Bengaluru 560001",
  parrvaVerified: false,
};

const paid = (amountRupees: number, receivedOn: string) => ({
  amountRupees,
  method: "upi",
  reference: "UPI-FEES",
  receivedOn,
});

describe("fees under the research-analyst rules", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let api: ReturnType<typeof adminApi>;
  beforeAll(async () => {
    admin = await firstAdmin(h);
    api = adminApi(admin.browser);
  });

  const db = () => h.t.database.db;
  /** Everything a refused change must leave as it was. */
  const stateOf = async (userId: string) => ({
    subscriptions: await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, Number(userId))),
    contributions: await db()
      .select()
      .from(contributions)
      .where(eq(contributions.userId, Number(userId))),
    refunds: await db()
      .select()
      .from(refunds)
      .where(eq(refunds.userId, Number(userId))),
    audit: await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`)),
  });
  const ready = async () => {
    const user = await signedInUser(h);
    expect((await api.recordRda(user.id, "2026-11-01")).statusCode).toBe(200);
    return user;
  };
  const endAccess = (userId: string, body: object) =>
    admin.browser.post(`/api/admin/users/${userId}/end-access`, body);
  const setProfile = async () =>
    expect((await admin.browser.put("/api/admin/research-analyst", PROFILE)).statusCode).toBe(200);
  const clearProfile = async () =>
    expect((await admin.browser.delete("/api/admin/research-analyst")).statusCode).toBe(200);

  it("without a profile: a year ahead, any amount, and no refunds (nothing changes)", async () => {
    h.clock.freeze(ist("2026-11-28T10:00:00"));
    const user = await ready();
    const grant = await api.grant(user.id, {
      instruments: ["Nifty"],
      days: 366,
      contribution: paid(500_000, "2026-11-28"),
    });
    expect(grant.statusCode).toBe(200);
    const before = await stateOf(user.id);
    const end = await endAccess(user.id, { instruments: ["Nifty"] });
    expect(end.statusCode).toBe(409);
    expect(end.json().error).toBe(RA_FEE_MESSAGES.refundsNeedProfile);
    expect(await stateOf(user.id)).toEqual(before);
  });

  describe("with a profile", () => {
    beforeAll(setProfile);

    it("refuses access that runs more than 12 calendar months ahead (the rule since 2 April 2025)", async () => {
      h.clock.freeze(ist("2026-11-28T10:00:00"));
      const user = await ready();
      const before = await stateOf(user.id);
      const tooFar = await api.grant(user.id, {
        instruments: ["Nifty"],
        until: "2027-11-28",
        contribution: paid(20_000, "2026-11-28"),
      });
      expect(tooFar.statusCode).toBe(400);
      const message = RA_FEE_MESSAGES.tooFarInAdvance(12, "27 Nov 2027");
      expect(message).toContain("one year");
      expect(tooFar.json()).toMatchObject({ error: message, issues: [{ path: "until", message }] });
      expect(await stateOf(user.id)).toEqual(before);
      // The day before is allowed.
      const ok = await api.grant(user.id, {
        instruments: ["Nifty"],
        until: "2027-11-27",
        contribution: paid(20_000, "2026-11-28"),
      });
      expect(ok.statusCode).toBe(200);
    });

    it("counts an extension from today, not from the end of the access it extends", async () => {
      h.clock.freeze(ist("2026-11-28T10:00:00"));
      const user = await ready();
      const first = await api.grant(user.id, {
        instruments: ["BankNifty"],
        days: 200,
        contribution: paid(10_000, "2026-11-28"),
      });
      expect(first.statusCode).toBe(200);
      const before = await stateOf(user.id);
      // 200 + 200 days from today: through 6 Jan 2028, past 27 Nov 2027.
      const more = await api.grant(user.id, {
        instruments: ["BankNifty"],
        days: 200,
        contribution: paid(10_000, "2026-11-28"),
      });
      expect(more.statusCode).toBe(400);
      expect(more.json().issues).toEqual([
        { path: "days", message: RA_FEE_MESSAGES.tooFarInAdvance(12, "27 Nov 2027") },
      ]);
      expect(await stateOf(user.id)).toEqual(before);
      const fits = await api.grant(user.id, {
        instruments: ["BankNifty"],
        days: 100,
        contribution: paid(5_000, "2026-11-28"),
      });
      expect(fits.statusCode).toBe(200);
    });

    it("applied one quarter under the circular of 8 January 2025, before 2 April 2025", async () => {
      h.clock.freeze(ist("2025-02-10T12:00:00"));
      const user = await ready();
      const refused = await api.grant(user.id, {
        instruments: ["CrudeOil"],
        until: "2025-05-10",
        contribution: paid(15_000, "2025-02-10"),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(RA_FEE_MESSAGES.tooFarInAdvance(3, "9 May 2025"));
      expect(refused.json().error).toContain("one quarter");
      const allowed = await api.grant(user.id, {
        instruments: ["CrudeOil"],
        until: "2025-05-09",
        contribution: paid(15_000, "2025-02-10"),
      });
      expect(allowed.statusCode).toBe(200);
    });

    it("warns over ₹1,51,000 in 12 months and records it only once the operator confirms", async () => {
      h.clock.freeze(ist("2026-11-28T10:00:00"));
      const user = await ready();
      const old = await api.grant(user.id, {
        instruments: ["Nifty"],
        days: 10,
        contribution: paid(90_000, "2025-11-28"), // 12 months and a day before: outside the window
      });
      expect(old.statusCode).toBe(200);
      const first = await api.grant(user.id, {
        instruments: ["Nifty"],
        days: 30,
        contribution: paid(100_000, "2026-11-28"),
      });
      expect(first.statusCode).toBe(200);
      const before = await stateOf(user.id);
      const body = {
        instruments: ["Nifty"],
        days: 30,
        contribution: paid(60_000, "2026-11-28"),
      };
      const warned = await api.grant(user.id, body);
      expect(warned.statusCode).toBe(409);
      const message = RA_FEE_MESSAGES.overAnnualCap("₹1,60,000", "₹1,51,000");
      expect(warned.json()).toMatchObject({
        error: message,
        code: "CONFLICT",
        issues: [{ path: "confirmOverFeeLimit", message }],
      });
      expect(await stateOf(user.id)).toEqual(before);
      const confirmed = await api.grant(user.id, { ...body, confirmOverFeeLimit: true });
      expect(confirmed.statusCode).toBe(200);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${user.id}`))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.details).toMatchObject({ overFeeLimitConfirmed: true });
    });

    it("ends access early at the end of today and records the refund of the days left", async () => {
      h.clock.freeze(ist("2026-11-28T10:00:00"));
      const user = await ready();
      // ₹6,000 for two instruments: ₹3,000 each for 28 Nov to 28 Dec, 31 days.
      const grant = await api.grant(user.id, {
        instruments: ["Nifty", "BankNifty"],
        days: 30,
        contribution: paid(6_000, "2026-11-28"),
      });
      expect(grant.statusCode).toBe(200);
      h.clock.freeze(ist("2026-12-08T15:00:00"));
      const end = await endAccess(user.id, { instruments: ["Nifty"], reason: "Client asked" });
      expect(end.statusCode).toBe(200);
      expect(end.json().message).toBe(RA_FEE_MESSAGES.endedEarly);
      const detail = AdminUserDetailSchema.parse(end.json().data);
      // 20 whole days after 8 Dec (9 to 28 Dec): 3000 × 20 / 31 = 1935.48 → ₹1,935.
      expect(detail.refunds).toEqual([
        expect.objectContaining({
          instrument: "Nifty",
          amountRupees: 1935,
          paidRupees: 3000,
          daysLeft: 20,
          periodDays: 31,
          periodStart: "2026-11-28",
          previousLastDay: "2026-12-28",
          endedOn: "2026-12-08",
          reason: "Client asked",
          recordedBy: admin.username,
        }),
      ]);
      // Today is still the client's; BankNifty is untouched.
      expect(detail.user.subscriptions.Nifty).toMatchObject({
        hasAccess: true,
        lastDay: "2026-12-08",
      });
      expect(detail.user.subscriptions.BankNifty).toMatchObject({ lastDay: "2026-12-28" });
      expect(detail.audit[0]).toMatchObject({
        action: "access.ended_early",
        actor: admin.username,
        details: expect.objectContaining({ instrument: "Nifty", refundRupees: 1935 }),
      });
      // It closes at the midnight that ends today.
      expect(detail.user.subscriptions.Nifty.expiry).toBe(ist("2026-12-09T00:00:00").toISOString());
      // The user's own account export lists the refund.
      const exported = AccountExportSchema.parse(
        (await user.browser.get("/api/account/export")).json(),
      );
      expect(exported.refunds).toEqual([
        expect.objectContaining({ instrument: "Nifty", amountRupees: 1935, endedOn: "2026-12-08" }),
      ]);
      const mine = (await user.browser.get("/api/account/refunds")).json().data;
      expect(mine.refunds).toEqual([
        expect.objectContaining({ instrument: "Nifty", amountRupees: 1935, daysLeft: 20 }),
      ]);
      expect(mine.refunds[0]).not.toHaveProperty("recordedBy");
      // A fee received since counts less the refund: ₹6,000 − ₹1,935 + ₹1,47,000 = ₹1,51,065 > the limit.
      const over = await api.grant(user.id, {
        instruments: ["CrudeOil"],
        days: 30,
        contribution: paid(147_000, "2026-12-09"),
      });
      expect(over.json().error).toBe(RA_FEE_MESSAGES.overAnnualCap("₹1,51,065", "₹1,51,000"));
    });

    it("refuses to end access that is not open or ends today, changing nothing", async () => {
      h.clock.freeze(ist("2026-11-28T10:00:00"));
      const user = await ready();
      await api.grant(user.id, {
        instruments: ["Nifty"],
        days: 0 + 1,
        contribution: paid(200, "2026-11-28"),
      });
      const before = await stateOf(user.id);
      const never = await endAccess(user.id, { instruments: ["CrudeOil"] });
      expect(never.statusCode).toBe(409);
      expect(never.json().error).toBe(RA_FEE_MESSAGES.notOpen("CrudeOil"));
      h.clock.freeze(ist("2026-11-29T09:00:00"));
      const lastDay = await endAccess(user.id, { instruments: ["Nifty"] });
      expect(lastDay.statusCode).toBe(409);
      expect(lastDay.json().error).toBe(RA_FEE_MESSAGES.endsToday("Nifty"));
      expect(await stateOf(user.id)).toEqual(before);
    });

    it("stops applying once the profile is removed", async () => {
      await clearProfile();
      h.clock.freeze(ist("2026-11-28T10:00:00"));
      const user = await ready();
      const res = await api.grant(user.id, {
        instruments: ["Nifty"],
        until: "2028-01-01",
        contribution: paid(400_000, "2026-11-28"),
      });
      expect(res.statusCode).toBe(200);
      await setProfile();
    });
  });
});
