import {
  ALERT_MESSAGES,
  type AlertPreferences,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatMoment } from "@/lib/dates";
import { activeUntil, testStatus } from "@/test/access";
import { fail, type MockHandlers, ok } from "@/test/mock-api";
import { fakePush, SUBSCRIPTION_JSON } from "@/test/push";
import { renderApp } from "@/test/render-app";

const SLOW = { timeout: 5000 };
/** A VAPID public key as the server sends it (base64url of 65 bytes). */
const PUBLIC_KEY =
  "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";
function noPush() {
  Reflect.deleteProperty(navigator, "serviceWorker");
  Reflect.deleteProperty(window, "PushManager");
}

function preferences(overrides: Partial<AlertPreferences> = {}): AlertPreferences {
  return { ...structuredClone(DEFAULT_ALERT_PREFERENCES), ...overrides };
}

const TELEGRAM_OFF = { available: false, linked: false, botUsername: null, chat: null };

/** /settings with the alert endpoints answered (no Telegram, the default choices) unless told otherwise. */
function renderSettings(api: MockHandlers = {}, access = testStatus()) {
  return renderApp("/settings", {
    status: access,
    api: {
      "GET /api/alerts/preferences": () => ok(preferences()),
      "GET /api/alerts/telegram": () => ok(TELEGRAM_OFF),
      "GET /api/alerts/vapid-public-key": () => ok({ publicKey: PUBLIC_KEY }),
      "POST /api/alerts/push-subscriptions": () => ok(undefined, ALERT_MESSAGES.pushSubscribed),
      "DELETE /api/alerts/push-subscriptions": () => ok(undefined, ALERT_MESSAGES.pushUnsubscribed),
      ...api,
    },
  });
}

function alerts() {
  return within(screen.getByRole("region", { name: "Alerts" }));
}

async function pushSwitch() {
  const control = await screen.findByRole("switch", { name: "Alerts on this browser" }, SLOW);
  return control;
}

function channel(name: string) {
  return within(alerts().getByRole("group", { name }));
}

function cell(channelName: string, instrument: string, event: string) {
  return within(channel(channelName).getByRole("group", { name: instrument })).getByRole(
    "checkbox",
    { name: event },
  ) as HTMLInputElement;
}

beforeEach(() => {
  noPush();
});

afterEach(() => {
  noPush();
});

describe("Settings → Alerts: this browser", () => {
  it("turning push on asks permission, registers the worker, subscribes and POSTs exactly toJSON()", async () => {
    const user = userEvent.setup();
    const push = fakePush();
    const { api } = renderSettings();
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect((toggle as HTMLButtonElement).disabled).toBe(false);
    // Nothing is registered by merely opening Settings.
    expect(push.serviceWorker.register).not.toHaveBeenCalled();

    await user.click(toggle);

    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.serviceWorker.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = push.pushManager.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toBeInstanceOf(Uint8Array);
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const posts = api.callsTo("POST /api/alerts/push-subscriptions");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual(SUBSCRIPTION_JSON);
    expect(await screen.findByText(ALERT_MESSAGES.pushSubscribed)).toBeTruthy();
  });

  it("turning push off unsubscribes and DELETEs the endpoint", async () => {
    const user = userEvent.setup();
    const push = fakePush({ permission: "granted", subscribed: true });
    const { api } = renderSettings();
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));

    await user.click(toggle);

    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    const deletes = api.callsTo("DELETE /api/alerts/push-subscriptions");
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.body).toEqual({ endpoint: SUBSCRIPTION_JSON.endpoint });
    expect(await screen.findByText(ALERT_MESSAGES.pushUnsubscribed)).toBeTruthy();
    expect(push.serviceWorker.register).not.toHaveBeenCalled();
  });

  it("says how to allow notifications when the browser blocks them", async () => {
    const user = userEvent.setup();
    const push = fakePush({ answer: "denied" });
    const { api } = renderSettings();
    const toggle = await pushSwitch();
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await user.click(toggle);
    expect(await alerts().findByText(/Notifications from this site are blocked/)).toBeTruthy();
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo("POST /api/alerts/push-subscriptions")).toHaveLength(0);
  });

  it("shows the blocked message at once when permission was denied before", async () => {
    fakePush({ permission: "denied" });
    renderSettings();
    expect(
      await screen.findByText(/Notifications from this site are blocked/, undefined, SLOW),
    ).toBeTruthy();
  });

  it("says to add the site to the home screen when the browser has no push", async () => {
    renderSettings();
    expect(
      await screen.findByText(/add this site to your home screen/, undefined, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole("switch", { name: "Alerts on this browser" })).toBeNull();
  });

  it("shows the server's refusal and leaves no subscription behind", async () => {
    const user = userEvent.setup();
    const push = fakePush({ permission: "granted" });
    renderSettings({
      "POST /api/alerts/push-subscriptions": () =>
        fail(400, ALERT_MESSAGES.pushServiceNotAllowed, "VALIDATION_ERROR"),
    });
    const toggle = await pushSwitch();
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await user.click(toggle);
    expect(await screen.findByText(ALERT_MESSAGES.pushServiceNotAllowed)).toBeTruthy();
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
  });
});

describe("Settings → Alerts: the choices", () => {
  it("saves the grid and quiet hours as the preferences body", async () => {
    const user = userEvent.setup();
    const { api } = renderSettings(
      {
        "GET /api/alerts/telegram": () =>
          ok({
            available: true,
            linked: true,
            botUsername: "kalpa_bot",
            chat: { name: "@asha", linkedAt: new Date().toISOString() },
          }),
        "PUT /api/alerts/preferences": (request) =>
          ok(request.body, ALERT_MESSAGES.preferencesSaved),
      },
      testStatus({ subscriptions: { Nifty: activeUntil("2030-01-31", 30) } }),
    );
    const save = (await screen.findByRole(
      "button",
      { name: "Save alert choices" },
      SLOW,
    )) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await waitFor(() =>
      expect(cell("This browser", "NIFTY 50", "New signal").disabled).toBe(false),
    );

    // Signal events need the instrument's access; "Access ending" is open for every instrument.
    expect(cell("This browser", "BANKNIFTY", "New signal").disabled).toBe(true);
    expect(cell("This browser", "Crude Oil", "Closed with result").disabled).toBe(true);
    expect(cell("This browser", "Crude Oil", "Access ending").disabled).toBe(false);
    expect(channel("This browser").getAllByText("Needs access")).toHaveLength(2);

    await user.click(cell("This browser", "NIFTY 50", "Closed with result"));
    await user.click(cell("This browser", "NIFTY 50", "New signal"));
    await user.click(cell("Telegram", "NIFTY 50", "Entry triggered"));
    await user.click(cell("Telegram", "Crude Oil", "Access ending"));
    await user.click(alerts().getByRole("switch", { name: "Quiet hours" }));
    const from = alerts().getByLabelText("From (IST)") as HTMLInputElement;
    expect(from.value).toBe("22:00");
    // A time input takes its value whole (as a browser's picker sets it).
    fireEvent.change(from, { target: { value: "21:30" } });
    expect(save.disabled).toBe(false);
    await user.click(save);

    await waitFor(() => expect(api.callsTo("PUT /api/alerts/preferences")).toHaveLength(1));
    expect(api.callsTo("PUT /api/alerts/preferences")[0]?.body).toEqual({
      channels: {
        push: { Nifty: ["new-signal", "closed"], BankNifty: [], CrudeOil: [] },
        telegram: { Nifty: ["triggered"], BankNifty: [], CrudeOil: ["access-expiring"] },
        // Not offered yet (no e-mail alerts are sent): kept as the server had it.
        email: {
          Nifty: ["access-expiring"],
          BankNifty: ["access-expiring"],
          CrudeOil: ["access-expiring"],
        },
      },
      quietHours: { from: "21:30", to: "07:00" },
    });
    expect(await screen.findByText(ALERT_MESSAGES.preferencesSaved)).toBeTruthy();
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("hides Telegram's choices and says so when the site has no bot", async () => {
    renderSettings();
    expect(
      await screen.findByText(ALERT_MESSAGES.telegramUnavailable, undefined, SLOW),
    ).toBeTruthy();
    expect(channel("Telegram").queryByRole("checkbox")).toBeNull();
    // E-mail's choices stay: they need no bot.
    expect(channel("E-mail").getAllByRole("checkbox").length).toBeGreaterThan(0);
  });
});

describe("Settings → Alerts: Telegram", () => {
  it("asks for a link, opens it, shows it to copy and polls until the chat is linked", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const url = "https://t.me/kalpa_bot?start=abcDEF123";
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    let linked = false;
    const { api } = renderSettings({
      "GET /api/alerts/telegram": () =>
        ok({
          available: true,
          linked,
          botUsername: "kalpa_bot",
          chat: linked ? { name: "@asha", linkedAt: "2026-11-27T04:32:00.000Z" } : null,
        }),
      "POST /api/alerts/telegram/link": () =>
        ok({ url, expiresAt }, ALERT_MESSAGES.telegramLinkReady),
      "DELETE /api/alerts/telegram": () => {
        linked = false;
        return ok(undefined, ALERT_MESSAGES.telegramUnlinked);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Link Telegram" }, SLOW));

    await waitFor(() => expect(open).toHaveBeenCalledWith(url, "_blank", "noopener,noreferrer"));
    expect(api.callsTo("POST /api/alerts/telegram/link")).toHaveLength(1);
    expect(await screen.findByText(ALERT_MESSAGES.telegramLinkReady)).toBeTruthy();
    const shown = alerts().getByRole("link", { name: url });
    expect(shown.getAttribute("href")).toBe(url);
    expect(alerts().getByText(/The link works until/)).toBeTruthy();

    // The chat is linked in Telegram: the next poll finds it.
    const before = api.callsTo("GET /api/alerts/telegram").length;
    linked = true;
    expect(await alerts().findByText("Linked", undefined, { timeout: 8000 })).toBeTruthy();
    // Which chat, since when: a chat the subscriber does not know is theirs to unlink.
    expect(
      alerts().getByText(`Chat @asha, linked ${formatMoment("2026-11-27T04:32:00.000Z")}.`),
    ).toBeTruthy();
    expect(api.callsTo("GET /api/alerts/telegram").length).toBeGreaterThan(before);
    expect(alerts().queryByRole("link", { name: url })).toBeNull();

    await user.click(alerts().getByRole("button", { name: "Unlink" }));
    await waitFor(() => expect(api.callsTo("DELETE /api/alerts/telegram")).toHaveLength(1));
    expect(await screen.findByText(ALERT_MESSAGES.telegramUnlinked)).toBeTruthy();
    expect(await alerts().findByRole("button", { name: "Link Telegram" })).toBeTruthy();
  });
});
