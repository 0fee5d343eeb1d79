/**
 * Live market data as a visitor and a signed-in user see it: the landing ticker and the
 * dashboard's market cards paint from the market overview and then move with the realtime feed, and say
 * "Simulated data" with the simulated market time while the feed is simulated (the e2e server runs the
 * default simulated feed on the `auto` market clock, so a market is open at any hour).
 */

import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { scrollsSideways, signInAsDemo } from "../support/demo";
import { expect, test } from "../support/fixtures";

/** Prices arrive at most twice a second per symbol; give a quiet instrument time to move. */
const MOVES_WITHIN = { timeout: 20_000, intervals: [250, 500, 1000] };

/** Waits until the text of `items` differs from what it was when called. */
async function expectToMove(items: Locator) {
  const before = (await items.allTextContents()).join(" | ");
  await expect
    .poll(async () => (await items.allTextContents()).join(" | "), MOVES_WITHIN)
    .not.toBe(before);
}

/** Whether the server's market clock is simulated (it is the real time while NSE is open). */
async function marketClockSimulated(page: Page): Promise<boolean> {
  const res = await page.request.get("/api/market/snapshots");
  return ((await res.json()) as { data: { clock: { simulated: boolean } } }).data.clock.simulated;
}

test("the landing ticker shows the three instruments, says Simulated data, and its prices move", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const ticker = page.getByRole("region", { name: "Live market prices" });
  const items = ticker.getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(/^NIFTY[\d,.]+(up \+|down −)[\d,.]+%$/);
  await expect(items.nth(1)).toContainText(/^BANKNIFTY[\d,.]+(up \+|down −)[\d,.]+%$/);
  await expect(items.nth(2)).toContainText(/^CRUDEOIL[\d,.]+(up \+|down −)[\d,.]+%$/);
  await expect(ticker).toContainText("Simulated data");
  // The market's clock is shown while it is simulated (NSE closed: the most recent session replays);
  // while NSE is open the clock is the real one and there is nothing to add.
  if (await marketClockSimulated(page)) {
    await expect(ticker.locator("time")).toHaveText(/\d{2}:\d{2}:\d{2} IST$/);
  } else {
    await expect(ticker.locator("time")).toHaveCount(0);
  }
  await expectToMove(items);
  expect(await seriousViolations(page, "/ (live ticker)")).toEqual([]);
});

test("the ticker fits a 360 px phone without sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/");
  const ticker = page.getByRole("region", { name: "Live market prices" });
  await expect(ticker.getByRole("listitem")).toHaveCount(3);
  await expect(ticker).toContainText("Simulated data");
  expect(await scrollsSideways(page)).toBe(false);
});

test("the dashboard's market cards show each instrument with its exchange's status, and move", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page);
  const markets = page.getByRole("region", { name: "Live markets" });
  await expect(markets.getByRole("heading", { level: 3 })).toHaveText([
    "NIFTY",
    "BANKNIFTY",
    "CRUDEOIL",
  ]);
  await expect(markets).toContainText("Simulated data");
  if (await marketClockSimulated(page)) {
    await expect(markets.locator("time")).toHaveText(/ IST$/);
  } else {
    await expect(markets.locator("time")).toHaveCount(0);
  }
  const cards = markets.getByRole("listitem");
  for (const [index, exchange] of [
    [0, "NSE"],
    [1, "NSE"],
    [2, "MCX"],
  ] as const) {
    const card = cards.nth(index);
    await expect(card).toContainText(new RegExp(`${exchange} market status: (Active|Inactive)`));
    for (const label of ["Open", "High", "Low", "Close"]) {
      await expect(card.getByRole("term").filter({ hasText: label })).toBeVisible();
    }
  }
  await expectToMove(cards);
  expect(await seriousViolations(page, "/dashboard (live market cards)")).toEqual([]);
});

test("the market cards fit a 360 px phone without sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsDemo(page);
  const markets = page.getByRole("region", { name: "Live markets" });
  await expect(markets.getByRole("heading", { level: 3 })).toHaveCount(3);
  expect(await scrollsSideways(page)).toBe(false);
});
