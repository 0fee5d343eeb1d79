/**
 * The shared quality suite every screen joins and keeps green: on every route of the spec's table, at a
 * 360 px phone width and on the desktop, nothing scrolls sideways and axe finds no serious or critical
 * violation. Protected pages are checked signed in (the demo account).
 */
import { APP_ROUTES } from "@kalpa/contracts/routes";
import { seriousViolations } from "../support/axe";
import { expect, type Page, test } from "../support/fixtures";

const PATHS = APP_ROUTES.map((route) => ({
  path: route.path.replace("/:policyType?", "/privacy"),
  signedIn: route.access === "protected",
}));

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", {
    data: { username: "demo", password: "Demo@1234" },
  });
  expect(res.ok()).toBe(true);
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

    for (const { path, signedIn } of PATHS) {
      test(`${path}${signedIn ? " (signed in)" : ""} fits the width and passes axe`, async ({
        page,
      }) => {
        if (signedIn) await signIn(page);
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
