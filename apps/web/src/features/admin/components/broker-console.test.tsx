import { BROKER_CONSOLE_PATH, type BrokerStatus } from "@kalpa/contracts/api/broker";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BROKER_NOW, brokerStatus, TEST_ADMIN, userSummary } from "@/test/admin";
import { fail, type MockHandlers, type MockReply, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const SLOW = { timeout: 5000 };
const LOGIN_PATH = "/api/admin/broker/kite/login";
const LOGIN_NEEDED = brokerStatus({
  state: "login-needed",
  message: "The Kite access token expired at 06:00: log in to Kite again.",
  userId: null,
  tokenExpiresAt: null,
  lastTickAt: BROKER_NOW - 600_000,
});

function renderConsole(
  path: string,
  status: BrokerStatus | (() => MockReply),
  api: MockHandlers = {},
) {
  return renderApp(path, {
    session: TEST_ADMIN,
    api: {
      "GET /api/admin/broker": typeof status === "function" ? status : () => ok(status),
      "GET /api/admin/stats": () =>
        ok({
          users: 3,
          activeSubscribers: { Nifty: 1, BankNifty: 1, CrudeOil: 0 },
          expiringSoon: 0,
          signedCopyPending: 0,
        }),
      "GET /api/admin/users": () => ok({ users: [userSummary()], total: 1, page: 1, pageSize: 20 }),
      "GET /api/admin/signals": () => ok({ day: "2026-11-20", engineRunning: true, signals: [] }),
      ...api,
    },
  });
}

function renderBroker(status: BrokerStatus | (() => MockReply), api: MockHandlers = {}) {
  return renderConsole(BROKER_CONSOLE_PATH, status, api);
}

async function brokerState(): Promise<HTMLElement> {
  const panel = await screen.findByRole("region", { name: "Broker" }, SLOW);
  return within(panel).findByTestId("broker-state");
}

function panel() {
  return within(screen.getByRole("region", { name: "Broker" }));
}

/** The figures of the view, by their labels. */
function figures(): Record<string, string> {
  return Object.fromEntries(
    panel()
      .getAllByRole("term")
      .map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]),
  );
}

describe("the console's Broker view", () => {
  beforeEach(() => {
    // Only the date is fixed (times of "today" are written to the second); timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BROKER_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a connected session: the Kite user, the token's expiry in India, the feed's health; Reconnect", async () => {
    const { api } = renderBroker(brokerStatus());
    const state = await brokerState();
    expect(state.textContent).toContain("Connected to Kite");
    expect(state.textContent).toContain("Streaming NIFTY, BANKNIFTY and CRUDEOIL.");
    expect(state.textContent).toContain("Since 09:32:15 IST");
    expect(screen.getByRole("link", { name: "Broker" }).getAttribute("aria-current")).toBe("page");
    expect(figures()).toEqual({
      "Kite user": "AB1234",
      "Token expires": "21 Nov 2026, 06:00 IST",
      "Last price received": "10:32:13 IST",
      "Stalled symbols": "None",
      "Malformed messages dropped": "0",
      "Instrument list": "84,512 instruments, loaded 09:33:55 IST",
    });
    const reconnect = panel().getByRole("link", { name: "Reconnect Kite" });
    expect(reconnect.getAttribute("href")).toBe(LOGIN_PATH);
    expect(panel().queryByRole("link", { name: "Connect Kite" })).toBeNull();
    expect(panel().getByRole("button", { name: "Disconnect" })).toBeTruthy();
    expect(panel().queryByText(/Disagreements/)).toBeNull();
    // Asked again every few seconds.
    await waitFor(() => expect(api.callsTo("GET /api/admin/broker").length).toBeGreaterThan(1), {
      timeout: 8000,
    });
  }, 15_000);

  it('says "Broker login needed" prominently with the server\'s message, and offers Connect Kite as a link', async () => {
    renderBroker(LOGIN_NEEDED);
    const state = await brokerState();
    expect(state.getAttribute("data-state")).toBe("login-needed");
    expect(within(state).getByText(/broker login needed/i).textContent).toBe("Broker login needed");
    expect(state.textContent).toContain(
      "The Kite access token expired at 06:00: log in to Kite again.",
    );
    const connect = panel().getByRole("link", { name: "Connect Kite" });
    // A page navigation to the server, which redirects to Kite's login (not a fetch).
    expect(connect.tagName).toBe("A");
    expect(connect.getAttribute("href")).toBe(LOGIN_PATH);
    expect(panel().queryByRole("button", { name: "Disconnect" })).toBeNull();
    expect(figures()["Last price received"]).toBe("10:22:15 IST");
    // The view says it itself: no banner above it, one Connect button on the page.
    expect(screen.getAllByRole("link", { name: "Connect Kite" })).toHaveLength(1);
  });

  it("says when no broker is configured, without Connect or the feed's figures", async () => {
    renderBroker(
      brokerStatus({
        state: "off",
        message: "No broker is configured: the site runs on simulated data (MARKET_FEED).",
        userId: null,
        tokenExpiresAt: null,
        lastTickAt: null,
        instruments: { count: 0, loadedAt: null, disagreements: [], notes: [] },
      }),
    );
    const state = await brokerState();
    expect(state.textContent).toContain("No broker: the site runs on simulated data.");
    // Said once, in the console's words.
    expect(state.textContent).not.toContain("No broker is configured");
    expect(panel().queryByRole("link", { name: /Connect Kite/ })).toBeNull();
    expect(panel().queryByRole("button", { name: "Disconnect" })).toBeNull();
    expect(panel().queryAllByRole("term")).toHaveLength(0);
  });

  it("shows an error with its message and Connect Kite; connecting with neither Connect nor Reconnect", async () => {
    const first = renderBroker(
      brokerStatus({
        state: "error",
        message: "Kite did not answer (ETIMEDOUT); retrying in 30 s.",
      }),
    );
    const state = await brokerState();
    expect(state.textContent).toContain("Broker error");
    expect(state.textContent).toContain("Kite did not answer (ETIMEDOUT); retrying in 30 s.");
    expect(panel().getByRole("link", { name: "Connect Kite" }).getAttribute("href")).toBe(
      LOGIN_PATH,
    );
    expect(panel().getByRole("button", { name: "Disconnect" })).toBeTruthy();
    first.unmount();

    renderBroker(brokerStatus({ state: "connecting", message: "Loading the instrument list." }));
    const connecting = await brokerState();
    expect(connecting.textContent).toContain("Connecting to Kite…");
    expect(panel().queryByRole("link", { name: /Connect Kite/ })).toBeNull();
    expect(panel().getByRole("button", { name: "Disconnect" })).toBeTruthy();
  });

  it("lists stalled symbols, dropped messages and each disagreement with the product's tables", async () => {
    renderBroker(
      brokerStatus({
        stalled: ["BANKNIFTY", "CRUDEOIL"],
        dropped: 1_234,
        lastTickAt: Date.parse("2026-11-19T15:29:58+05:30"),
        instruments: {
          count: 84_512,
          loadedAt: null,
          disagreements: [
            {
              symbol: "NIFTY",
              field: "lotSize",
              table: "75",
              broker: "65",
              message: "NIFTY lot size: the product's table says 75, Kite's list says 65.",
            },
            {
              symbol: "CRUDEOIL",
              field: "expiry",
              table: "2026-11-18",
              broker: "2026-11-19",
              message: "CRUDEOIL expiry: the product's table says 18 Nov, Kite's list says 19 Nov.",
            },
          ],
          notes: [],
        },
      }),
    );
    await brokerState();
    expect(figures()).toMatchObject({
      "Last price received": "19 Nov 2026, 15:29 IST",
      "Stalled symbols": "BANKNIFTY, CRUDEOIL",
      "Malformed messages dropped": "1,234",
      "Instrument list": "84,512 instruments, not loaded yet",
    });
    const warnings = within(
      panel().getByRole("region", { name: "Disagreements with the product's tables (2)" }),
    );
    expect(warnings.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "NIFTY lot size: the product's table says 75, Kite's list says 65.",
      "CRUDEOIL expiry: the product's table says 18 Nov, Kite's list says 19 Nov.",
    ]);
  });

  it("explains Kite's MCX lots as information, apart from the disagreements", async () => {
    const note =
      "CRUDEOIL: Kite lists MCX contracts with lot_size 1 and counts their quantities in contracts; one CRUDEOIL contract is 100 barrels (the product's MCX table), so a lot of the 2026-12-16 contracts counts 100 barrels in premiums, P&L and charges.";
    renderBroker(
      brokerStatus({
        instruments: {
          count: 84_512,
          loadedAt: null,
          disagreements: [],
          notes: [{ symbol: "CRUDEOIL", field: "lotSize", message: note }],
        },
      }),
    );
    await brokerState();
    const notes = within(panel().getByRole("region", { name: "How Kite's list is read" }));
    expect(notes.getAllByRole("listitem").map((item) => item.textContent)).toEqual([note]);
    // Nothing is flagged: the convention is not a disagreement.
    expect(panel().queryByRole("region", { name: /Disagreements/ })).toBeNull();
  });

  it("disconnects only after the confirmation, through the API client, and shows the answer", async () => {
    const user = userEvent.setup();
    let answer: MockReply = ok(undefined, "Kite session forgotten.");
    let state = brokerStatus();
    const { api } = renderBroker(() => ok(state), {
      "POST /api/admin/broker/logout": () => {
        state = LOGIN_NEEDED;
        return answer;
      },
    });
    await brokerState();
    const button = panel().getByRole("button", { name: "Disconnect" });

    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Disconnect Kite?" });
    expect(dialog.textContent).toContain("prices are shown as stale");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST /api/admin/broker/logout")).toHaveLength(0);

    await user.click(button);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Disconnect" }),
    );
    expect(await panel().findByText("Kite session forgotten.")).toBeTruthy();
    const [request] = api.callsTo("POST /api/admin/broker/logout");
    expect(request?.body).toBeUndefined();
    // The state is fetched again at once.
    expect(await panel().findByText("Broker login needed")).toBeTruthy();
    expect(panel().getByRole("link", { name: "Connect Kite" })).toBeTruthy();

    // A refusal is shown as the server words it.
    state = brokerStatus();
    answer = fail(503, "The broker is not configured on this server.");
    await waitFor(() => expect(panel().getByRole("button", { name: "Disconnect" })).toBeTruthy(), {
      timeout: 8000,
    });
    await user.click(panel().getByRole("button", { name: "Disconnect" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Disconnect" }),
    );
    expect(await panel().findByText("The broker is not configured on this server.")).toBeTruthy();
  }, 15_000);

  it("says Kite connected on the way back from Kite's login, and takes the parameters out of the URL", async () => {
    const { router } = renderConsole(`${BROKER_CONSOLE_PATH}&broker=connected`, brokerStatus());
    expect(await screen.findByText("Kite connected.", {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.location.search).toBe("?view=broker"));
    expect((await brokerState()).textContent).toContain("Connected to Kite");
  });

  it("shows why Kite's login failed in its own words, keeps it on screen and takes the parameters out of the URL", async () => {
    const { router } = renderConsole(
      `${BROKER_CONSOLE_PATH}&broker=error&reason=state`,
      LOGIN_NEEDED,
    );
    await brokerState();
    const said =
      "Kite login failed: it was not started from this console session. Press Connect Kite again.";
    expect(panel().getByRole("alert").textContent).toBe(said);
    await waitFor(() => expect(router.location.search).toBe("?view=broker"));
    expect(panel().getByRole("alert").textContent).toBe(said);
  });

  it("never shows a link's own text: an unknown reason is only 'Kite login failed.'", async () => {
    renderConsole(
      `${BROKER_CONSOLE_PATH}&broker=error&reason=${encodeURIComponent("Call +91 99999 99999 to restore your account")}`,
      LOGIN_NEEDED,
    );
    await brokerState();
    expect(panel().getByRole("alert").textContent).toBe("Kite login failed.");
  });
});

describe("the console's Broker login needed banner", () => {
  it("is at the top of every other view while a login is needed, with Connect Kite", async () => {
    const first = renderConsole("/admin", LOGIN_NEEDED);
    const banner = within(await screen.findByRole("region", { name: "Broker login needed" }, SLOW));
    expect(
      banner.getByText("The Kite access token expired at 06:00: log in to Kite again."),
    ).toBeTruthy();
    expect(banner.getByRole("link", { name: "Connect Kite" }).getAttribute("href")).toBe(
      LOGIN_PATH,
    );
    // The overview is still there below it.
    expect(await screen.findByRole("region", { name: "Overview" })).toBeTruthy();
    // Its heading opens the Broker view.
    expect(banner.getByRole("link", { name: "Broker login needed" }).getAttribute("href")).toBe(
      "/admin?view=broker",
    );
    first.unmount();

    renderConsole("/admin?view=signals", LOGIN_NEEDED);
    expect(await screen.findByRole("region", { name: "Broker login needed" }, SLOW)).toBeTruthy();
  });

  it("is not there in any other state, nor when the state cannot be had", async () => {
    const first = renderConsole(
      "/admin",
      brokerStatus({ state: "error", message: "Unreachable." }),
    );
    await screen.findByRole("region", { name: "Overview" }, SLOW);
    await waitFor(() => expect(screen.getByText("3")).toBeTruthy());
    expect(screen.queryByRole("region", { name: "Broker login needed" })).toBeNull();
    first.unmount();

    renderConsole("/admin", () => fail(500, "Something broke"));
    await screen.findByRole("region", { name: "Overview" }, SLOW);
    expect(screen.queryByRole("region", { name: "Broker login needed" })).toBeNull();
    expect(screen.queryByText("Something broke")).toBeNull();
  });
});
