/**
 * Alerts in the browser: the installable app (the manifest and its icons), Settings → Alerts for a
 * signed-in trader, and the push service worker registering at the site's root scope. Screenshots of
 * /settings at a phone's and a desktop's width go to /tmp/alerts-*.png for a person to look at.
 */
import { createUnsubscribeTokens } from "../../apps/server/src/modules/alerts/channels/email/unsubscribe";
import { newSignedInUser } from "../support/accounts";
import { seriousViolations } from "../support/axe";
import { scrollsSideways, signInAsDemo, TRADER } from "../support/demo";
import { E2E_BASE_URL, E2E_SECRETS_KEY } from "../support/environment";
import { expect, newConsentedContext, test } from "../support/fixtures";

test("the web app manifest is served as JSON with the app's name, start, scope and icons", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/(manifest\+)?json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({
    name: "Kalpa",
    short_name: "Kalpa",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
});

test("the pages link the manifest, the theme colour and the Apple icon", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest",
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await page.request.get(apple ?? "")).status()).toBe(200);
  // A plain visit registers no service worker.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
});

test("Settings shows Alerts; the push worker registers at the root scope", async ({ page }) => {
  await signInAsDemo(page, TRADER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/settings");
  const alerts = page.getByRole("region", { name: "Alerts" });
  await expect(alerts).toBeVisible();
  await expect(alerts.getByRole("switch", { name: "Alerts on this browser" })).toBeVisible();
  await expect(alerts.getByRole("group", { name: "Telegram" })).toBeVisible();
  await expect(alerts.getByRole("group", { name: "E-mail" })).toBeVisible();
  await expect(alerts.getByRole("button", { name: "Save alert choices" })).toBeDisabled();
  // Opening Settings registers nothing: only turning alerts on does.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  expect(await seriousViolations(page, "/settings with Alerts")).toEqual([]);
  await page.screenshot({ path: "/tmp/alerts-desktop.png", fullPage: true });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(alerts).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: "/tmp/alerts-phone.png", fullPage: true });
  await alerts.screenshot({ path: "/tmp/alerts-phone-section.png" });

  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    return { scope: registration.scope, active: registration.active?.scriptURL ?? null };
  });
  const origin = new URL(page.url()).origin;
  expect(registered.scope).toBe(`${origin}/`);
  expect(registered.active).toBe(`${origin}/sw.js`);
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      await registration.unregister();
    }
  });
});

test("without access, signal alerts wait for it and say so; access reminders stay open", async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/settings");
  const alerts = page.getByRole("region", { name: "Alerts" });
  const browser = alerts.getByRole("group", { name: "This browser" });
  const nifty = browser.getByRole("group", { name: "NIFTY 50" });
  await expect(nifty.getByText("Needs access")).toBeVisible();
  await expect(nifty.getByRole("checkbox", { name: "New signal" })).toBeDisabled();
  await expect(nifty.getByRole("checkbox", { name: "Access ending" })).toBeEnabled();
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page, "/settings without access, phone")).toEqual([]);
  await alerts.screenshot({ path: "/tmp/alerts-phone-no-access.png" });
});

test("an alert e-mail's link stops alert e-mails without signing in, after asking", async ({
  page,
  browser,
}) => {
  await newSignedInUser(page, "Kavya");
  const me = (await (await page.request.get("/api/auth/me")).json()) as {
    data: { user: { id: string } };
  };
  const before = (await (await page.request.get("/api/alerts/preferences")).json()) as {
    data: { channels: { email: Record<string, string[]> } };
  };
  // Until a subscriber chooses: e-mail reminders before access ends.
  expect(before.data.channels.email.Nifty).toEqual(["access-expiring"]);
  // The link as the server puts it into each alert e-mail, opened in a browser that is not signed in.
  const link = createUnsubscribeTokens(Buffer.from(E2E_SECRETS_KEY, "base64"), E2E_BASE_URL).urlFor(
    Number(me.data.user.id),
  );
  const context = await newConsentedContext(browser, { viewport: { width: 360, height: 780 } });
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByRole("heading", { level: 1, name: "Stop Alert E-mails" })).toBeVisible();
  expect(await seriousViolations(reader, "/alerts/unsubscribe")).toEqual([]);
  expect(await scrollsSideways(reader)).toBe(false);
  await reader.screenshot({ path: "/tmp/alerts-unsubscribe-ask.png", fullPage: true });
  await reader.getByRole("button", { name: "Stop alert e-mails" }).click();
  await expect(reader.getByText("Alert e-mails are off.", { exact: false })).toBeVisible();
  await reader.screenshot({ path: "/tmp/alerts-unsubscribe-done.png", fullPage: true });
  await context.close();

  const after = (await (await page.request.get("/api/alerts/preferences")).json()) as {
    data: { channels: { email: Record<string, string[]> } };
  };
  expect(after.data.channels.email).toEqual({ Nifty: [], BankNifty: [], CrudeOil: [] });
});
