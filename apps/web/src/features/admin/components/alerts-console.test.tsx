import type { AdminAlerts, AlertChannelSummary } from "@kalpa/contracts/api/admin-alerts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BROKER_NOW, TEST_ADMIN } from "@/test/admin";
import { fail, type MockReply, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { elapse } from "@/test/timers";

const SLOW = { timeout: 5000 };
/** An instant `minutes` before BROKER_NOW (10:32:15 in India). */
const ago = (minutes: number) => new Date(BROKER_NOW - minutes * 60_000).toISOString();

function channel(overrides: Partial<AlertChannelSummary> = {}): AlertChannelSummary {
  return {
    configured: true,
    health: "ok",
    lastSentAt: ago(2),
    lastFailureAt: null,
    lastError: null,
    counts: { sent: 1240, failed: 0, skipped: 12, unknown: 0, pending: 3 },
    recipients: 418,
    ...overrides,
  };
}

const BUSY: AdminAlerts = {
  channels: {
    push: channel(),
    telegram: channel({
      health: "failing",
      lastSentAt: ago(90),
      lastFailureAt: ago(5),
      lastError: "telegram: 401 Unauthorized",
      counts: { sent: 300, failed: 41, skipped: 0, unknown: 1, pending: 0 },
      recipients: 97,
    }),
    email: channel({
      configured: false,
      health: "off",
      lastSentAt: null,
      counts: { sent: 0, failed: 0, skipped: 0, unknown: 0, pending: 0 },
      recipients: 0,
    }),
  },
  queue: { pending: 3, oldestDueSeconds: 125, eventsWaiting: 1 },
  recentFailures: [
    {
      id: "91",
      queuedAt: ago(5),
      channel: "telegram",
      status: "failed",
      event: "closed",
      instrument: "BankNifty",
      username: "asha_rao",
      attempts: 1,
      error: "telegram: 401 Unauthorized",
      nextAttemptAt: null,
    },
    {
      id: "88",
      queuedAt: ago(7),
      channel: "push",
      status: "retrying",
      event: "new-signal",
      instrument: "Nifty",
      username: "kiran_k",
      attempts: 2,
      error: "push service: 503",
      nextAttemptAt: ago(-1),
    },
  ],
  recentEvents: [
    {
      id: "12",
      at: ago(5),
      event: "closed",
      instrument: "BankNifty",
      title: "BANKNIFTY · KalpaVruksha: closed +₹3250",
      fannedOut: true,
      counts: { sent: 540, failed: 41, skipped: 3, unknown: 0, pending: 0 },
    },
    {
      id: "13",
      at: ago(1),
      event: "access-expiring",
      instrument: "Nifty",
      title: "Nifty: access ends in 5 days",
      fannedOut: false,
      counts: { sent: 0, failed: 0, skipped: 0, unknown: 0, pending: 0 },
    },
  ],
};

const QUIET: AdminAlerts = {
  channels: {
    push: channel({
      health: "idle",
      lastSentAt: null,
      counts: { sent: 0, failed: 0, skipped: 0, unknown: 0, pending: 0 },
    }),
    telegram: channel({
      configured: false,
      health: "off",
      lastSentAt: null,
      counts: { sent: 0, failed: 0, skipped: 0, unknown: 0, pending: 0 },
      recipients: 0,
    }),
    email: channel({
      health: "idle",
      lastSentAt: null,
      counts: { sent: 0, failed: 0, skipped: 0, unknown: 0, pending: 0 },
    }),
  },
  queue: { pending: 0, oldestDueSeconds: null, eventsWaiting: 0 },
  recentFailures: [],
  recentEvents: [],
};

function renderAlerts(answer: () => MockReply) {
  return renderApp("/admin?view=alerts", {
    session: TEST_ADMIN,
    api: { "GET /api/admin/alerts": answer },
  });
}

async function alertsPanel() {
  return within(await screen.findByRole("region", { name: "Alerts" }, SLOW));
}

/** A card's or a section's figures, by their labels. */
function figures(element: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(element)
      .getAllByRole("term")
      .map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]),
  );
}

describe("the console's Alerts view", () => {
  beforeEach(() => {
    // Only the date is fixed (times of "today" are written to the second); timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(BROKER_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each channel's health in words, its 24-hour counts and who it reaches", async () => {
    renderAlerts(() => ok(BUSY));
    const panel = await alertsPanel();
    expect(screen.getByRole("link", { name: "Alerts" }).getAttribute("aria-current")).toBe("page");

    const push = await panel.findByRole("article", { name: "Browser push" });
    expect(push.getAttribute("data-health")).toBe("ok");
    expect(push.textContent).toContain("Health: Working");
    expect(figures(push)).toEqual({
      Sent: "1,240",
      Failed: "0",
      Skipped: "12",
      Unknown: "0",
      Pending: "3",
      "Browsers subscribed": "418",
      "Last sent": "10:30:15 IST",
      "Last failure": "None in the last 24 hours",
    });

    const telegram = panel.getByRole("article", { name: "Telegram" });
    expect(telegram.textContent).toContain("Health: Failing");
    expect(telegram.textContent).toContain(
      "Deliveries failed in the last hour and nothing has gone through since.",
    );
    expect(figures(telegram)["Last failure"]).toBe("10:27:15 ISTtelegram: 401 Unauthorized");
    expect(figures(telegram)["Chats linked"]).toBe("97");

    const email = panel.getByRole("article", { name: "E-mail" });
    expect(email.textContent).toContain("Health: Off");
    expect(email.textContent).toContain("Not set up: alert e-mails are not sent from this site.");
    expect(figures(email)["Last sent"]).toBe("Not in the last 24 hours");
  });

  it("shows the queue, the recent failures with their errors, and what each event became", async () => {
    renderAlerts(() => ok(BUSY));
    const panel = await alertsPanel();
    const queue = (await panel.findByRole("heading", { name: "Queue" })).closest("section");
    expect(figures(queue as HTMLElement)).toEqual({
      "Deliveries waiting": "3",
      "Oldest due, waiting for": "2 min",
      "Events not yet sent out": "1",
    });

    const table = panel.getByRole("table", { name: "Recent failures" });
    const rows = within(table).getAllByTestId("alerts-failure");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("rowheader").textContent).toBe("10:27:15 IST");
    expect(first.textContent).toContain("Telegram");
    expect(first.textContent).toContain("Closed");
    expect(first.textContent).toContain("BankNifty");
    expect(first.textContent).toContain("asha_rao");
    expect(first.textContent).toContain("Failed");
    expect(first.textContent).toContain("telegram: 401 Unauthorized");
    expect(second.textContent).toContain("Retrying");
    expect(second.textContent).toContain("push service: 503");
    expect(second.textContent).toContain("Next try 10:33:15 IST");

    const events = panel.getAllByTestId("alerts-event");
    expect(events[0]?.textContent).toContain("BANKNIFTY · KalpaVruksha: closed +₹3250");
    expect(events[0]?.textContent).toContain("Sent 540");
    expect(events[0]?.textContent).toContain("Failed 41");
    expect(events[0]?.textContent).toContain("Skipped 3");
    expect(events[0]?.textContent).not.toContain("Pending");
    expect(events[1]?.textContent).toContain("Not sent out yet");
  });

  it("reads well when nothing has happened", async () => {
    renderAlerts(() => ok(QUIET));
    const panel = await alertsPanel();
    expect(await panel.findByText("No failures in the last 24 hours.")).toBeTruthy();
    expect(panel.queryByRole("table")).toBeNull();
    expect(panel.getByText(/^No alert events yet\./)).toBeTruthy();
    expect(panel.getByRole("article", { name: "Browser push" }).textContent).toContain(
      "Nothing to send in the last 24 hours.",
    );
    expect(panel.getByRole("article", { name: "Telegram" }).textContent).toContain(
      "Not set up: set TELEGRAM_BOT_TOKEN to send by Telegram.",
    );
    const queue = panel.getByRole("heading", { name: "Queue" }).closest("section");
    expect(figures(queue as HTMLElement)["Oldest due, waiting for"]).toBe("Nothing due");
  });

  it("says what went wrong, with Retry, when the console cannot load it", async () => {
    let answer: () => MockReply = () => fail(500, "Something went wrong on our side.");
    const { api } = renderAlerts(() => answer());
    const panel = await alertsPanel();
    expect(await panel.findByText("Something went wrong on our side.", {}, SLOW)).toBeTruthy();
    answer = () => ok(QUIET);
    await userEvent.setup().click(panel.getByRole("button", { name: "Retry" }));
    expect(await panel.findByText("No failures in the last 24 hours.")).toBeTruthy();
    expect(api.callsTo("GET /api/admin/alerts").length).toBeGreaterThanOrEqual(2);
  });

  it("asks again every 30 seconds", async () => {
    vi.useRealTimers();
    // Real time still passes (Testing Library waits with it); the 30 seconds are skipped.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    const { api } = renderAlerts(() => ok(QUIET));
    const panel = await alertsPanel();
    expect(await panel.findByText("No failures in the last 24 hours.")).toBeTruthy();
    expect(api.callsTo("GET /api/admin/alerts")).toHaveLength(1);
    await elapse(25_000);
    expect(api.callsTo("GET /api/admin/alerts")).toHaveLength(1);
    await elapse(6_000);
    await waitFor(() => expect(api.callsTo("GET /api/admin/alerts")).toHaveLength(2));
  });
});
