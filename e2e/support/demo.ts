/** The demo account's sign-in (the server seeds it with SEED_DEMO) and a layout check the journeys share. */
import { signInThroughForm } from "@kalpa/testkit/browser";
import { type Credentials, DEMO } from "@kalpa/testkit/demo";
import { expect, type Page } from "@playwright/test";
import { acceptAgreementIfAsked } from "./agreement";

/** The seeded demo accounts (@kalpa/testkit/demo): `DEMO` has no access, `TRADER` every instrument. */
export { ADMIN, DEMO, TRADER } from "@kalpa/testkit/demo";

/**
 * Signs in (as the demo user unless told) through the login form, accepts the risk disclosure agreement if
 * the dashboard asks for it, and waits for the dashboard's greeting.
 */
export async function signInAsDemo(page: Page, account: Credentials = DEMO): Promise<void> {
  await signInThroughForm(page, account);
  await acceptAgreementIfAsked(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** True when the page is wider than the viewport (it would scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}
