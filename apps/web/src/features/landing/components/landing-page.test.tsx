import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";

function targets(name: string): string[] {
  return screen.getAllByRole("link", { name }).map((link) => link.getAttribute("href") ?? "");
}

async function landing() {
  // The first render loads the lazy route module, which can take a while on a busy machine; the sections
  // below the services follow (the page has loaded in jsdom already).
  const heading = await screen.findByRole(
    "heading",
    { level: 1, name: "Model-driven research for NIFTY, BANKNIFTY and Crude Oil" },
    { timeout: 5000 },
  );
  await screen.findByRole(
    "heading",
    { name: "Ready to study the market with us?" },
    { timeout: 5000 },
  );
  return heading;
}

describe("landing page", () => {
  it("loads the sections below the services only once the page has loaded", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    renderApp("/", { session: null });
    await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    expect(
      screen.getByRole("region", { name: "Three markets, one disciplined approach" }),
    ).toBeDefined();
    // Ample time for the module to arrive had it been asked for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole("region", { name: "Highlights" })).toBeNull();
    window.dispatchEvent(new Event("load"));
    expect(await screen.findByRole("region", { name: "Highlights" })).toBeDefined();
    expect(
      screen.getByRole("heading", { name: "Ready to study the market with us?" }),
    ).toBeDefined();
  });

  it("has the hero, ticker slot, risk disclosure, three services, why-choose, four features, slideshow and call to action", async () => {
    renderApp("/", { session: null });
    await landing();
    expect(screen.getByRole("region", { name: "Live market prices" })).toBeDefined();
    expect(
      screen.getByRole("heading", { level: 2, name: "Trading involves real risk" }),
    ).toBeDefined();
    const services = screen.getByRole("region", {
      name: "Three markets, one disciplined approach",
    });
    expect(
      within(services)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["Nifty", "BankNifty", "CrudeOil"]);
    expect(within(services).getByText("200+")).toBeDefined();
    const why = screen.getByRole("region", { name: "Research you can check, not just trust" });
    expect(within(why).getAllByRole("listitem")).toHaveLength(6);
    const features = screen.getByRole("region", { name: "Everything in one place" });
    expect(within(features).getAllByRole("heading", { level: 3 })).toHaveLength(4);
    expect(screen.getByRole("region", { name: "Highlights" })).toBeDefined();
    expect(
      screen.getByRole("heading", { name: "Ready to study the market with us?" }),
    ).toBeDefined();
  });

  it("sends a visitor who is not signed in to /login from Enter the Market and the call to action", async () => {
    renderApp("/", { session: null });
    await landing();
    expect(targets("Enter the Market")).toEqual(["/login", "/login", "/login"]);
    expect(targets("Get Started")).toEqual(["/login", "/login"]);
  });

  it("points everyone to the gold, silver and dollar index forecasts, open to all", async () => {
    renderApp("/", { session: null });
    await landing();
    const services = screen.getByRole("region", {
      name: "Three markets, one disciplined approach",
    });
    expect(
      within(services).getByText(
        "Gold, silver and the dollar index: daily call and put forecasts, open to every visitor.",
      ),
    ).toBeDefined();
    expect(
      within(services).getByRole("link", { name: "See the forecasts" }).getAttribute("href"),
    ).toBe("/forecasts");
  });

  it("sends a signed-in user to /trading-services", async () => {
    rememberSignedIn();
    renderApp("/");
    await landing();
    expect(targets("Enter the Market")).toEqual([
      "/trading-services",
      "/trading-services",
      "/trading-services",
    ]);
    expect(targets("Get Started")).toEqual(["/trading-services", "/trading-services"]);
  });

  it("follows the signed-in hint while the server has not answered yet", async () => {
    rememberSignedIn();
    renderApp("/", { session: "pending" });
    await landing();
    expect(targets("Get Started")).toEqual(["/trading-services", "/trading-services"]);
  });

  it("sets the scroll flag once the page is scrolled past half a viewport", async () => {
    window.innerHeight = 800;
    window.scrollY = 0;
    renderApp("/", { session: null });
    await landing();
    const backdrop = screen.getByTestId("hero-backdrop");
    expect(backdrop.getAttribute("data-scrolled")).toBe("false");
    window.scrollY = 400;
    fireEvent.scroll(window);
    expect(backdrop.getAttribute("data-scrolled")).toBe("false");
    window.scrollY = 401;
    fireEvent.scroll(window);
    expect(backdrop.getAttribute("data-scrolled")).toBe("true");
    window.innerHeight = 1000;
    fireEvent(window, new Event("resize"));
    expect(backdrop.getAttribute("data-scrolled")).toBe("false");
    window.scrollY = 0;
  });

  it("opens the Risk Disclaimer in a modal and closes it", async () => {
    const user = userEvent.setup();
    renderApp("/", { session: null });
    await landing();
    await user.click(screen.getByRole("button", { name: "Risk Disclaimer" }));
    const dialog = await screen.findByRole("dialog", { name: "Risk Disclaimer" });
    expect(dialog.textContent).toContain("not registered with SEBI as an investment adviser");
    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("the floating RDA button opens the agreement to download, with the risk notice and Close", async () => {
    const user = userEvent.setup();
    renderApp("/", { session: null });
    await landing();
    const rdaButton = screen.getByRole("button", { name: "Risk Disclosure Agreement (RDA)" });
    await user.click(rdaButton);
    const dialog = await screen.findByRole("dialog", { name: "Risk Disclosure Agreement" });
    expect(dialog.textContent).toContain("Trading involves substantial risk");
    expect(dialog.textContent).toContain("non-refundable");
    expect(await within(dialog).findByText(/R\. Founder \(founder@example\.com\)/)).toBeDefined();
    const download = within(dialog).getByRole("link", { name: "Download" });
    expect(download.getAttribute("href")).toBe("/api/documents/risk-disclosure-agreement.docx");
    expect(download.getAttribute("download")).toBe("Risk-Disclosure-Agreement.docx");
    const closes = within(dialog).getAllByRole("button", { name: "Close" });
    await user.click(closes[0] as HTMLElement);
    expect(screen.queryByRole("dialog")).toBeNull();
    // The modal loads on demand, yet focus goes back to the button that opened it, as with any dialog.
    await waitFor(() => expect(document.activeElement).toBe(rdaButton));
  });
});
