import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeSocket } from "@/test/fake-socket";
import { fail, type MockHandlers, NetworkDown, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";
import { rememberSignedIn, storedEntries } from "@/test/session";
import { elapse, expectStillOn, useSpecTimers } from "@/test/timers";

const PASSWORD = "saffron-kite-31";

const signsIn: MockHandlers = {
  "POST /api/auth/login": () => ok({ user: TEST_USER }, ACCOUNT_MESSAGES.loginSuccess),
};

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, username: string) {
  await user.type(await screen.findByLabelText("Username"), username);
  await user.type(screen.getByLabelText("Password"), PASSWORD);
  await user.click(await screen.findByRole("button", { name: "Sign In" }));
}

function isDisabled(element: HTMLElement): boolean {
  return element.matches(":disabled");
}

describe("login", () => {
  it("signs in: Signing In..., the server's message, fields disabled, then the dashboard after 1.5 s", async () => {
    const user = useSpecTimers();
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const { router, api } = renderApp("/login", {
      session: null,
      api: {
        "POST /api/auth/login": () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    await fillAndSubmit(user, "  asha_rao ");

    expect(await screen.findByRole("button", { name: "Signing In..." })).toBeTruthy();
    expect(api.callsTo("POST /api/auth/login")[0]?.body).toEqual({
      username: "asha_rao",
      password: PASSWORD,
    });
    answer(ok({ user: TEST_USER }, ACCOUNT_MESSAGES.loginSuccess));

    expect((await screen.findByRole("status")).textContent).toBe(ACCOUNT_MESSAGES.loginSuccess);
    expect(isDisabled(screen.getByLabelText("Username"))).toBe(true);
    expect(isDisabled(screen.getByLabelText("Password"))).toBe(true);
    expect(isDisabled(screen.getByRole("button", { name: "Sign In" }))).toBe(true);

    await elapse(1300);
    expectStillOn(router, "/login");
    await elapse(300);
    await waitFor(() => expect(router.location.pathname).toBe("/dashboard"));
    expect(await screen.findByText(`Welcome, ${TEST_USER.name}`)).toBeTruthy();
  });

  it("stores UI hints only: no password, no token, nothing in session storage but the consent", async () => {
    const user = useSpecTimers();
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    renderApp("/login", { session: null, api: signsIn });
    await fillAndSubmit(user, TEST_USER.username);
    await screen.findByText(ACCOUNT_MESSAGES.loginSuccess);

    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBe("true");
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.username)).toBe(TEST_USER.username);
    expect(JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.userData) ?? "{}")).toEqual({
      name: TEST_USER.name,
      username: TEST_USER.username,
    });
    const allowed = new Set<string>([
      ...Object.values(LOCAL_STORAGE_KEYS),
      ...Object.values(SESSION_STORAGE_KEYS),
    ]);
    for (const [key, value] of storedEntries()) {
      expect(allowed.has(key)).toBe(true);
      expect(value).not.toContain(PASSWORD);
    }
    for (const [key, value] of setItem.mock.calls) {
      expect(allowed.has(key)).toBe(true);
      expect(value).not.toContain(PASSWORD);
    }
    // Session storage holds the landing consent record (spec section 4) and nothing else.
    expect(Object.keys(window.sessionStorage)).toEqual([SESSION_STORAGE_KEYS.consent]);
    expect(window.localStorage.getItem("authToken")).toBeNull();
  });

  it("reconnects the session socket on sign-in, so its handshake carries the new cookie", async () => {
    const user = useSpecTimers();
    const socket = new FakeSocket();
    renderApp("/login", { session: null, api: signsIn, socket });
    await screen.findByLabelText("Username");
    expect(socket.calls).toEqual([]);
    await fillAndSubmit(user, TEST_USER.username);
    await screen.findByText(ACCOUNT_MESSAGES.loginSuccess);
    await waitFor(() => expect(socket.calls).toEqual(["disconnect", "connect"]));
    expect(socket.connected).toBe(true);
  });

  it("returns to `next` after signing in", async () => {
    const user = useSpecTimers();
    const { router } = renderApp("/login?next=%2Fsettings%3Ftab%3D2", {
      session: null,
      api: signsIn,
    });
    await fillAndSubmit(user, TEST_USER.username);
    await screen.findByText(ACCOUNT_MESSAGES.loginSuccess);
    await elapse(1500);
    await waitFor(() => expect(router.location.pathname).toBe("/settings"));
    expect(router.location.search).toBe("?tab=2");
  });

  it("ignores a `next` that leaves the site", async () => {
    const user = useSpecTimers();
    const { router } = renderApp("/login?next=%2F%2Fevil.example%2Fx", {
      session: null,
      api: signsIn,
    });
    await fillAndSubmit(user, TEST_USER.username);
    await screen.findByText(ACCOUNT_MESSAGES.loginSuccess);
    await elapse(1500);
    await waitFor(() => expect(router.location.pathname).toBe("/dashboard"));
  });

  it("requires both fields and sends nothing until they are filled", async () => {
    const user = userEvent.setup();
    const { api } = renderApp("/login", { session: null, api: signsIn });
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.required);
    expect(screen.getByLabelText("Username").getAttribute("aria-invalid")).toBe("true");
    await user.type(screen.getByLabelText("Username"), "asha_rao");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.required);
    expect(api.callsTo("POST /api/auth/login")).toHaveLength(0);
  });

  it("shows the server's message when sign-in is refused, and stays", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/login", {
      session: null,
      api: {
        "POST /api/auth/login": () => fail(401, ACCOUNT_MESSAGES.invalidCredentials),
      },
    });
    await fillAndSubmit(user, "asha_rao");
    expect((await screen.findByRole("alert")).textContent).toBe(
      ACCOUNT_MESSAGES.invalidCredentials,
    );
    expect(router.location.pathname).toBe("/login");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBeNull();
  });

  it("says Login failed. Please try again. when the server cannot be reached", async () => {
    const user = userEvent.setup();
    renderApp("/login", {
      session: null,
      api: {
        "POST /api/auth/login": () => {
          throw new NetworkDown();
        },
      },
    });
    await fillAndSubmit(user, "asha_rao");
    expect((await screen.findByRole("alert")).textContent).toBe(AUTH_MESSAGES.loginFailedRetry);
  });

  it("falls back to Login failed. Please check your credentials. when the answer is unreadable", async () => {
    const user = userEvent.setup();
    renderApp("/login", {
      session: null,
      api: { "POST /api/auth/login": () => ({ status: 200, body: { success: true } }) },
    });
    await fillAndSubmit(user, "asha_rao");
    expect((await screen.findByRole("alert")).textContent).toBe(
      AUTH_MESSAGES.loginFailedCredentials,
    );
  });

  it("offers to finish verifying an account whose e-mail is not verified", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/login", {
      session: null,
      api: {
        "POST /api/auth/login": () => fail(403, ACCOUNT_MESSAGES.notVerified),
        "POST /api/auth/resend-otp": () => ok(undefined, ACCOUNT_MESSAGES.otpResent),
      },
    });
    await fillAndSubmit(user, "new.user");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ACCOUNT_MESSAGES.notVerified);
    const verify = screen.getByRole("link", { name: "Verify your email now" });
    expect(verify.getAttribute("href")).toBe("/signup?verify=newuser");
    await user.click(verify);
    await waitFor(() => expect(router.location.pathname).toBe("/signup"));
    expect(await screen.findByLabelText("Enter OTP")).toBeTruthy();
  });

  it("sends someone already signed in straight to the dashboard", async () => {
    rememberSignedIn();
    const { router } = renderApp("/login");
    await waitFor(() => expect(router.location.pathname).toBe("/dashboard"));
    expect(await screen.findByText(`Welcome, ${TEST_USER.name}`)).toBeTruthy();
  });

  it("sends someone already signed in to `next` when given", async () => {
    rememberSignedIn();
    const { router } = renderApp("/login?next=%2Fsettings");
    await waitFor(() => expect(router.location.pathname).toBe("/settings"));
  });

  it("waits for the server before deciding, when the hints say signed in", async () => {
    rememberSignedIn();
    renderApp("/login", { session: "pending" });
    expect((await screen.findByRole("status")).textContent).toBe("Loading…");
    expect(screen.queryByLabelText("Username")).toBeNull();
  });

  it("shows the form when the hints are stale (the server says signed out), and clears them", async () => {
    rememberSignedIn();
    const { api } = renderApp("/login", { session: null });
    expect(await screen.findByLabelText("Username")).toBeTruthy();
    expect(api.callsTo("GET /api/auth/me")).toHaveLength(1);
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBeNull();
  });

  it("does not ask the server who is signed in when nothing says so", async () => {
    const { api } = renderApp("/login", { session: "pending" });
    expect(await screen.findByLabelText("Username")).toBeTruthy();
    expect(api.callsTo("GET /api/auth/me")).toHaveLength(0);
  });

  it("links to registration", async () => {
    renderApp("/login", { session: null });
    const link = await screen.findByRole("link", { name: "Create an account" });
    expect(link.getAttribute("href")).toBe("/signup");
  });
});
