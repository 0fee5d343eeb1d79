/**
 * The spec's "non-refundable" wording gives way to SEBI's refund rule wherever it is said, but only while
 * the operator has a research-analyst profile (decision 033): the pricing notes, the dashboard's trust list,
 * the FAQ, the consent modal, the terms of service and the agreement's summary.
 */
import type { ResearchAnalyst } from "@kalpa/contracts/api/research-analyst";
import { agreementWithProfileRefunds } from "@kalpa/contracts/content/risk-disclosure-agreement";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { profileOf } from "@/features/profile/api/get-profile";
import { ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";

const SLOW = { timeout: 15_000 };

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

const PRO_RATA = /refunded pro rata/;

describe("refund wording", () => {
  it("pricing: non-refundable without a profile, pro rata with one", async () => {
    const { unmount } = renderApp("/pricing", { session: null });
    expect(await screen.findByText(/voluntary and non-refundable/, {}, SLOW)).toBeTruthy();
    unmount();
    renderApp("/pricing", { session: null, researchAnalyst: WITH_PROFILE });
    expect(
      await screen.findByText(
        "Contributions are voluntary. If access ends early, the unused days are refunded pro rata, as SEBI's rules for research analysts require. Access is time-bound and ends on its last day unless renewed.",
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/non-refundable/)).toBeNull();
  });

  it("the dashboard's trust list", async () => {
    renderApp("/dashboard", {
      researchAnalyst: WITH_PROFILE,
      api: { "GET /api/profile": () => ok(profileOf(TEST_USER)) },
    });
    await screen.findByRole("heading", { level: 1, name: "Welcome, Asha Rao" }, SLOW);
    const trust = screen.getByRole("region", { name: "Why traders trust us" });
    expect(trust.textContent).toMatch(PRO_RATA);
    expect(trust.textContent).not.toContain("non-refundable");
  });

  it("the FAQ's refund answer", async () => {
    const user = userEvent.setup();
    renderApp("/faq", { researchAnalyst: WITH_PROFILE });
    await user.click(await screen.findByRole("button", { name: "Open the FAQ" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Frequently Asked Questions" });
    await user.click(
      within(dialog).getByRole("button", {
        name: "Can I get a refund, and how long does access last?",
      }),
    );
    const answer = within(dialog).getByRole("region");
    expect(answer.textContent).toMatch(/^Contributions are voluntary\. If your access ends early/);
    expect(answer.textContent).not.toContain("non-refundable");
  });

  it("the consent modal", async () => {
    renderApp("/", { consented: false, researchAnalyst: WITH_PROFILE });
    const dialog = await screen.findByRole("dialog", {}, SLOW);
    await within(dialog).findByText(/the unused days are refunded pro rata/, {}, SLOW);
    expect(dialog.textContent).not.toContain("non-refundable");
  });

  it("the terms of service", async () => {
    const { unmount } = renderApp("/policies/terms", { session: null });
    expect(
      await screen.findByText(
        "Contributions are non-refundable, except where Indian law gives you a right to a refund.",
        {},
        SLOW,
      ),
    ).toBeTruthy();
    unmount();
    renderApp("/policies/terms", { session: null, researchAnalyst: WITH_PROFILE });
    expect(
      await screen.findByText(
        "If your access ends early, the unused days are refunded pro rata, rounded to the rupee, as SEBI's rules for research analysts require.",
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/non-refundable/)).toBeNull();
  });

  it("the agreement's summary on the landing page", async () => {
    const user = userEvent.setup();
    renderApp("/", { session: null, researchAnalyst: WITH_PROFILE });
    await user.click(
      await screen.findByRole("button", { name: "Risk Disclosure Agreement (RDA)" }, SLOW),
    );
    const dialog = await screen.findByRole("dialog", { name: "Risk Disclosure Agreement" });
    await within(dialog).findByText(
      "Contributions are voluntary; access is time-bound, and if it ends early the unused days are refunded pro rata.",
    );
    expect(dialog.textContent).not.toContain("non-refundable");
  });

  it("leaves no non-refundable sentence in the agreement with a profile", () => {
    const text = JSON.stringify(agreementWithProfileRefunds());
    expect(text).not.toMatch(/non-refundable/);
    expect(text.match(/refunded pro rata/g)).toHaveLength(3);
  });
});
