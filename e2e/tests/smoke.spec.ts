import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { E2E_OPERATOR } from "../support/environment";
import { expect, test } from "../support/fixtures";

/** Console errors and uncaught exceptions a visitor's browser would log. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("the landing page renders with the navigation bar and footer", async ({ page }) => {
  const errors = watchErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Home · Kalpa");
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Model-driven research for NIFTY, BANKNIFTY and Crude Oil",
    }),
  ).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: E2E_OPERATOR.email })).toBeVisible();
  // The hours in force today from the server's dated table: NSE has closed at 15:40 since 3 Aug 2026.
  await expect(footer.getByText("09:15-15:40")).toBeVisible();
  expect(errors).toEqual([]);
});

test("a client route opened directly renders: /policies/terms", async ({ page }) => {
  const errors = watchErrors(page);
  const response = await page.goto("/policies/terms");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page).toHaveTitle("Terms of Service · Kalpa");
  expect(errors).toEqual([]);
});

test("navigating between pages works without a reload", async ({ page, isMobile }) => {
  await page.goto("/");
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Paper Trade" })
    .click();
  await expect(page).toHaveURL(/\/paper-trade$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paper Trade Journal" })).toBeVisible();
});

test("an unknown page shows the not-found page with a 404 status", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the language switch shows Telugu and remembers it", async ({ page }) => {
  await page.goto("/");
  // The footer's switch (the navigation bar has a compact one too).
  const telugu = page.getByRole("contentinfo").getByRole("button", { name: "తెలుగు" });
  await telugu.click();
  await expect(telugu).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("contentinfo").getByText("పేపర్ ట్రేడ్").first()).toBeVisible();
  await page.reload();
  await expect(telugu).toHaveAttribute("aria-pressed", "true");
});

// One test per page, so each page's axe run has its own time on a busy machine.
for (const path of ["/", "/pricing", "/policies/terms", "/login", "/signup", "/logout"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page, path)).toEqual([]);
  });
}

test("the page may open the realtime socket on its own origin", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/");
  const opened = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const url = `${location.origin.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
        const socket = new WebSocket(url);
        socket.onmessage = (event) => {
          socket.close();
          resolve(String(event.data).slice(0, 8));
        };
        socket.onerror = () => resolve("error");
        setTimeout(() => resolve("timeout"), 5000);
      }),
  );
  expect(opened).toBe('0{"sid":');
  expect(errors).toEqual([]);
});

test("the API answers health and unknown paths with the envelope", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(await health.json()).toMatchObject({
    success: true,
    data: { status: "ok", database: "pglite" },
  });
  const missing = await request.get("/api/no-such-endpoint");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
});
