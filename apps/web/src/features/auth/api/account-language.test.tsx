import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentLanguage, LANGUAGE_STORAGE_KEY, setLanguage } from "@/i18n";
import { fail, installMockApi, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";
import { getMe } from "./get-me";
import { login } from "./login";

const SLOW = { timeout: 10_000 };
const NO_CONTENT = () => ({ status: 204 });

function languagePuts(requests: ReadonlyArray<{ method: string; path: string; body: unknown }>) {
  return requests
    .filter((request) => request.method === "PUT" && request.path === "/api/account/language")
    .map((request) => request.body);
}

describe("the language on the account", () => {
  it("is saved when a signed-in reader picks one in Settings, and the page follows", async () => {
    const user = userEvent.setup();
    rememberSignedIn();
    const { api } = renderApp("/settings", {
      api: { "PUT /api/account/language": NO_CONTENT },
    });
    await screen.findByRole("heading", { level: 1, name: "Settings" }, SLOW);
    const general = within(screen.getByRole("region", { name: "General Settings" }));

    await user.click(general.getByRole("button", { name: "हिन्दी" }));

    expect(await screen.findByRole("heading", { level: 1, name: "सेटिंग्स" }, SLOW)).toBeTruthy();
    await waitFor(() => expect(languagePuts(api.requests)).toEqual([{ language: "hi" }]));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("hi");
    expect(document.documentElement.lang).toBe("hi");
  });

  it("keeps the browser's choice when the server cannot save it", async () => {
    const user = userEvent.setup();
    rememberSignedIn();
    const { api } = renderApp("/settings", {
      api: { "PUT /api/account/language": () => fail(503, "Service unavailable") },
    });
    await screen.findByRole("heading", { level: 1, name: "Settings" }, SLOW);
    const general = within(screen.getByRole("region", { name: "General Settings" }));

    await user.click(general.getByRole("button", { name: "తెలుగు" }));

    await waitFor(() => expect(languagePuts(api.requests)).toEqual([{ language: "te" }]));
    expect(await screen.findByRole("heading", { level: 1, name: "సెట్టింగ్‌లు" })).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("te");
  });

  it("becomes the site's language on sign-in", async () => {
    const api = installMockApi({
      "POST /api/auth/login": () => ok({ user: { ...TEST_USER, language: "te" } }, "Welcome"),
      "PUT /api/account/language": NO_CONTENT,
    });
    await login({ username: TEST_USER.username, password: "secret1" });
    await waitFor(() => expect(currentLanguage()).toBe("te"));
    expect(document.documentElement.lang).toBe("te");
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("te");
    // Adopting the account's language is not a new choice: nothing is sent back.
    expect(languagePuts(api.requests)).toEqual([]);
  });

  it("keeps this browser's language on sign-in when the account is on the default, and saves it there", async () => {
    await setLanguage("hi");
    const api = installMockApi({
      "POST /api/auth/login": () => ok({ user: { ...TEST_USER, language: "en" } }, "Welcome"),
      "PUT /api/account/language": NO_CONTENT,
    });
    await login({ username: TEST_USER.username, password: "secret1" });
    expect(currentLanguage()).toBe("hi");
    await waitFor(() => expect(languagePuts(api.requests)).toEqual([{ language: "hi" }]));
  });

  it("is adopted when another tab signed this browser in", async () => {
    installMockApi({ "GET /api/auth/me": () => ok({ user: { ...TEST_USER, language: "hi" } }) });
    await getMe();
    await waitFor(() => expect(currentLanguage()).toBe("hi"));
  });

  it("is not adopted again by a check of a session this browser already knew", async () => {
    rememberSignedIn();
    installMockApi({ "GET /api/auth/me": () => ok({ user: { ...TEST_USER, language: "hi" } }) });
    await getMe();
    expect(currentLanguage()).toBe("en");
  });
});
