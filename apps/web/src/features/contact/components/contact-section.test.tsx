import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { FakeSocket } from "@/test/fake-socket";
import { installMockApi, ok } from "@/test/mock-api";
import { renderApp, TEST_SITE } from "@/test/render-app";
import { ContactSection } from "./contact-section";

describe("/contact", () => {
  it("shows the founder card from the operator configuration with mail and call actions", async () => {
    renderApp("/contact", { session: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Contact Us" })).toBeTruthy();
    const card = await screen.findByRole("region", { name: TEST_SITE.operator.name });
    expect(within(card).getByText("Founder")).toBeTruthy();
    expect(within(card).getByText(TEST_SITE.operator.email)).toBeTruthy();
    expect(within(card).getByText(TEST_SITE.operator.phone)).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: `Send an e-mail to ${TEST_SITE.operator.name}` })
        .getAttribute("href"),
    ).toBe("mailto:founder@example.com");
    expect(
      within(card)
        .getByRole("link", { name: `Call ${TEST_SITE.operator.name}` })
        .getAttribute("href"),
    ).toBe("tel:+919876543210");
  });

  it("says when the details cannot be loaded, and Retry loads them", async () => {
    let fail = true;
    renderApp("/contact", {
      session: null,
      api: {
        "GET /api/site": () =>
          fail
            ? { status: 500, body: { success: false, error: "x", code: "INTERNAL_ERROR" } }
            : ok(TEST_SITE),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/couldn't load the contact details/);
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: TEST_SITE.operator.name })).toBeTruthy();
  });
});

describe("ContactSection embedded", () => {
  it("renders only the card: no page heading", async () => {
    installMockApi({ "GET /api/site": () => ok(TEST_SITE) });
    render(
      <MemoryRouter>
        <AppProviders
          queryClient={createQueryClient()}
          createUserSocket={() => new FakeSocket().asSocket()}
        >
          <ContactSection embedded />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("region", { name: TEST_SITE.operator.name })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.getByRole("link", { name: /^Call / }).getAttribute("href")).toBe(
      "tel:+919876543210",
    );
  });
});
