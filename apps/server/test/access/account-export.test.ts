import { AccountExportSchema } from "@kalpa/contracts/api/account";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptRda, adminApi, CONTRIBUTION, firstAdmin, signedInUser } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

const ist = (text: string) => new Date(`${text}+05:30`);

describe("the account export's access data", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  beforeAll(async () => {
    admin = await firstAdmin(h);
  });

  it("holds the access per instrument, the contributions and the agreement, and nothing of the operator's", async () => {
    h.clock.freeze(ist("2026-11-21T10:00:00"));
    const user = await signedInUser(h);
    const api = adminApi(admin.browser);
    await api.recordRda(user.id, "2026-11-20");
    await api.grant(user.id, { instruments: ["Nifty", "CrudeOil"], days: 30 });
    h.clock.freeze(ist("2026-11-22T09:00:00"));
    await api.grant(user.id, {
      instruments: ["CrudeOil"],
      days: 5,
      contribution: { ...CONTRIBUTION, amountRupees: 1000, method: "cash", note: "Top-up" },
    });
    await api.deactivate(user.id, ["Nifty"]);
    await user.browser.request("POST", "/api/risk-disclosure/accept", {
      payload: { version: 1 },
      headers: { "user-agent": "Exporter/2" },
    });

    const res = await user.browser.get("/api/account/export");
    expect(res.statusCode).toBe(200);
    const body = AccountExportSchema.parse(res.json());
    expect(body.access).toEqual([
      {
        instrument: "Nifty",
        hasAccess: false,
        isActive: false,
        startedAt: "2026-11-21T04:30:00.000Z",
        expiry: "2026-12-21T18:30:00.000Z",
        lastDay: "2026-12-21",
      },
      {
        instrument: "CrudeOil",
        hasAccess: true,
        isActive: true,
        startedAt: "2026-11-21T04:30:00.000Z",
        expiry: "2026-12-26T18:30:00.000Z",
        lastDay: "2026-12-26",
      },
    ]);
    expect(body.contributions).toEqual([
      {
        instruments: ["Nifty", "CrudeOil"],
        amountRupees: 4999,
        receivedOn: "2026-11-20",
        method: "upi",
        reference: "UPI-TEST-1",
        note: "",
        recordedAt: "2026-11-21T04:30:00.000Z",
      },
      {
        instruments: ["CrudeOil"],
        amountRupees: 1000,
        receivedOn: "2026-11-20",
        method: "cash",
        reference: "UPI-TEST-1",
        note: "Top-up",
        recordedAt: "2026-11-22T03:30:00.000Z",
      },
    ]);
    expect(body.riskDisclosure).toEqual({
      currentVersion: 1,
      acceptances: [
        {
          version: 1,
          acceptedAt: "2026-11-22T03:30:00.000Z",
          ip: user.browser.ip,
          userAgent: "Exporter/2",
        },
      ],
      signedCopies: [{ version: 1, receivedOn: "2026-11-20", channel: "messaging-app" }],
    });
    // Who recorded the contributions and the signed copy is the operator's record, not the user's data.
    expect(res.body).not.toContain(admin.username);
  });

  it("exports another user's access to no one", async () => {
    const holder = await signedInUser(h);
    await adminApi(admin.browser).recordRda(holder.id);
    await adminApi(admin.browser).grant(holder.id, { instruments: ["BankNifty"], days: 3 });
    const other = await signedInUser(h);
    await acceptRda(other.browser);
    const body = AccountExportSchema.parse((await other.browser.get("/api/account/export")).json());
    expect(body.access).toEqual([]);
    expect(body.contributions).toEqual([]);
    expect(body.riskDisclosure.signedCopies).toEqual([]);
    expect(body.riskDisclosure.acceptances).toHaveLength(1);
  });
});
