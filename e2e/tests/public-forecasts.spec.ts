/**
 * The public forecasts: gold, silver and the dollar index are always unlocked (spec
 * section 1), so a visitor, signed out, reaches them from the landing page and from the navigation bar, at
 * /forecasts, and sees each one's call and put parts with their numbers. The server answers those three to
 * anyone and keeps NIFTY 50, BANKNIFTY and Crude Oil behind sign-in; the page opens directly and on a
 * refresh like any other page.
 */
import type { Page } from "@playwright/test";
import { scrollsSideways } from "../support/demo";
import { expect, test } from "../support/fixtures";

const OPEN = [
  { slug: "xau", name: "Gold" },
  { slug: "xag", name: "Silver" },
  { slug: "dollarx", name: "Dollar Index" },
] as const;

/**
 * Waits until the server has made today's forecast of the three open instruments (the first pass after a
 * start writes them within seconds), asking as a visitor.
 */
async function waitForOpenForecasts(page: Page) {
  for (const { slug } of OPEN) {
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/forecast/${slug}`);
          return res.ok() ? ((await res.json()).data.today?.day ?? null) : res.status();
        },
        { timeout: 30_000 },
      )
      .toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
}

/** Checks the call and put parts on screen are `name`'s, with numbers in their fields. */
async function expectParts(page: Page, name: string) {
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Forecast for .* · ${name}$`) }),
  ).toBeVisible({ timeout: 20_000 });
  for (const side of ["Call", "Put"]) {
    const part = page.getByRole("article", { name: side });
    await expect(part).toBeVisible();
    for (const field of ["Entry price", "Target", "Stop loss"]) {
      // Each field's value is a number (en-IN grouping, decimals).
      await expect(
        part.getByText(field, { exact: true }).locator("xpath=..").locator("dd"),
      ).toHaveText(/^\d[\d,]*(\.\d+)?$/);
    }
    await expect(part).toContainText(/Probability bias\s*\d+%/);
  }
}

async function expectOpenForecasts(page: Page) {
  await expect(page).toHaveURL(/\/forecasts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forecasts" })).toBeVisible();
  await expect(page).toHaveTitle("Forecasts · Kalpa");
  // Only the three open instruments are offered.
  await expect(page.getByRole("button", { name: "NIFTY 50" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Gold" })).toHaveAttribute("aria-pressed", "true");
  await expectParts(page, "Gold");
  for (const { name } of OPEN.slice(1)) {
    await page.getByRole("button", { name }).click();
    await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
    await expectParts(page, name);
  }
  await expect(
    page.getByText(/a rule-based model on simulated prices; Kalpa is not a registered adviser/),
  ).toBeVisible();
}

test("the server answers gold, silver and the dollar index to a visitor, and not the others", async ({
  page,
}) => {
  await waitForOpenForecasts(page);
  for (const slug of ["nifty", "banknifty", "crudeoil"]) {
    const res = await page.request.get(`/api/forecast/${slug}`);
    expect(res.status(), slug).toBe(401);
    expect(JSON.stringify(await res.json())).not.toContain('"today"');
  }
});

test("a visitor follows the landing page's link to the forecasts (1366 px)", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await waitForOpenForecasts(page);
  await page.goto("/");
  const services = page.getByRole("region", { name: "Three markets, one disciplined approach" });
  await services.getByRole("link", { name: "See the forecasts" }).click();
  await expectOpenForecasts(page);
  // Back to gold for the picture.
  await page.getByRole("button", { name: "Gold" }).click();
  await expectParts(page, "Gold");
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: ".artifacts/public-forecasts-1366.png", fullPage: true });

  // A refresh opens the same page (the server knows the route: no 404).
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Forecasts" })).toBeVisible();
  await expectParts(page, "Gold");
});

test("a visitor on a phone opens the forecasts from the navigation menu (375 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await waitForOpenForecasts(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Forecasts" })
    .click();
  // Following the link closes the menu.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expectOpenForecasts(page);
  await page.getByRole("button", { name: "Gold" }).click();
  await expectParts(page, "Gold");
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: ".artifacts/public-forecasts-375.png", fullPage: true });
});

test("/forecasts opens directly, with its own status and title", async ({ page }) => {
  await waitForOpenForecasts(page);
  const response = await page.goto("/forecasts");
  expect(response?.status()).toBe(200);
  await expectOpenForecasts(page);
});
