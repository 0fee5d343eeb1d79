import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { profileOf } from "@/features/profile/api/get-profile";
import { fail, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";
import { elapse, useSpecTimers } from "@/test/timers";

describe("access guard", () => {
  it("shows Loading while the session is being checked, and not the page", async () => {
    renderApp("/settings", { session: "pending" });
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading…");
    expect(screen.queryByRole("heading", { level: 1, name: "Settings" })).toBeNull();
  });

  it("shows the page to a signed-in user", async () => {
    renderApp("/settings");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    expect(screen.queryByText("Authentication Required")).toBeNull();
  });

  it("on 401 asks to log in, with Go to Login carrying the page asked for", async () => {
    renderApp("/live-trade/nifty?view=chart", { session: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Authentication Required" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(ACCESS_MESSAGES.pleaseLogin);
    expect(screen.queryByRole("heading", { name: "Model-Generated Analytics" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    const login = screen.getByRole("link", { name: "Go to Login" });
    expect(login.getAttribute("href")).toBe("/login?next=%2Flive-trade%2Fnifty%3Fview%3Dchart");
    await waitFor(() => expect(document.title).toMatch(/^Authentication Required · /));
  });

  it("on any other failure says it could not verify access, and Retry checks again", async () => {
    let meReply = fail(503, "Service unavailable");
    const { api, router } = renderApp("/profile", {
      api: {
        "GET /api/auth/me": () => meReply,
        "GET /api/profile": () => ok(profileOf(TEST_USER)),
      },
    });
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      ACCESS_MESSAGES.unableToVerify,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Authentication Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Login" }).getAttribute("href")).toBe(
      "/login?next=%2Fprofile",
    );

    meReply = ok({ user: TEST_USER });
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Profile Settings" })).toBeTruthy();
    expect(api.callsTo("GET /api/auth/me")).toHaveLength(2);
    expect(router.location.pathname).toBe("/profile");
  });

  it("Go to Login, sign in, and the user is back on the page asked for", async () => {
    const user = useSpecTimers();
    const { router } = renderApp("/profile", {
      session: null,
      api: {
        "POST /api/auth/login": () => ok({ user: TEST_USER }, ACCOUNT_MESSAGES.loginSuccess),
        "GET /api/profile": () => ok(profileOf(TEST_USER)),
      },
    });
    await user.click(await screen.findByRole("link", { name: "Go to Login" }));
    await waitFor(() => expect(router.location.search).toBe("?next=%2Fprofile"));

    await user.type(await screen.findByLabelText("Username"), TEST_USER.username);
    await user.type(screen.getByLabelText("Password"), "saffron-kite-31");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByText(ACCOUNT_MESSAGES.loginSuccess);
    await elapse(1500);

    await waitFor(() => expect(router.location.pathname).toBe("/profile"));
    const main = screen.getByRole("main");
    expect(
      await within(main).findByRole("heading", { level: 1, name: "Profile Settings" }),
    ).toBeTruthy();
  });
});
