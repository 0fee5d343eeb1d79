import { ALERT_MESSAGES } from "@kalpa/contracts/api/alerts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const TOKEN = `42.${"A".repeat(43)}`;
const STOP = "POST /alerts/unsubscribe";

describe("/alerts/unsubscribe", () => {
  it("asks first, then stops alert e-mails with the link's token, signed out", async () => {
    const user = userEvent.setup();
    const { api } = renderApp(`/alerts/unsubscribe?token=${TOKEN}`, {
      session: null,
      api: { [STOP]: () => ok(undefined, ALERT_MESSAGES.emailUnsubscribed) },
    });
    await screen.findByRole("heading", { level: 1, name: "Stop Alert E-mails" });
    // Opening the link changes nothing.
    expect(api.callsTo(STOP)).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Stop alert e-mails" }));
    expect(await screen.findByText(ALERT_MESSAGES.emailUnsubscribed)).toBeTruthy();
    const [call] = api.callsTo(STOP);
    expect(new URLSearchParams(call?.search).get("token")).toBe(TOKEN);
    expect(screen.getByRole("link", { name: "Open Settings → Alerts" }).getAttribute("href")).toBe(
      "/settings",
    );
  });

  it.each([
    ["without a token", "/alerts/unsubscribe"],
    ["with a cut token", "/alerts/unsubscribe?token=42.abc"],
  ])("says the link is not valid %s, and offers no button", async (_what, path) => {
    const { api } = renderApp(path, { session: null });
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      ALERT_MESSAGES.unsubscribeLinkInvalid,
    );
    expect(screen.queryByRole("button", { name: "Stop alert e-mails" })).toBeNull();
    expect(api.callsTo(STOP)).toHaveLength(0);
  });

  it("says so when the server refuses the token", async () => {
    const user = userEvent.setup();
    renderApp(`/alerts/unsubscribe?token=${TOKEN}`, {
      session: null,
      api: { [STOP]: () => fail(400, ALERT_MESSAGES.unsubscribeLinkInvalid) },
    });
    await user.click(await screen.findByRole("button", { name: "Stop alert e-mails" }));
    expect(await screen.findByText(ALERT_MESSAGES.unsubscribeLinkInvalid)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Stop alert e-mails" })).toBeNull();
  });
});
