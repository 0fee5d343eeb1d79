import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { AUTH_STATE_CHANGED_EVENT, LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeSocket } from "@/test/fake-socket";
import { type MockHandlers, NetworkDown, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";

const SESSION_KEYS = [
  LOCAL_STORAGE_KEYS.isAuthenticated,
  LOCAL_STORAGE_KEYS.username,
  LOCAL_STORAGE_KEYS.userSubscription,
  LOCAL_STORAGE_KEYS.userData,
];

function renderLogout(api: MockHandlers = {}, socket = new FakeSocket()) {
  rememberSignedIn();
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.userSubscription, '{"Nifty":true}');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.language, "en");
  return renderApp("/logout", {
    socket,
    api: { "POST /api/auth/logout": () => ok(undefined, ACCOUNT_MESSAGES.loggedOut), ...api },
  });
}

describe("logout", () => {
  it("asks Ready to Leave?", async () => {
    renderLogout();
    expect(await screen.findByRole("heading", { level: 1, name: "Logout" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Ready to Leave?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes, Logout" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stay Logged In" })).toBeTruthy();
  });

  it("Yes, Logout: ends the session, clears the four keys, tells the page, drops the socket, goes home", async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    const changed = vi.fn();
    window.addEventListener(AUTH_STATE_CHANGED_EVENT, changed);
    const { api, router } = renderLogout({}, socket);
    await waitFor(() => expect(socket.connected).toBe(true));
    changed.mockClear();

    await user.click(await screen.findByRole("button", { name: "Yes, Logout" }));

    await waitFor(() => expect(router.location.pathname).toBe("/"));
    expect(api.callsTo("POST /api/auth/logout")).toHaveLength(1);
    for (const key of SESSION_KEYS) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.language)).toBe("en");
    expect(changed).toHaveBeenCalled();
    expect(socket.connected).toBe(false);
    expect(socket.calls.at(-1)).toBe("disconnect");
    // The navigation bar now offers Login again.
    expect(await screen.findByRole("link", { name: "Login" })).toBeTruthy();
    window.removeEventListener(AUTH_STATE_CHANGED_EVENT, changed);
  });

  it("after logging out, a protected page asks to log in without asking the server again", async () => {
    const user = userEvent.setup();
    const { api, router } = renderLogout();
    await user.click(await screen.findByRole("button", { name: "Yes, Logout" }));
    await waitFor(() => expect(router.location.pathname).toBe("/"));
    const checks = api.callsTo("GET /api/auth/me").length;
    await router.navigate("/dashboard");
    // The dashboard's route loads its code on demand: under CI's load that has taken more than 5 s.
    expect(
      await screen.findByRole("heading", { name: "Authentication Required" }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(api.callsTo("GET /api/auth/me")).toHaveLength(checks);
  });

  it("Stay Logged In: goes home still signed in, and sends nothing", async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    const { api, router } = renderLogout({}, socket);
    await user.click(await screen.findByRole("button", { name: "Stay Logged In" }));
    await waitFor(() => expect(router.location.pathname).toBe("/"));
    expect(api.callsTo("POST /api/auth/logout")).toHaveLength(0);
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBe("true");
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.userSubscription)).not.toBeNull();
    expect(await screen.findByRole("link", { name: "Dashboard" })).toBeTruthy();
    expect(socket.connected).toBe(true);
  });

  it("stays, signed in, and says so when the logout call fails", async () => {
    const user = userEvent.setup();
    const { router } = renderLogout({
      "POST /api/auth/logout": () => {
        throw new NetworkDown();
      },
    });
    await user.click(await screen.findByRole("button", { name: "Yes, Logout" }));
    expect((await screen.findByRole("alert")).textContent).toBe(AUTH_MESSAGES.networkError);
    expect(router.location.pathname).toBe("/logout");
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBe("true");
  });
});
