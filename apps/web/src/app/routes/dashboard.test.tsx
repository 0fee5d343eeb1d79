import { DASHBOARD_MESSAGES } from "@kalpa/contracts/messages";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { profileOf } from "@/features/profile/api/get-profile";
import { fail, type MockReply, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";

const PROFILE = profileOf(TEST_USER);

function renderDashboard(
  path = "/dashboard",
  profile: () => MockReply | Promise<MockReply> = () => ok(PROFILE),
  session = TEST_USER,
) {
  return renderApp(path, { session, api: { "GET /api/profile": profile } });
}

/** The first wait loads the lazy route module, which takes a while on a busy machine. */
const SLOW = { timeout: 5000 };

function welcome(name = "Asha Rao") {
  return screen.findByRole("heading", { level: 1, name: `Welcome, ${name}` }, SLOW);
}

function sidebar() {
  return within(screen.getByRole("navigation", { name: "Dashboard" }));
}

describe("dashboard", () => {
  it("loads, then greets the user by name with the sidebar of the spec", async () => {
    let answer: (reply: MockReply) => void = () => {};
    renderDashboard("/dashboard", () => new Promise<MockReply>((resolve) => (answer = resolve)));
    expect(await screen.findByText("Loading your dashboard…", {}, SLOW)).toBeTruthy();
    await act(async () => answer(ok({ ...PROFILE, name: "Meera Iyer" })));
    expect(await welcome("Meera Iyer")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Open your profile (Meera Iyer)" }).textContent,
    ).toContain("MI");
    expect(screen.getByRole("link", { name: /Open your profile/ }).getAttribute("href")).toBe(
      "/profile",
    );
    const items = sidebar()
      .getAllByRole("listitem")
      .map((item) => {
        const control = item.firstElementChild as HTMLElement;
        return [control.textContent, control.getAttribute("href")];
      });
    expect(items).toEqual([
      ["Home", "/"],
      ["Dashboard", "/dashboard"],
      ["Educational Services", "/dashboard?section=trading-services"],
      ["Contribution", "/whatsapp-contact"],
      ["Forecasting", "/dashboard?section=forecasting"],
      ["Paper Trade", "/dashboard?section=paper-trade"],
      ["Live Panel", "/live-trade"],
      ["FAQ", null],
      ["Contact Us", "/dashboard?section=contact"],
      ["Settings", "/dashboard?section=settings"],
      ["Logout", "/logout"],
    ]);
    expect(sidebar().getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("is behind the access guard", async () => {
    renderApp("/dashboard", { session: null });
    expect(
      await screen.findByRole("heading", { name: "Authentication Required" }, SLOW),
    ).toBeTruthy();
    expect(screen.queryByText(/Welcome,/)).toBeNull();
  });

  it("shows the live market cards, the knowledge hub, About Us and the trust list", async () => {
    renderDashboard();
    await welcome();
    const markets = within(screen.getByRole("region", { name: "Live markets" }));
    await waitFor(() =>
      expect(markets.getAllByRole("heading", { level: 3 }).map((card) => card.textContent)).toEqual(
        ["NIFTY", "BANKNIFTY", "CRUDEOIL"],
      ),
    );
    // Desktop only / mobile only, by breakpoint classes (jsdom has no layout).
    const hub = screen.getByRole("region", { name: "Trading Knowledge Hub" });
    expect(hub.className).toMatch(/(^| )hidden( |$)/);
    expect(hub.className).toContain("lg:block");
    expect(hub.textContent).toContain("12 stocks");
    expect(hub.textContent).toContain("50 companies");
    expect(hub.textContent).toContain("about 65% of the market");
    expect(hub.textContent).toContain("Crude oil trades on MCX");
    const about = screen.getByRole("region", { name: "About Us" });
    expect(about.className).toContain("lg:hidden");
    expect(about.textContent).toContain("18+ years of experience");
    const trust = screen.getByRole("region", { name: "Why traders trust us" });
    expect(trust.textContent).toContain("Money-back guarantee");
    expect(trust.textContent).toContain("Contributions are voluntary and non-refundable");
  });

  it("flips a knowledge card on click and with the keyboard", async () => {
    const user = userEvent.setup();
    renderDashboard();
    const card = await screen.findByRole("button", { name: "Bank Nifty: Flip card" }, SLOW);
    const faces = [...(card.firstElementChild?.children ?? [])];
    expect(card.getAttribute("aria-pressed")).toBe("false");
    expect(faces[1]?.getAttribute("aria-hidden")).toBe("true");
    await user.click(card);
    expect(card.getAttribute("aria-pressed")).toBe("true");
    expect(faces[0]?.getAttribute("aria-hidden")).toBe("true");
    expect(faces[1]?.getAttribute("aria-hidden")).toBe("false");
    await user.keyboard("{Enter}");
    expect(card.getAttribute("aria-pressed")).toBe("false");
    await user.keyboard(" ");
    expect(card.getAttribute("aria-pressed")).toBe("true");
    // Each card turns on its own.
    expect(
      screen.getByRole("button", { name: "Nifty 50: Flip card" }).getAttribute("aria-pressed"),
    ).toBe("false");
  });

  it("switches sections through the URL, so reload keeps them and Back returns", async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard();
    await welcome();

    await user.click(sidebar().getByRole("link", { name: "Settings" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    expect(router.location.search).toBe("?section=settings");
    expect(sidebar().getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe(
      "page",
    );

    await user.click(sidebar().getByRole("link", { name: "Forecasting" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Forecasting" })).toBeTruthy();
    // The forecast page, with its instrument switcher (its data is the forecast page's own tests').
    expect(screen.getByRole("button", { name: "Gold" })).toBeTruthy();

    await user.click(sidebar().getByRole("link", { name: "Paper Trade" }));
    expect(await screen.findByRole("heading", { name: "Paper Trade Journal" })).toBeTruthy();
    // The journal itself, embedded, with its filters (its data is the journal's own tests').
    expect(
      screen.getByRole("button", { name: "BankNifty:KalpaVruksha" }).getAttribute("aria-pressed"),
    ).toBe("true");

    await user.click(sidebar().getByRole("link", { name: "Contact Us" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Contact Us" })).toBeTruthy();

    await router.navigate(-1);
    expect(await screen.findByRole("heading", { name: "Paper Trade Journal" })).toBeTruthy();
    await user.click(sidebar().getByRole("link", { name: "Dashboard" }));
    expect(await welcome()).toBeTruthy();
    expect(router.location.search).toBe("");
  });

  it("opens the section named in the URL", async () => {
    renderDashboard("/dashboard?section=settings");
    expect(await screen.findByRole("heading", { name: "Access Details" }, SLOW)).toBeTruthy();
  });

  it("falls back to home for an unknown section", async () => {
    renderDashboard("/dashboard?section=nope");
    expect(await welcome()).toBeTruthy();
  });

  it("opens Contribution Required for a service without access", async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard("/dashboard?section=trading-services");
    await user.click(await screen.findByRole("button", { name: "Open BankNifty" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Contribution Required" });
    expect(dialog.textContent).toContain(
      "Please contribute to unlock model-generated outputs for this instrument.",
    );
    expect(dialog.textContent).toContain("Instrument: BankNifty");
    expect(dialog.textContent).toContain("Modules: KalpaVruksha, HFT");
    await user.click(within(dialog).getByText("Close"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.location.pathname).toBe("/dashboard");

    await user.click(screen.getByRole("button", { name: "Open CrudeOil" }));
    const again = await screen.findByRole("dialog", { name: "Contribution Required" });
    expect(again.textContent).toContain("Instrument: CrudeOil");
    await user.click(within(again).getByRole("link", { name: "Subscribe Now" }));
    await waitFor(() => expect(router.location.pathname).toBe("/whatsapp-contact"));
  });

  it("opens the FAQ modal from the sidebar", async () => {
    const user = userEvent.setup();
    renderDashboard();
    await welcome();
    await user.click(sidebar().getByRole("button", { name: "FAQ" }));
    expect(await screen.findByRole("dialog", { name: "Frequently Asked Questions" })).toBeTruthy();
  });

  it("shows the error with Retry, which loads again", async () => {
    const user = userEvent.setup();
    let healthy = false;
    const { api } = renderDashboard("/dashboard", () =>
      healthy ? ok(PROFILE) : fail(500, "Something broke"),
    );
    // Storage blocked before the session check writes its hints: no cached user data to fall back on.
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toContain(DASHBOARD_MESSAGES.failedToLoadUserData);
    expect(screen.queryByRole("navigation", { name: "Dashboard" })).toBeNull();
    healthy = true;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await welcome()).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.callsTo("GET /api/profile")).toHaveLength(2);
  });

  it("falls back to the user data cached on this device when loading fails", async () => {
    renderDashboard("/dashboard", () => fail(503, "Down"), { ...TEST_USER, name: "Meera Iyer" });
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toContain(DASHBOARD_MESSAGES.failedToLoadUserData);
    expect(alert.textContent).toContain("Showing the details saved on this device.");
    expect(screen.getByRole("heading", { name: "Welcome, Meera Iyer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("goes to /login when the user data answers 401", async () => {
    const { router } = renderDashboard("/dashboard", () =>
      fail(401, "Please login to continue", "UNAUTHORIZED"),
    );
    await waitFor(() => expect(router.location.pathname).toBe("/login"), SLOW);
  });
});
