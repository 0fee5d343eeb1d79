/**
 * The spec's "not registered with SEBI" sentence, page by page (decision 031): without a research-analyst
 * profile each page says it word for word; with one, the page names the registration instead and says
 * nowhere that there is none. Telugu follows the same switch.
 */
import type { ResearchAnalyst } from "@kalpa/contracts/api/research-analyst";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ForecastPage } from "@/features/forecasts/components/forecast-page";
import { setLanguage } from "@/i18n";
import { createQueryClient } from "@/lib/query-client";
import { FakeSocket } from "@/test/fake-socket";
import { installMockApi, never, ok } from "@/test/mock-api";
import { renderApp, TEST_SITE } from "@/test/render-app";
import { AppProviders } from "./providers";

const SLOW = { timeout: 5000 };

const WITH_PROFILE: ResearchAnalyst = {
  profile: {
    registeredName: "Kalpa Research LLP",
    registrationNumber: "INH000012345",
    validFrom: "2025-02-01",
    validTo: null,
    raasbEnlistment: "BSE-RA-5678",
    principalOfficer: { name: "Asha Rao", email: "asha@kalpa.example", phone: "+91 90000 11111" },
    complianceOfficer: {
      name: "Vikram Iyer",
      email: "compliance@kalpa.example",
      phone: "+91 90000 22222",
    },
    grievanceOfficer: {
      name: "Meera Das",
      email: "grievance@kalpa.example",
      phone: "+91 90000 33333",
    },
    correspondenceAddress: "12 MG Road, Bengaluru 560001",
    parrvaVerified: false,
  },
  updatedAt: "2026-11-01T05:00:00.000Z",
};

const REGISTERED =
  "The research is by Kalpa Research LLP, SEBI-registered Research Analyst (Registration No. INH000012345)";
const NOT_REGISTERED = /not registered|not a registered/;

async function riskBand() {
  return within(await screen.findByRole("region", { name: "Trading involves real risk" }, SLOW));
}

describe("the landing page", () => {
  it("keeps the spec's sentence in the risk band and the Risk Disclaimer without a profile", async () => {
    const user = userEvent.setup();
    renderApp("/", { session: null });
    const band = await riskBand();
    expect(
      band.getByText(
        /We are not registered with SEBI as an investment adviser or research analyst, and nothing here is a recommendation to buy or sell\./,
      ),
    ).toBeTruthy();
    await user.click(band.getByRole("button", { name: "Risk Disclaimer" }));
    const dialog = await screen.findByRole("dialog", { name: "Risk Disclaimer" });
    expect(dialog.textContent).toContain(
      "The operator is not registered with SEBI as an investment adviser or research analyst.",
    );
  });

  it("names the registration in the risk band, the Risk Disclaimer and the RDA summary with a profile", async () => {
    const user = userEvent.setup();
    renderApp("/", { session: null, researchAnalyst: WITH_PROFILE });
    const band = await riskBand();
    await waitFor(() =>
      expect(band.getByText(new RegExp(REGISTERED.replace(/[().]/g, "\\$&")))).toBeTruthy(),
    );
    const section = band.getByText(/Our research is for learning/);
    expect(section.textContent).toContain(
      `${REGISTERED}; registration does not guarantee performance or any return, and nothing here is a recommendation to buy or sell.`,
    );
    expect(section.textContent).not.toMatch(NOT_REGISTERED);

    await user.click(band.getByRole("button", { name: "Risk Disclaimer" }));
    const risk = await screen.findByRole("dialog", { name: "Risk Disclaimer" });
    expect(risk.textContent).toContain(REGISTERED);
    expect(risk.textContent).not.toMatch(NOT_REGISTERED);
    await user.click(within(risk).getAllByRole("button", { name: "Close" })[0] as HTMLElement);

    await user.click(screen.getByRole("button", { name: "Risk Disclosure Agreement (RDA)" }));
    const rda = await screen.findByRole("dialog", { name: "Risk Disclosure Agreement" });
    expect(rda.textContent).toContain(REGISTERED);
    expect(rda.textContent).not.toMatch(NOT_REGISTERED);
  });
});

async function adviceAnswer(researchAnalyst?: ResearchAnalyst, opener = "Open the FAQ") {
  const user = userEvent.setup();
  renderApp("/faq", researchAnalyst ? { researchAnalyst } : {});
  // The profile has arrived once the footer shows it (or its absence).
  if (researchAnalyst) await screen.findByTestId("footer-registration", {}, SLOW);
  await user.click(await screen.findByRole("button", { name: opener }, SLOW));
  const dialog = await screen.findByRole("dialog");
  const question = within(dialog).getAllByRole("button", { expanded: false })[2] as HTMLElement;
  await user.click(question);
  return within(dialog).getByRole("region").textContent ?? "";
}

describe("the FAQ", () => {
  it('answers "Is this investment advice?" with the spec\'s wording without a profile', async () => {
    expect(await adviceAnswer()).toContain(
      "The operator is not a registered investment adviser or research analyst and is not registered with the market regulator (SEBI).",
    );
  });

  it("names the registration in that answer with a profile", async () => {
    const answer = await adviceAnswer(WITH_PROFILE);
    expect(answer).toBe(
      `No. The content is for education only and is not a recommendation to buy or sell. ${REGISTERED}; registration does not guarantee performance or any return. Any position you take is your own decision, at your own risk.`,
    );
  });

  it("does so in Telugu too", async () => {
    await setLanguage("te");
    const answer = await adviceAnswer(WITH_PROFILE, "ప్రశ్నలు చూడండి");
    expect(answer).toContain("Kalpa Research LLP (రిజిస్ట్రేషన్ నం. INH000012345)");
    expect(answer).not.toContain("నమోదు కాలేదు");
  });
});

async function consentDisclaimer(researchAnalyst?: ResearchAnalyst) {
  renderApp("/", { consented: false, ...(researchAnalyst ? { researchAnalyst } : {}) });
  const dialog = within(
    await screen.findByRole("dialog", { name: "Welcome to Acme Markets" }, SLOW),
  );
  const heading = dialog.getByRole("heading", { level: 3, name: "Disclaimer" });
  return () => heading.nextElementSibling?.textContent ?? "";
}

describe("the consent modal", () => {
  it("keeps the spec's disclaimer without a profile", async () => {
    const text = await consentDisclaimer();
    expect(text()).toContain(
      "The operator is not a registered investment adviser or research analyst and is not registered with the market regulator (SEBI).",
    );
  });

  it("names the registration in its disclaimer with a profile", async () => {
    const text = await consentDisclaimer(WITH_PROFILE);
    await waitFor(() => expect(text()).toContain(REGISTERED));
    expect(text()).not.toMatch(NOT_REGISTERED);
    expect(text()).toContain("Trading in futures and options involves substantial risk of loss");
  });
});

describe("the other pages that said it", () => {
  it("pricing names the registration in its notes", async () => {
    renderApp("/pricing", { researchAnalyst: WITH_PROFILE });
    const notes = within(await screen.findByRole("region", { name: "Good to know" }, SLOW));
    await waitFor(() => expect(notes.getByText(/SEBI-registered Research Analyst/)).toBeTruthy());
    expect(notes.queryByText(/We are not registered with SEBI/)).toBeNull();
  });

  it('pricing keeps "We are not registered with SEBI." without a profile', async () => {
    renderApp("/pricing");
    const notes = within(await screen.findByRole("region", { name: "Good to know" }, SLOW));
    expect(notes.getByText(/We are not registered with SEBI\./)).toBeTruthy();
  });

  it("the disclaimer policy names the registration with a profile", async () => {
    renderApp("/policies/disclaimer", { researchAnalyst: WITH_PROFILE });
    expect(
      await screen.findByText(
        /The research on Acme Markets is by Kalpa Research LLP, registered with the Securities and Exchange Board of India \(SEBI\) as a research analyst \(Registration No\. INH000012345\)/,
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(
      screen.queryByText(/is not registered with the Securities and Exchange Board/),
    ).toBeNull();
  });
});

describe("the forecasts", () => {
  it("name the registration in their disclaimer with a profile", async () => {
    installMockApi({
      "GET /api/site": () => ok({ ...TEST_SITE, feed: "simulated" }),
      "GET /api/research-analyst": () => ok(WITH_PROFILE),
      "GET /api/market/snapshots": () => never(),
      "GET /api/auth/me": () => never(),
      "GET /api/forecast/xau": () => never(),
    });
    render(
      <MemoryRouter>
        <AppProviders
          queryClient={createQueryClient()}
          createUserSocket={() => new FakeSocket().asSocket()}
        >
          <ForecastPage />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(
        `Educational research only, not investment advice. Forecasts are generated by a rule-based model on simulated prices; ${REGISTERED.replace("The research", "the research")}. Any position is at your own risk.`,
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});
