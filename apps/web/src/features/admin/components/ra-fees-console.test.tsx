/**
 * The console under SEBI's research-analyst fee rules (decision 033): the advance limit stated on the grant
 * form, the yearly-limit warning the operator confirms, ending access early with its refund, and the
 * calls export's download links. Without a profile the first three do not show.
 */
import type { Refund } from "@kalpa/contracts/api/admin";
import type { ResearchAnalyst } from "@kalpa/contracts/api/research-analyst";
import { ADMIN_MESSAGES, RA_FEE_MESSAGES } from "@kalpa/contracts/messages";
import { latestPaidLastDay, raFeeRuleOn } from "@kalpa/contracts/ra-fees";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { addDays, formatDayKey, todayKey } from "@/lib/dates";
import { activeUntil, testStatus } from "@/test/access";
import { TEST_ADMIN, userDetail, userSummary } from "@/test/admin";
import { type MockHandlers, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";

const SLOW = { timeout: 15_000 };
const USER_PATH = `/api/admin/users/${TEST_USER.id}`;

const WITH_PROFILE: ResearchAnalyst = {
  profile: {
    registeredName: "Kalpa Research LLP",
    registrationNumber: "INH000012345",
    validFrom: "2025-02-01",
    validTo: null,
    raasbEnlistment: "BSE-RA-5678",
    principalOfficer: { name: "Asha Rao", email: "asha@kalpa.example", phone: "+91 90000 11111" },
    complianceOfficer: { name: "V Iyer", email: "c@kalpa.example", phone: "+91 90000 22222" },
    grievanceOfficer: { name: "M Das", email: "g@kalpa.example", phone: "+91 90000 33333" },
    correspondenceAddress: "12 MG Road, Bengaluru 560001",
    parrvaVerified: false,
  },
  updatedAt: "2026-11-01T05:00:00.000Z",
};

const today = todayKey();
const lastDay = addDays(today, 20);
/** A user with the signed agreement and open Nifty access. */
const subscriber = userSummary({
  riskDisclosure: {
    ...userSummary().riskDisclosure,
    signedCopyReceived: true,
    signedCopyReceivedOn: "2026-03-02",
  },
  subscriptions: testStatus({ subscriptions: { Nifty: activeUntil(lastDay, 20) } }).subscriptions,
});

async function openDetail(api: MockHandlers, researchAnalyst?: ResearchAnalyst) {
  const result = renderApp(`/admin?user=${TEST_USER.id}`, {
    session: TEST_ADMIN,
    ...(researchAnalyst ? { researchAnalyst } : {}),
    api: { [`GET ${USER_PATH}`]: () => ok(userDetail({ user: subscriber })), ...api },
  });
  await screen.findByRole("heading", { level: 2, name: TEST_USER.name }, SLOW);
  return result;
}

const region = (name: string) => within(screen.getByRole("region", { name }));

describe("the console under the research-analyst fee rules", () => {
  it("states how far ahead fees may be paid, and confirms a contribution over the yearly limit", async () => {
    const user = userEvent.setup();
    const warning = RA_FEE_MESSAGES.overAnnualCap("₹1,60,000", "₹1,51,000");
    let calls = 0;
    const { api } = await openDetail(
      {
        [`POST ${USER_PATH}/grants`]: () => {
          calls += 1;
          return calls === 1
            ? {
                status: 409,
                body: {
                  success: false,
                  error: warning,
                  code: "CONFLICT",
                  issues: [{ path: "confirmOverFeeLimit", message: warning }],
                },
              }
            : ok(userDetail({ user: subscriber }), ADMIN_MESSAGES.granted);
        },
      },
      WITH_PROFILE,
    );
    const grant = region("Grant or extend access");
    const latest = latestPaidLastDay(today as never, raFeeRuleOn(today as never).advanceMonths);
    expect((await grant.findByTestId("admin-grant-advance-rule")).textContent).toBe(
      `Under SEBI's rules for research analysts, fees may be paid at most one year in advance: access recorded today can run through ${formatDayKey(latest)} at the latest.`,
    );
    await user.click(grant.getByRole("radio", { name: "Until a date" }));
    expect(grant.getByLabelText("Last day of access").getAttribute("max")).toBe(latest);

    await user.click(grant.getByRole("radio", { name: "For a number of days" }));
    await user.click(grant.getByRole("checkbox", { name: "Nifty" }));
    const amount = grant.getByLabelText("Amount (₹)");
    await user.clear(amount);
    await user.type(amount, "60000");
    await user.click(grant.getByRole("button", { name: "Grant access" }));

    const alert = await grant.findByRole("alert");
    expect(alert.textContent).toContain("Over SEBI's yearly fee limit");
    expect(alert.textContent).toContain(warning);
    expect(grant.queryByText(ADMIN_MESSAGES.granted)).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Record it anyway" }));
    expect(await grant.findByText(ADMIN_MESSAGES.granted)).toBeTruthy();
    const [first, second] = api.callsTo(`POST ${USER_PATH}/grants`);
    expect(first?.body).not.toHaveProperty("confirmOverFeeLimit");
    expect(second?.body).toEqual({ ...(first?.body as object), confirmOverFeeLimit: true });
  });

  it("ends access early after asking, and lists the refund", async () => {
    const user = userEvent.setup();
    const refund: Refund = {
      id: "7",
      instrument: "Nifty",
      amountRupees: 1935,
      paidRupees: 3000,
      daysLeft: 20,
      periodDays: 31,
      periodStart: "2026-11-28",
      previousLastDay: "2026-12-28",
      endedOn: "2026-12-08",
      reason: "Client asked",
      recordedBy: "admin",
      recordedAt: "2026-12-08T09:30:00.000Z",
    };
    const { api } = await openDetail(
      {
        [`POST ${USER_PATH}/end-access`]: () =>
          ok(
            userDetail({
              user: userSummary({
                ...subscriber,
                subscriptions: testStatus({ subscriptions: { Nifty: activeUntil(today, 0) } })
                  .subscriptions,
              }),
              refunds: [refund],
            }),
            RA_FEE_MESSAGES.endedEarly,
          ),
      },
      WITH_PROFILE,
    );
    const panel = region("End access early");
    await user.click(panel.getByRole("checkbox", { name: "Nifty" }));
    await user.type(panel.getByLabelText("Reason (optional)"), "Client asked");
    await user.click(panel.getByRole("button", { name: "End access and record the refund" }));
    const confirm = await screen.findByRole("dialog", { name: "End access early?" });
    expect(confirm.textContent).toContain("Asha Rao keeps Nifty through today only.");
    await user.click(
      within(confirm).getByRole("button", { name: "End access and record the refund" }),
    );
    expect(await panel.findByText(RA_FEE_MESSAGES.endedEarly)).toBeTruthy();
    expect(api.callsTo(`POST ${USER_PATH}/end-access`)[0]?.body).toEqual({
      instruments: ["Nifty"],
      reason: "Client asked",
    });
    const refunds = await screen.findByRole("region", { name: "Refunds" });
    expect(refunds.textContent).toContain("₹1,935 refunded for Nifty");
    expect(refunds.textContent).toContain(
      "₹3,000 paid for 28 Nov 2026 to 28 Dec 2026 (31 days) × 20 day(s) left ÷ 31",
    );
    expect(refunds.textContent).toContain("Ended 8 Dec 2026 · recorded by admin");
  });

  it("without a profile: no advance rule, no ending early", async () => {
    await openDetail({});
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Grant or extend access" })).toBeTruthy(),
    );
    expect(screen.queryByTestId("admin-grant-advance-rule")).toBeNull();
    expect(screen.queryByRole("region", { name: "End access early" })).toBeNull();
    expect(screen.getByRole("region", { name: "Switch access off or on" })).toBeTruthy();
  });

  it("offers the calls export as CSV and JSON downloads for the chosen days", async () => {
    const user = userEvent.setup();
    renderApp("/admin?view=signals", {
      session: TEST_ADMIN,
      api: {
        "GET /api/admin/signals": () => ok({ day: today, engineRunning: true, signals: [] }),
      },
    });
    const panel = within(await screen.findByRole("region", { name: "Export the calls" }, SLOW));
    const from = panel.getByLabelText("First day");
    await user.clear(from);
    await user.type(from, "2026-11-01");
    const csv = panel.getByRole("link", { name: "Download CSV" });
    expect(csv.getAttribute("href")).toBe(
      `/api/admin/calls/export?format=csv&from=2026-11-01&to=${today}`,
    );
    expect(csv.getAttribute("download")).toBe(`kalpa-calls-2026-11-01-to-${today}.csv`);
    expect(panel.getByRole("link", { name: "Download JSON" }).getAttribute("href")).toBe(
      `/api/admin/calls/export?format=json&from=2026-11-01&to=${today}`,
    );
    await user.clear(from);
    await user.type(from, "2020-01-01");
    expect(panel.queryByRole("link", { name: "Download CSV" })).toBeNull();
    expect(panel.getByRole("alert").textContent).toBe(
      "Choose at most 366 days, the first on or before the last.",
    );
  });
});
