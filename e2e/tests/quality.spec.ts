/**
 * The shared quality suite every screen joins and keeps green: on every route of the spec's table, at a
 * 360 px phone width and on the desktop, nothing scrolls sideways and axe finds no serious or critical
 * violation. Protected pages are checked signed in (the demo account, with the risk disclosure agreement
 * accepted, as the dialog that asks for it has its own checks), the operator console as the admin.
 */
import { APP_ROUTES } from "@kalpa/contracts/routes";
import { ADMIN, type Credentials, DEMO } from "@kalpa/testkit/demo";
import { acceptAgreementByApi } from "../support/agreement";
import { seriousViolations } from "../support/axe";
import { expect, type Page, test } from "../support/fixtures";

const ACCOUNTS = {
  protected: DEMO,
  admin: ADMIN,
} as const;

const PATHS = APP_ROUTES.map((route) => ({
  path: route.path.replace("/:policyType?", "/privacy").replace("/:model?", "/banknifty-hft"),
  account: route.access === "public" ? null : ACCOUNTS[route.access],
}));

async function signIn(page: Page, account: Credentials) {
  const res = await page.request.post("/api/auth/login", { data: account });
  expect(res.ok()).toBe(true);
  await acceptAgreementByApi(page);
  await page.addInitScript(() => window.localStorage.setItem("isAuthenticated", "true"));
}

/** How far the page can scroll sideways, in CSS pixels (0 when it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const width of [360, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 800 : 900 } });

    for (const { path, account } of PATHS) {
      test(`${path}${account ? ` (as ${account.username})` : ""} fits the width and passes axe`, async ({
        page,
      }) => {
        if (account) await signIn(page, account);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        expect(await sidewaysOverflow(page)).toBe(0);
        expect(await seriousViolations(page, path)).toEqual([]);
      });
    }
  });
}
