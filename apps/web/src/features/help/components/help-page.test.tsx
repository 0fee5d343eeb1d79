import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, TEST_SITE } from "@/test/render-app";

describe("/help", () => {
  it("opens WhatsApp in a new tab with a pre-filled, URL-encoded message to the operator", async () => {
    renderApp("/help", { session: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Help and Support" })).toBeTruthy();
    const button = await screen.findByRole("link", { name: /Send a query on WhatsApp/ });
    const href = button.getAttribute("href") ?? "";
    expect(href).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(
        `Hello, I need help with ${TEST_SITE.brandName}. My question: `,
      )}`,
    );
    expect(new URL(href).searchParams.get("text")).toBe(
      "Hello, I need help with Acme Markets. My question: ",
    );
    expect(button.getAttribute("target")).toBe("_blank");
    expect(button.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("lists the support channels and self-help links", async () => {
    renderApp("/help", { session: null });
    const channels = await screen.findByRole("region", { name: "Support channels" });
    expect(
      (await within(channels).findByRole("link", { name: TEST_SITE.operator.phone })).getAttribute(
        "href",
      ),
    ).toBe("tel:+919876543210");
    expect(
      within(channels).getByRole("link", { name: TEST_SITE.operator.email }).getAttribute("href"),
    ).toBe("mailto:founder@example.com");
    expect(within(channels).getByText(/24\/7/)).toBeTruthy();
    const selfHelp = screen.getByRole("region", { name: "Help yourself" });
    expect(within(selfHelp).getByRole("link", { name: "Go to Sign In" }).getAttribute("href")).toBe(
      "/login",
    );
    expect(within(selfHelp).getByRole("link", { name: "Read the FAQ" }).getAttribute("href")).toBe(
      "/faq",
    );
    expect(
      within(selfHelp).getByRole("link", { name: "Privacy Policy" }).getAttribute("href"),
    ).toBe("/policies/privacy");
  });

  it("says so while the operator's details load, instead of a button that goes nowhere", async () => {
    renderApp("/help", { session: null, site: "pending" });
    expect(await screen.findByText("Loading support details…")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Send a query on WhatsApp/ })).toBeNull();
  });
});
