import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, TEST_USER } from "@/test/render-app";

describe("dashboard", () => {
  it("greets the signed-in user by name, with the way to their account", async () => {
    renderApp("/dashboard", { session: { ...TEST_USER, name: "Meera Iyer" } });
    expect(await screen.findByText("Welcome, Meera Iyer")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    const links = within(screen.getByRole("navigation", { name: "Your account" }));
    expect(links.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/profile",
      "/settings",
      "/logout",
    ]);
  });

  it("is behind the access guard", async () => {
    renderApp("/dashboard", { session: null });
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeTruthy();
    expect(screen.queryByText(/Welcome,/)).toBeNull();
  });
});
