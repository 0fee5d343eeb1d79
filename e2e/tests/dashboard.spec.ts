/**
 * The dashboard as a person uses it: sign in as the demo user, the home section on a desktop and a
 * phone (knowledge hub only on the desktop, About Us only on the phone), switching sections, the lock prompt,
 * and Settings → Export downloading the account as JSON. Nothing scrolls sideways at 360 px.
 */
import { readFile } from "node:fs/promises";
import { seriousViolations, TOASTS } from "../support/axe";
import { scrollsSideways, signInAsDemo } from "../support/demo";
import { expect, test } from "../support/fixtures";

test("desktop: the home section with the knowledge hub, sections in the URL, the lock prompt", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page);
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await expect(sidebar).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Live markets" }).getByRole("heading", { level: 3 }),
  ).toHaveText(["NIFTY", "BANKNIFTY", "CRUDEOIL"]);
  await expect(page.getByRole("region", { name: "Trading Knowledge Hub" })).toBeVisible();
  await expect(page.getByRole("region", { name: "About Us" })).toBeHidden();
  await expect(page.getByRole("region", { name: "Why traders trust us" })).toContainText(
    "Money-back guarantee",
  );
  expect(await seriousViolations(page, "/dashboard")).toEqual([]);

  const card = page.getByRole("button", { name: "Nifty 50: Flip card" });
  await card.click();
  await expect(card).toHaveAttribute("aria-pressed", "true");
  await expect(card).toContainText("about 65% of the market");
  await card.press("Enter");
  await expect(card).toHaveAttribute("aria-pressed", "false");

  await sidebar.getByRole("link", { name: "Educational Services" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=trading-services$/);
  await page.getByRole("button", { name: "Open Nifty" }).click();
  const dialog = page.getByRole("dialog", { name: "Contribution Required" });
  await expect(dialog).toContainText(
    "Please contribute to unlock model-generated outputs for this instrument.",
  );
  await expect(dialog).toContainText("Instrument: Nifty");
  expect(await seriousViolations(page, "/dashboard?section=trading-services (lock)")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await sidebar.getByRole("link", { name: "Forecasting" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forecasting" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Forecasting" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/section=trading-services$/);
  await expect(page.getByRole("heading", { level: 1, name: "Educational Services" })).toBeVisible();

  await sidebar.getByRole("button", { name: "FAQ" }).click();
  await expect(page.getByRole("dialog", { name: "Frequently Asked Questions" })).toBeVisible();
  await page.keyboard.press("Escape");

  await sidebar.getByRole("link", { name: "Contact Us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
});

test("Settings → Export downloads the account as JSON with the username", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page);
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page).toHaveURL(/section=settings$/);
  await expect(page.getByText("No active access yet")).toBeVisible();
  expect(await seriousViolations(page, "/dashboard?section=settings")).toEqual([]);
  // The dashboard has no site bar, so the services open without it too (with their own way back).
  await expect(page.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute(
    "href",
    "/trading-services?hideNav=1",
  );
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kalpa-account-demo-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(data.profile.username).toBe("demo");
  expect(data.sessions.some((session: { current: boolean }) => session.current)).toBe(true);
  expect(JSON.stringify(data)).not.toMatch(/argon2|password|token/i);
  // The export's toast, at rest (page scans leave toasts out: they fade on their own timers).
  await expect(page.locator(TOASTS).getByText("Your data was downloaded.")).toBeVisible();
  expect(await seriousViolations(page, "export toast", TOASTS)).toEqual([]);
});

test("phone (360 px): About Us instead of the hub, the menu, no sideways scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsDemo(page);
  await expect(page.getByRole("region", { name: "About Us" })).toContainText("18+ years");
  await expect(page.getByRole("region", { name: "Trading Knowledge Hub" })).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);

  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Open dashboard menu" }).click();
  await sidebar.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(sidebar).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);

  await page.getByRole("button", { name: "Open dashboard menu" }).click();
  await sidebar.getByRole("link", { name: "Educational Services" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Educational Services" })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
});
