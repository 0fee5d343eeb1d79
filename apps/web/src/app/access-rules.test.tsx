import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import {
  ACCESS_MESSAGES,
  ADMIN_MESSAGES,
  LIVE_MESSAGES,
  RISK_DISCLOSURE_MESSAGES,
} from "@kalpa/contracts/messages";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { profileOf } from "@/features/profile/api/get-profile";
import { activeUntil, NO_ACCESS, type StatusAnswer, TEST_STATUS, testStatus } from "@/test/access";
import { FakeSocket } from "@/test/fake-socket";
import { fail, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";

const NIFTY_SUBSCRIBER = testStatus({ subscriptions: { Nifty: activeUntil("2026-04-09", 30) } });
const NOT_ACCEPTED = testStatus({
  riskDisclosure: { accepted: false, acceptedAt: null },
});

function main() {
  return within(screen.getByRole("main"));
}

/** The live screen's instrument buttons. */
function instruments() {
  return within(screen.getByRole("group", { name: "Instruments" }));
}

// The live screen's spec second of Loading Trading Models... comes before its content.
const SLOW = { timeout: 5000 };

describe("the live routes of an instrument without access (decision 018)", () => {
  it.each([
    ["expired", activeUntil("2026-03-01", -3)],
    ["never granted", NO_ACCESS],
    ["deactivated", { ...activeUntil("2026-04-09", 30), hasAccess: false, isActive: false }],
  ])(
    "signed in without it (%s): the live screen's Access Restricted, with the instrument buttons",
    async (_, entry) => {
      const { api } = renderApp("/live-trade/nifty", {
        status: testStatus({ subscriptions: { Nifty: entry } }),
      });
      expect(
        await screen.findByRole("heading", { level: 2, name: "Access Restricted" }, SLOW),
      ).toBeTruthy();
      expect(
        screen.getByRole("heading", { level: 1, name: "Model-Generated Analytics" }),
      ).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Contribution Required" })).toBeNull();
      expect(main().getByRole("alert").textContent).toBe(LIVE_MESSAGES.accessRestricted("Nifty"));
      expect(main().getByText(LIVE_MESSAGES.noActiveModules)).toBeTruthy();
      expect(
        instruments()
          .getAllByRole("button")
          .map((button) => button.textContent),
      ).toEqual(["BankNifty", "Nifty", "CrudeOil"]);
      expect(
        instruments().getByRole("button", { name: "Nifty" }).getAttribute("aria-pressed"),
      ).toBe("true");
      // The page keeps its own title; nothing of Nifty is asked for.
      await waitFor(() => expect(document.title).toMatch(/^Nifty/));
      expect(api.callsTo("GET /api/signals/current")).toHaveLength(0);
    },
  );

  it("BankNifty's three routes say BankNifty, with its model selected", async () => {
    for (const [path, model] of [
      ["/live-trade/banknifty", "KalpaVruksha"],
      ["/live-trade/banknifty/kalpavruksha", "KalpaVruksha"],
      ["/live-trade/banknifty/hft", "HFT"],
    ] as const) {
      const { unmount } = renderApp(path, { status: NIFTY_SUBSCRIBER });
      await screen.findByRole("heading", { level: 2, name: "Access Restricted" }, SLOW);
      expect(main().getByRole("alert").textContent).toBe(
        LIVE_MESSAGES.accessRestricted("BankNifty"),
      );
      expect(screen.getByRole("button", { name: model }).getAttribute("aria-pressed")).toBe("true");
      expect(
        main().getByRole("link", { name: "View Available Signals" }).getAttribute("href"),
      ).toBe("/live-trade/nifty");
      unmount();
    }
  });

  it("still asks a visitor to sign in, to come back to the route", async () => {
    renderApp("/live-trade/crudeoil", { session: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Authentication Required" }),
    ).toBeTruthy();
    expect(main().getByRole("alert").textContent).toBe(ACCESS_MESSAGES.pleaseLogin);
    expect(main().getByRole("link", { name: "Go to Login" }).getAttribute("href")).toBe(
      "/login?next=%2Flive-trade%2Fcrudeoil",
    );
    expect(screen.queryByRole("group", { name: "Instruments" })).toBeNull();
  });

  it("opens a newly granted instrument when the server says access changed (token-refreshed)", async () => {
    const socket = new FakeSocket();
    let status: StatusAnswer = TEST_STATUS;
    renderApp("/live-trade/nifty", { socket, status: () => status });
    await screen.findByRole("heading", { level: 2, name: "Access Restricted" }, SLOW);
    await waitFor(() => expect(socket.listenerCount("token-refreshed")).toBe(1));

    status = NIFTY_SUBSCRIBER;
    act(() => socket.serverEmit("token-refreshed", { reason: "access-changed" }));
    expect(await screen.findByRole("region", { name: "KalpaVruksha signal" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Access Restricted" })).toBeNull();

    // And a revoked one locks again, without a reload.
    status = TEST_STATUS;
    act(() => socket.serverEmit("token-refreshed", { reason: "access-changed" }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "Access Restricted" }),
    ).toBeTruthy();
    expect(screen.queryByRole("region", { name: "KalpaVruksha signal" })).toBeNull();
  });

  it("checks again after the socket reconnects (an access change may have been missed)", async () => {
    const socket = new FakeSocket();
    let status: StatusAnswer = TEST_STATUS;
    renderApp("/live-trade/nifty", { socket, status: () => status });
    await screen.findByRole("heading", { level: 2, name: "Access Restricted" }, SLOW);
    await waitFor(() => expect(socket.connected).toBe(true));
    status = NIFTY_SUBSCRIBER;
    act(() => {
      socket.disconnect();
      socket.connect();
    });
    expect(await screen.findByRole("region", { name: "KalpaVruksha signal" })).toBeTruthy();
  });
});

describe("the risk-agreement dialog", () => {
  function dialog() {
    return screen.findByRole("dialog", { name: "Risk Disclosure Agreement" });
  }

  it("blocks the dashboard until the agreement is accepted, then opens it", async () => {
    const user = userEvent.setup();
    let status = NOT_ACCEPTED;
    const { api } = renderApp("/dashboard", {
      status: () => status,
      api: {
        "GET /api/profile": () => ok(profileOf(TEST_USER)),
        "POST /api/risk-disclosure/accept": () => {
          status = TEST_STATUS;
          return ok(TEST_STATUS.riskDisclosure, RISK_DISCLOSURE_MESSAGES.accepted);
        },
      },
    });
    const agreement = await dialog();
    expect(screen.queryByRole("heading", { name: /^Welcome,/ })).toBeNull();
    // The whole text, in a region that can be scrolled from the keyboard.
    const text = within(agreement).getByRole("region", { name: "Agreement text" });
    expect(text.getAttribute("tabindex")).toBe("0");
    expect(text.textContent).toContain("Not investment advice; no SEBI registration");
    expect(text.textContent).toContain("Declaration by the user");

    const accept = within(agreement).getByRole("button", { name: "Accept" });
    expect(accept).toHaveProperty("disabled", true);
    await user.click(
      within(agreement).getByRole("checkbox", {
        name: "I have read and understood the Risk Disclosure Agreement, and I accept it.",
      }),
    );
    expect(accept).toHaveProperty("disabled", false);
    await user.click(accept);

    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: "Welcome, Asha Rao" },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST /api/risk-disclosure/accept").map((call) => call.body)).toEqual([
      { version: RISK_DISCLOSURE_VERSION },
    ]);
    expect(await screen.findByText(RISK_DISCLOSURE_MESSAGES.accepted)).toBeTruthy();
  });

  it("put aside on a live screen, leaves it blocked with a way back to the agreement", async () => {
    const user = userEvent.setup();
    renderApp("/live-trade/nifty", {
      status: { ...NOT_ACCEPTED, subscriptions: NIFTY_SUBSCRIBER.subscriptions },
    });
    await dialog();
    await user.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      screen.getByRole("heading", { level: 1, name: "Accept the risk disclosure agreement" }),
    ).toBeTruthy();
    expect(main().getByText(ACCESS_MESSAGES.riskDisclosureRequired)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Model-Generated Analytics" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Read the agreement" }));
    expect(await dialog()).toBeTruthy();
  });

  it("is keyboard accessible: focus stays inside, Escape puts it aside", async () => {
    const user = userEvent.setup();
    renderApp("/dashboard", { status: NOT_ACCEPTED });
    const agreement = await dialog();
    await waitFor(() => expect(agreement.contains(document.activeElement)).toBe(true));
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(agreement.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      screen.getByRole("heading", { name: "Accept the risk disclosure agreement" }),
    ).toBeTruthy();
  });

  it("asks on other protected pages too, without blocking them", async () => {
    const user = userEvent.setup();
    renderApp("/settings", { status: NOT_ACCEPTED });
    await dialog();
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
  });

  it("says why when accepting fails", async () => {
    const user = userEvent.setup();
    renderApp("/dashboard", {
      status: NOT_ACCEPTED,
      api: {
        "POST /api/risk-disclosure/accept": () =>
          fail(409, RISK_DISCLOSURE_MESSAGES.outdatedVersion, "CONFLICT"),
      },
    });
    const agreement = await dialog();
    await user.click(within(agreement).getByRole("checkbox"));
    await user.click(within(agreement).getByRole("button", { name: "Accept" }));
    expect((await within(agreement).findByRole("alert")).textContent).toBe(
      RISK_DISCLOSURE_MESSAGES.outdatedVersion,
    );
  });

  it("is not shown to a user who has accepted", async () => {
    renderApp("/dashboard", { api: { "GET /api/profile": () => ok(profileOf(TEST_USER)) } });
    await screen.findByRole("heading", { level: 1, name: "Welcome, Asha Rao" }, { timeout: 5000 });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a session that ended since it was checked", () => {
  it("goes to /login when the subscription status answers 401 (spec section 6)", async () => {
    const { router } = renderApp("/dashboard", { status: null });
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
    expect(router.location.search).toBe("?next=%2Fdashboard");
    expect(window.localStorage.getItem("isAuthenticated")).toBeNull();
  });
});

describe("the operator console's guard", () => {
  it("tells a user without the admin role that the console is for the operator", async () => {
    renderApp("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Operator Console" })).toBeTruthy();
    expect(main().getByRole("alert").textContent).toBe(ADMIN_MESSAGES.adminOnly);
    expect(main().getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it("asks a visitor to sign in", async () => {
    renderApp("/admin", { session: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Authentication Required" }),
    ).toBeTruthy();
  });
});
