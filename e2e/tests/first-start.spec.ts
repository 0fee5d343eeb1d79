/**
 * A first start (decision 019): on a server of the journey's own on an empty DATA_DIR, opened
 * the moment it answers, while it is still writing the history and forecasts (and, often, the demo
 * journal). The forecasts show their loading state and then the day's forecast; the journal never says
 * "No paper trade history" for a journal that is still being written.
 */
import { PAPER_TRADE_MESSAGES } from "@kalpa/contracts/messages";
import { E2E_PORT } from "../support/environment";
import { expect, newConsentedContext, test } from "../support/fixtures";
import { createOwnServer, type OwnServer } from "../support/own-server";

const PORT = Number(process.env.E2E_FIRST_START_PORT ?? E2E_PORT + 9);

declare global {
  interface Window {
    /** Set by the init script below when the journal's empty message was ever on the page. */
    sawEmptyJournal?: boolean;
    /** Set by the init script below when the forecast's loading state was ever on the page. */
    sawLoading?: boolean;
  }
}

let server: OwnServer | undefined;

test.describe.configure({ timeout: 180_000 });

test.afterAll(async () => {
  await server?.dispose();
});

test("just after a first start the forecasts and the journal show their loading state, then their data, never empty", async ({
  browser,
}) => {
  server = await createOwnServer(PORT, {}, { until: "answering", timeoutMs: 150_000 });
  // The browser is ready before the server starts, so the page asks while the data is being written.
  const context = await newConsentedContext(browser, { baseURL: server.baseUrl });
  // Watches each page from its first node: the journal's empty message and the forecast's loading state,
  // however briefly shown, are remembered.
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="journal-empty"]')) window.sawEmptyJournal = true;
      if (document.body?.textContent?.includes("Loading forecast…")) window.sawLoading = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const forecastAnswers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/forecast/xau") {
      forecastAnswers.push(response.status());
    }
  });
  try {
    await server.start();
    const health = await fetch(`${server.baseUrl}/api/health`).then((res) => res.json());
    expect(health.data).toMatchObject({ status: "starting" });
    // A year of history and 90 days of forecasts take the longest: the demo journal is often done sooner.
    expect(health.data.starting).toContain("the market history and the day's forecasts");

    await page.goto("/forecasts");
    // The server answers 503 STARTING meanwhile, and the page keeps asking with its loading state shown.
    await expect(page.getByRole("article", { name: "Call" })).toBeVisible({ timeout: 120_000 });
    expect(forecastAnswers[0]).toBe(503);
    expect(forecastAnswers.at(-1)).toBe(200);
    expect(await page.evaluate(() => window.sawLoading ?? false)).toBe(true);
    await expect(page.getByText("The forecast could not be loaded.")).toHaveCount(0);

    // The journal, written by now: its days, never "No paper trade history" on the way.
    await page.goto("/paper-trade");
    await expect(page.getByTestId("journal-day").first()).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => window.sawEmptyJournal ?? false)).toBe(false);
    await expect(page.getByText(PAPER_TRADE_MESSAGES.empty)).toHaveCount(0);
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
