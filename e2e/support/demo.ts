/** The demo account's sign-in (the server seeds it with SEED_DEMO) and a layout check the journeys share. */
import { expect, type Page } from "@playwright/test";
import { acceptAgreementIfAsked } from "./agreement";

export const DEMO = { username: "demo", password: "Demo@1234" };

/** The seeded demo trader: all three instruments, the risk disclosure accepted. */
export const TRADER = { username: "trader", password: "Trader@1234" };

/**
 * Signs in (as the demo user unless told) through the login form, accepts the risk disclosure agreement if
 * the dashboard asks for it, and waits for the dashboard's greeting.
 */
export async function signInAsDemo(page: Page, account = DEMO): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await acceptAgreementIfAsked(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** True when the page is wider than the viewport (it would scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}
