/**
 * Signing in through the login form in a Playwright page, as a person does (the browser journeys in e2e/).
 * This entry point needs @playwright/test (a peer dependency); the others do not.
 */
import { expect, type Page } from "@playwright/test";
import type { Credentials } from "./demo";

/** Fills the login form (the page must be on /login) and presses Sign In. */
export async function submitSignIn(page: Page, account: Credentials): Promise<void> {
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Opens /login, signs in, and waits for the dashboard's address (10 s unless told). */
export async function signInThroughForm(
  page: Page,
  account: Credentials,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  await page.goto("/login");
  await submitSignIn(page, account);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: timeoutMs });
}
