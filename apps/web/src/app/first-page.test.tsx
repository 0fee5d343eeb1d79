import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";
import { preloadPage } from "./router";

// In a file of its own: no other test has loaded the policies page's code before this one, so the page can
// only appear at once if preloadPage fetched it.
describe("the first page", () => {
  it("preloaded before the app renders, shows at once, with no loading state", async () => {
    await preloadPage("/policies/cookie");
    renderApp("/policies/cookie");
    expect(screen.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeTruthy();
    expect(within(screen.getByRole("main")).queryByText("Loading…")).toBeNull();
  });
});
