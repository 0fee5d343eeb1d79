/**
 * A first start (issue 20, decision 019): on a server of the journey's own on an empty DATA_DIR, opened
 * the moment it answers, while it is still writing the demo journal. The journal shows its loading state
 * and then its trades, and never says "No paper trade history" for a journal that is still being written.
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
  }
}

let server: OwnServer | undefined;

test.describe.configure({ timeout: 180_000 });

test.afterAll(async () => {
  await server?.dispose();
});

test("just after a first start the journal shows its loading state, then its trades, never an empty journal", async ({
  browser,
}) => {
  server = await createOwnServer(PORT, {}, { until: "answering", timeoutMs: 150_000 });
  await server.start();
  const health = await fetch(`${server.baseUrl}/api/health`).then((res) => res.json());
  expect(health.data).toMatchObject({ status: "starting" });
  expect(health.data.starting).toContain("the demo journal");

  const context = await newConsentedContext(browser, { baseURL: server.baseUrl });
  // Watches the page from its first node: the empty message, however briefly shown, is remembered.
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="journal-empty"]')) window.sawEmptyJournal = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  try {
    await page.goto("/paper-trade");
    await expect(page.getByText("Loading the journal…")).toBeVisible();
    // The server answers the journal 503 STARTING meanwhile, and the page keeps asking.
    await expect(page.getByTestId("journal-day").first()).toBeVisible({ timeout: 120_000 });
    expect(await page.evaluate(() => window.sawEmptyJournal ?? false)).toBe(false);
    await expect(page.getByText(PAPER_TRADE_MESSAGES.empty)).toHaveCount(0);
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
