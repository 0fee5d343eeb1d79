import { PLAN_STATS } from "@kalpa/contracts/constants";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

function plans() {
  return screen.getAllByRole("article");
}

describe("/pricing, Research Access Plans", () => {
  it("shows the three plans in the spec's order, BankNifty marked MOST POPULAR", async () => {
    renderApp("/pricing", { session: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Research Access Plans" }),
    ).toBeTruthy();
    const cards = plans();
    expect(
      cards.map((card) => within(card).getByRole("heading", { level: 2 }).textContent),
    ).toEqual(["Nifty", "BankNifty", "CrudeOil"]);
    expect(cards.map((card) => within(card).queryByText("MOST POPULAR") !== null)).toEqual([
      false,
      true,
      false,
    ]);
    for (const card of cards) {
      expect(card.textContent).toContain("₹4,999per month");
    }
    expect(screen.getByText(/₹4,999 per month per instrument/)).toBeTruthy();
  });

  it("shows each plan's stats (spec section 9) and what it includes", async () => {
    renderApp("/pricing", { session: null });
    await screen.findByRole("heading", { level: 1, name: "Research Access Plans" });
    for (const [index, name] of (["Nifty", "BankNifty", "CrudeOil"] as const).entries()) {
      const card = plans()[index] as HTMLElement;
      const stats = within(card).getByLabelText(`${name} in numbers`);
      const pairs = within(stats)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(pairs).toEqual([
        ["Models", PLAN_STATS[name].models],
        ["Setups", PLAN_STATS[name].setups],
        ["Latency", PLAN_STATS[name].latency],
      ]);
      expect(within(card).getAllByRole("listitem").length).toBeGreaterThanOrEqual(5);
    }
    expect(plans()[1]?.textContent).toContain("Two models: KalpaVruksha for swing setups and HFT");
    expect(plans()[2]?.textContent).toContain("Setups through the MCX session, into the evening");
  });

  it("Get Started leads to /trading-services with the plan chosen", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/pricing");
    await screen.findByRole("heading", { level: 1, name: "Research Access Plans" });
    const links = screen.getAllByRole("link", { name: /^Get Started/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/trading-services?service=nifty",
      "/trading-services?service=banknifty",
      "/trading-services?service=crudeoil",
    ]);
    await user.click(links[2] as HTMLElement);
    await waitFor(() => expect(router.location.pathname).toBe("/trading-services"));
    expect(
      await screen.findByRole("radio", { name: "CrudeOil" }, { timeout: 5000 }),
    ).toHaveProperty("checked", true);
  });

  it("is a public page that asks the server for nothing about the visitor", async () => {
    const { api } = renderApp("/pricing", { session: null });
    await screen.findByRole("heading", { level: 1, name: "Research Access Plans" });
    expect(api.callsTo("GET /api/subscription/status")).toHaveLength(0);
    expect(api.callsTo("GET /api/auth/me")).toHaveLength(0);
  });
});
