import { AUTH_STATE_CHANGED_EVENT, LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { clearSessionHints } from "@/features/auth/utils/auth-hints";
import { fail, ok } from "@/test/mock-api";
import { renderApp, TEST_SITE, TEST_USER } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";

async function mainNavLinks(): Promise<string[]> {
  const nav = await screen.findByRole("navigation", { name: "Main" });
  return within(nav)
    .queryAllByRole("link")
    .map((link) => link.textContent ?? "");
}

const SIGNED_IN_LINKS = [
  "Home",
  "Paper Trade",
  "Forecasts",
  "Contribution",
  "FAQ",
  "Contact Us",
  "Dashboard",
];
const VISITOR_LINKS = [
  "Home",
  "Paper Trade",
  "Forecasts",
  "Contribution",
  "FAQ",
  "Contact Us",
  "Login",
  "Register",
];

describe("navigation bar, signed in", () => {
  it("shows Dashboard instead of Login and Register", async () => {
    rememberSignedIn();
    renderApp("/faq");
    await waitFor(async () =>
      expect(await mainNavLinks()).toEqual(SIGNED_IN_LINKS.filter((name) => name !== "FAQ")),
    );
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(screen.getByRole("button", { name: "Open account menu" })).toBeTruthy();
  });

  it("shows a visitor's links when nothing says signed in, without asking the server", async () => {
    const { api } = renderApp("/faq");
    expect(await mainNavLinks()).toEqual(VISITOR_LINKS.filter((name) => name !== "FAQ"));
    expect(screen.queryByRole("button", { name: "Open account menu" })).toBeNull();
    expect(api.callsTo("GET /api/auth/me")).toHaveLength(0);
  });

  it("treats a failed check as signed out and clears the stale hints", async () => {
    rememberSignedIn();
    renderApp("/faq", { session: "error" });
    await waitFor(async () =>
      expect(await mainNavLinks()).toEqual(VISITOR_LINKS.filter((name) => name !== "FAQ")),
    );
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBeNull();
  });

  it("refreshes on the authStateChanged event", async () => {
    renderApp("/faq");
    expect(await mainNavLinks()).toContain("Login");
    act(() => {
      rememberSignedIn();
      window.dispatchEvent(new Event(AUTH_STATE_CHANGED_EVENT));
    });
    await waitFor(async () => expect(await mainNavLinks()).toContain("Dashboard"));
    expect(await mainNavLinks()).not.toContain("Login");
  });

  it("refreshes when another tab signs out (storage event)", async () => {
    rememberSignedIn();
    let signedIn = true;
    const { api } = renderApp("/faq", {
      api: {
        "GET /api/auth/me": () => (signedIn ? ok({ user: TEST_USER }) : fail(401, "Signed out")),
      },
    });
    await waitFor(async () => expect(await mainNavLinks()).toContain("Dashboard"));
    act(() => {
      signedIn = false;
      clearSessionHints();
      window.dispatchEvent(
        new StorageEvent("storage", { key: LOCAL_STORAGE_KEYS.isAuthenticated, newValue: null }),
      );
    });
    await waitFor(async () => expect(await mainNavLinks()).toContain("Login"));
    expect(screen.queryByRole("button", { name: "Open account menu" })).toBeNull();
    // …and the session is checked again with the server.
    await waitFor(() => expect(api.callsTo("GET /api/auth/me")).toHaveLength(2));
  });
});

describe("account side menu", () => {
  async function openMenu(user: ReturnType<typeof userEvent.setup>) {
    const toggle = await screen.findByRole("button", { name: "Open account menu" });
    await user.click(toggle);
    return { toggle, panel: () => document.getElementById("account-menu") };
  }

  it("holds Profile, Settings, Help, Logout and the copyright line", async () => {
    const user = userEvent.setup();
    rememberSignedIn();
    renderApp("/faq");
    const { toggle, panel } = await openMenu(user);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Close account menu");
    const menu = within(panel() as HTMLElement);
    const links = within(menu.getByRole("navigation", { name: "Account" })).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Profile", "/profile"],
      ["Settings", "/settings"],
      ["Help", "/help"],
      ["Logout", "/logout"],
    ]);
    expect(menu.getByText(`© 2025 ${TEST_SITE.brandName}`)).toBeTruthy();
    expect(menu.getByText(TEST_USER.username)).toBeTruthy();
    expect(document.activeElement).toBe(links[0]);
  });

  it("closes on a click outside it, but not on a click inside", async () => {
    const user = userEvent.setup();
    rememberSignedIn();
    renderApp("/faq");
    const { toggle, panel } = await openMenu(user);
    await user.click(within(panel() as HTMLElement).getByText(TEST_USER.username));
    expect(panel()).not.toBeNull();
    await user.click(screen.getByRole("heading", { level: 1, name: "FAQ" }));
    expect(panel()).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape and gives focus back to its button", async () => {
    const user = userEvent.setup();
    rememberSignedIn();
    renderApp("/faq");
    const { toggle, panel } = await openMenu(user);
    await user.keyboard("{Escape}");
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("closes when a link is followed; Logout leads to the confirmation", async () => {
    const user = userEvent.setup();
    rememberSignedIn();
    const { router } = renderApp("/faq");
    const { panel } = await openMenu(user);
    await user.click(within(panel() as HTMLElement).getByRole("link", { name: "Logout" }));
    expect(await screen.findByRole("heading", { name: "Ready to Leave?" })).toBeTruthy();
    expect(router.location.pathname).toBe("/logout");
    expect(panel()).toBeNull();
    // Following the link signs nobody out: that is the confirmation's job.
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.isAuthenticated)).toBe("true");
  });
});
