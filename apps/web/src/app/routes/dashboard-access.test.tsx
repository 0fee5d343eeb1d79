import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { profileOf } from "@/features/profile/api/get-profile";
import { activeUntil, type StatusAnswer, testStatus } from "@/test/access";
import { ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";
import { elapse, useSpecTimers } from "@/test/timers";

const SLOW = { timeout: 5000 };

const BANKNIFTY_SUBSCRIBER = testStatus({
  subscriptions: { BankNifty: activeUntil("2026-04-09", 30) },
});

function renderDashboard(path: string, status: StatusAnswer) {
  return renderApp(path, {
    status,
    api: { "GET /api/profile": () => ok(profileOf(TEST_USER)) },
  });
}

function sidebar() {
  return within(screen.getByRole("navigation", { name: "Dashboard" }));
}

describe("the dashboard and the user's access", () => {
  it("opens a service with access on its live page, and the lock prompt for one without", async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard("/dashboard?section=trading-services", BANKNIFTY_SUBSCRIBER);
    await user.click(await screen.findByRole("button", { name: "Open BankNifty" }, SLOW));
    await waitFor(() =>
      expect(router.location.pathname).toBe("/live-trade/banknifty/kalpavruksha"),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Model-Generated Analytics" }, SLOW),
    ).toBeTruthy();

    await router.navigate(-1);
    await user.click(await screen.findByRole("button", { name: "Open Nifty" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Contribution Required" });
    expect(dialog.textContent).toContain("Instrument: Nifty");
    expect(dialog.textContent).toContain("Modules: KalpaVruksha");
    const subscribe = within(dialog).getByRole("link", { name: "Subscribe Now" });
    expect(subscribe.getAttribute("href")).toBe("/whatsapp-contact?service=nifty");
    await user.click(subscribe);
    await screen.findByRole("heading", { level: 1, name: "Contribution" }, SLOW);
    expect(
      within(screen.getByRole("list", { name: "Selected services" })).getByText("Nifty"),
    ).toBeTruthy();
  });

  it("sends Contribution in the sidebar to the Contribution page", async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard("/dashboard", BANKNIFTY_SUBSCRIBER);
    await screen.findByRole("heading", { level: 1, name: "Welcome, Asha Rao" }, SLOW);
    await user.click(sidebar().getByRole("link", { name: "Contribution" }));
    await waitFor(() => expect(router.location.pathname).toBe("/whatsapp-contact"));
  });

  it("keeps the status as a UI hint in local storage (userSubscription)", async () => {
    renderDashboard("/dashboard", BANKNIFTY_SUBSCRIBER);
    await screen.findByRole("heading", { level: 1, name: "Welcome, Asha Rao" }, SLOW);
    await waitFor(() =>
      expect(
        JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.userSubscription) ?? "null"),
      ).toEqual(BANKNIFTY_SUBSCRIBER.subscriptions),
    );
  });

  it("falls back on the hint when the status cannot be loaded", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      LOCAL_STORAGE_KEYS.userSubscription,
      JSON.stringify(BANKNIFTY_SUBSCRIBER.subscriptions),
    );
    const { router, api } = renderApp("/dashboard?section=trading-services", {
      status: "error",
      api: {
        "GET /api/profile": () => ok(profileOf(TEST_USER)),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Open BankNifty" }, SLOW));
    await waitFor(() =>
      expect(router.location.pathname).toBe("/live-trade/banknifty/kalpavruksha"),
    );
    // A failed status is asked again by the screens that mount, not in a loop.
    await screen.findByRole("heading", { level: 1, name: "Model-Generated Analytics" }, SLOW);
    const asked = api.callsTo("GET /api/subscription/status").length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo("GET /api/subscription/status")).toHaveLength(asked);
  });

  it("shows Access Details per instrument in Settings", async () => {
    renderDashboard(
      "/dashboard?section=settings",
      testStatus({
        subscriptions: {
          Nifty: activeUntil("2026-03-12", 2),
          CrudeOil: activeUntil("2026-03-08", -2),
        },
      }),
    );
    const list = await screen.findByRole("list", { name: "Your access by instrument" }, SLOW);
    const cards = within(list).getAllByRole("listitem");
    expect(cards.map((card) => card.textContent)).toEqual([
      "NiftyActiveLast day12 Mar 2026Days left2 days left",
      "CrudeOilExpiredLast day8 Mar 2026Days leftExpired 2 days ago",
    ]);
    expect(screen.queryByText("No active access yet")).toBeNull();
    expect(screen.getByRole("link", { name: "Change" }).getAttribute("href")).toBe(
      "/trading-services?hideNav=1",
    );
  });
});

describe("expiry toasts (spec section 8)", () => {
  const EXPIRING = testStatus({
    subscriptions: {
      Nifty: activeUntil("2026-03-13", 3),
      BankNifty: activeUntil("2026-04-09", 30),
      CrudeOil: activeUntil("2026-03-08", -2),
    },
  });

  it("warns per instrument for 6 s, once per browser session", async () => {
    useSpecTimers();
    const first = renderDashboard("/dashboard", EXPIRING);
    expect(
      await screen.findByText("Your Nifty access expires in 3 day(s)!", {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByText("Your CrudeOil access has expired!")).toBeTruthy();
    expect(screen.queryByText(/Your BankNifty access/)).toBeNull();

    await elapse(5900);
    expect(screen.getByText("Your Nifty access expires in 3 day(s)!")).toBeTruthy();
    await elapse(600);
    await waitFor(() =>
      expect(screen.queryByText("Your Nifty access expires in 3 day(s)!")).toBeNull(),
    );
    expect(screen.queryByText("Your CrudeOil access has expired!")).toBeNull();
    first.unmount();

    // The same browser session: the dashboard again, no second warning.
    renderDashboard("/dashboard", EXPIRING);
    await screen.findByRole("heading", { level: 1, name: "Welcome, Asha Rao" }, SLOW);
    await elapse(500);
    expect(screen.queryByText(/access expires in|access has expired/)).toBeNull();
  });
});
