import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { E2E_OPERATOR } from "../support/environment";
import { expect, test } from "../support/fixtures";

/** The shared server's operator (support/environment.ts). */
const OPERATOR = {
  ...E2E_OPERATOR,
  tel: `tel:${E2E_OPERATOR.phone.replace(/\s/g, "")}`,
};

/** Where a policy section's top is, relative to the top of the viewport. */
async function sectionTop(page: Page, id: string): Promise<number> {
  return page.locator(`#${id}`).evaluate((element) => element.getBoundingClientRect().top);
}

function toc(page: Page) {
  return page.getByRole("navigation", { name: "On this page" });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("policies", () => {
  test("a click on a table-of-contents entry scrolls its section to 150 px and highlights it; scrolling highlights the section in view", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/policies/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last Updated: August 2025")).toBeVisible();
    const first = toc(page).getByRole("link", { name: "Personal data we collect" });
    await expect(first).toHaveAttribute("aria-current", "location");

    const retention = toc(page).getByRole("link", { name: "Retention and security" });
    await retention.click();
    await expect(retention).toHaveAttribute("aria-current", "location");
    await expect.poll(() => sectionTop(page, "retention")).toBeGreaterThan(148);
    await expect.poll(() => sectionTop(page, "retention")).toBeLessThan(152);
    await expect(first).not.toHaveAttribute("aria-current", "location");

    // Scrolling by hand: the section whose top passes 150 px becomes current.
    const rightsTop = await sectionTop(page, "your-rights");
    await page.mouse.move(900, 500);
    await page.mouse.wheel(0, rightsTop - 150 + 20);
    const rights = toc(page).getByRole("link", { name: "Your rights as a Data Principal" });
    await expect(rights).toHaveAttribute("aria-current", "location");
    await expect(retention).not.toHaveAttribute("aria-current", "location");

    await page.mouse.wheel(0, -100_000);
    await expect(first).toHaveAttribute("aria-current", "location");
  });

  test("tabs lead to each policy's own URL; an unknown type shows privacy", async ({ page }) => {
    await page.goto("/policies/terms");
    const tabs = page.getByRole("navigation", { name: "All policies" });
    await expect(tabs.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await tabs.getByRole("link", { name: "Disclaimer" }).click();
    await expect(page).toHaveURL(/\/policies\/disclaimer$/);
    await expect(page.getByRole("heading", { level: 1, name: "Disclaimer" })).toBeVisible();
    await expect(
      page.getByText(/not registered with the Securities and Exchange Board/),
    ).toBeVisible();
    await tabs.getByRole("link", { name: "Cookie Policy" }).click();
    await expect(page).toHaveURL(/\/policies\/cookie$/);
    await expect(page).toHaveTitle("Cookie Policy · Kalpa");

    await page.goto("/policies/no-such-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Grievance officer and contact" }).getByText(OPERATOR.name),
    ).toBeVisible();
  });

  for (const type of ["privacy", "terms", "disclaimer", "cookie"]) {
    test(`/policies/${type}: no serious accessibility violation, no sideways scroll at 360 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`/policies/${type}`);
      await expect(page.getByText("Last Updated: August 2025")).toBeVisible();
      await expect(
        page.getByTestId("policy-contact").first().getByText(OPERATOR.name),
      ).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page, `/policies/${type}`)).toEqual([]);
    });
  }
});

test.describe("contact and help", () => {
  test("the founder card's mail and call actions", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const card = page.getByRole("region", { name: OPERATOR.name });
    await expect(card.getByText(OPERATOR.email)).toBeVisible();
    await expect(
      card.getByRole("link", { name: `Send an e-mail to ${OPERATOR.name}` }),
    ).toHaveAttribute("href", `mailto:${OPERATOR.email}`);
    await expect(card.getByRole("link", { name: `Call ${OPERATOR.name}` })).toHaveAttribute(
      "href",
      OPERATOR.tel,
    );
  });

  test("the help page's WhatsApp button opens a pre-filled chat in a new tab", async ({ page }) => {
    await page.goto("/help");
    await expect(page.getByRole("heading", { level: 1, name: "Help and Support" })).toBeVisible();
    const button = page.getByRole("link", { name: /Send a query on WhatsApp/ });
    const href = (await button.getAttribute("href")) ?? "";
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${OPERATOR.whatsapp}`);
    expect(url.searchParams.get("text")).toBe("Hello, I need help with Kalpa. My question: ");
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", "noopener noreferrer");
    await page.getByRole("link", { name: "Go to Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const path of ["/contact", "/help"]) {
    test(`${path}: no serious accessibility violation, no sideways scroll at 360 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(path);
      await expect(page.getByText(OPERATOR.email).first()).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page, path)).toEqual([]);
    });
  }
});
