import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { profileOf } from "@/features/profile/api/get-profile";
import { createQueryClient } from "@/lib/query-client";
import { FakeSocket } from "@/test/fake-socket";
import { installMockApi, type MockHandlers, NetworkDown, never, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";
import { createTestRouter } from "@/test/test-router";
import { useSessionSocket } from "../hooks/use-session-socket";

const ON_PROFILE: MockHandlers = {
  "GET /api/profile": () => ok(profileOf(TEST_USER)),
  "POST /logout": () => ok(undefined, ACCOUNT_MESSAGES.loggedOut),
};

async function signedInOnProfile(api: MockHandlers = {}) {
  const socket = new FakeSocket();
  rememberSignedIn();
  const rendered = renderApp("/profile", { socket, api: { ...ON_PROFILE, ...api } });
  await screen.findByLabelText("Mobile Number");
  await waitFor(() => expect(socket.connected).toBe(true));
  return { ...rendered, socket };
}

describe("session socket", () => {
  it("is connected while someone is signed in, and never for a visitor", async () => {
    const visitor = new FakeSocket();
    const { unmount } = renderApp("/faq", { socket: visitor });
    await screen.findByRole("heading", { level: 1, name: "FAQ" });
    expect(visitor.calls).toEqual([]);
    unmount();

    const { socket } = await signedInOnProfile();
    expect(socket.calls).toEqual(["disconnect", "connect"]);
    expect(socket.listenerCount("force-logout")).toBe(1);
  });

  it("is not connected while the server has not confirmed the session", async () => {
    const socket = new FakeSocket();
    rememberSignedIn();
    renderApp("/faq", { socket, session: "pending" });
    await screen.findByRole("heading", { level: 1, name: "FAQ" });
    expect(socket.connected).toBe(false);
  });

  it("is handed to screens through useSessionSocket, and only while signed in", async () => {
    const socket = new FakeSocket();
    installMockApi({
      "GET /api/auth/me": () => ok({ user: TEST_USER }),
      "POST /logout": () => ok(undefined),
    });
    rememberSignedIn();
    const seen: unknown[] = [];
    function Probe() {
      const current = useSessionSocket();
      seen.push(current);
      return <p>{current ? "socket" : "none"}</p>;
    }
    const queryClient = createQueryClient();
    const { router, RouterProbe } = createTestRouter();
    render(
      <MemoryRouter>
        <AppProviders queryClient={queryClient} createUserSocket={() => socket.asSocket()}>
          <Routes>
            <Route path="*" element={<Probe />} />
          </Routes>
          <RouterProbe />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByText("socket")).toBeTruthy();
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).toBe(socket);
    // The screen shows the socket once rendered; the provider listens from its effects, which may run later.
    await waitFor(() => expect(socket.listenerCount("force-logout")).toBe(1));

    act(() => socket.serverEmit("force-logout", { reason: "Bye" }, () => {}));
    expect(await screen.findByText("none", {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
  });
});

describe("force-logout", () => {
  it("acknowledges, shows the reason, logs out, clears the hints and goes to /login, keeping the reason", async () => {
    const { socket, api, router } = await signedInOnProfile();
    const ack = vi.fn();
    act(() => socket.serverEmit("force-logout", { reason: ACCOUNT_MESSAGES.anotherDevice }, ack));

    expect(ack).toHaveBeenCalledWith({ ok: true });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ACCOUNT_MESSAGES.anotherDevice);
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
    expect(api.callsTo("POST /logout")).toHaveLength(1);
    for (const key of ["isAuthenticated", "username", "userSubscription", "userData"] as const) {
      expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS[key])).toBeNull();
    }
    expect(socket.connected).toBe(false);
    expect(await screen.findByLabelText("Username")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_MESSAGES.anotherDevice);
  });

  it("says You have been logged out. when no reason is given", async () => {
    const { socket, router } = await signedInOnProfile();
    act(() => socket.serverEmit("force-logout", {}, () => {}));
    expect((await screen.findByRole("alert")).textContent).toContain(AUTH_MESSAGES.forcedLogout);
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
  });

  it("goes to /login even when the logout call fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { socket, router, api } = await signedInOnProfile({
      "POST /logout": () => {
        throw new NetworkDown();
      },
    });
    act(() => socket.serverEmit("force-logout", { reason: "Your password was changed." }));
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
    expect(api.callsTo("POST /logout")).toHaveLength(1);
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBeNull();
    expect(await screen.findByLabelText("Username")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Your password was changed.");
  });

  it("waits for the logout call before leaving the page", async () => {
    const { socket, router } = await signedInOnProfile({ "POST /logout": () => never() });
    act(() => socket.serverEmit("force-logout", { reason: "Bye" }, () => {}));
    await screen.findByText("Bye");
    expect(router.location.pathname).toBe("/profile");
  });

  it("a new protected visit after it asks to log in", async () => {
    const { socket, router } = await signedInOnProfile();
    act(() => socket.serverEmit("force-logout", { reason: "Bye" }, () => {}));
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
    await router.navigate("/profile");
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeTruthy();
  });

  it("the notice can be dismissed, and goes away when the user signs in again", async () => {
    const user = userEvent.setup();
    const { socket, router } = await signedInOnProfile({
      "POST /api/auth/login": () => ok({ user: TEST_USER }, ACCOUNT_MESSAGES.loginSuccess),
    });
    act(() => socket.serverEmit("force-logout", { reason: "Bye" }, () => {}));
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Bye")).toBeNull();

    act(() => socket.serverEmit("force-logout", { reason: "Again" }, () => {}));
    await screen.findByText("Again");
    await user.type(await screen.findByLabelText("Username"), TEST_USER.username);
    await user.type(screen.getByLabelText("Password"), "saffron-kite-31");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByText(ACCOUNT_MESSAGES.loginSuccess);
    await waitFor(() => expect(screen.queryByText("Again")).toBeNull());
    expect(socket.connected).toBe(true);
  });
});
