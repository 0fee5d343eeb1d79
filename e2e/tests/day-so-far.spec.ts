/**
 * A newcomer outside market hours (issue 39): the site started on a Saturday, when SIM_CLOCK_START=auto
 * puts the simulated clock at 11:00 in Friday's session (autoClockStart; its Saturday is unit-tested in
 * market-clock.test.ts), here that same instant fixed, so the journey does not depend on the day it runs.
 * The engine computes Friday from its open to 11:00 on start, so the first screens already show a day in
 * progress: on SIM_SEED "kalpa" BankNifty's HFT fired at 09:30 and closed before 11:00 (its card shows the
 * signal, not "No signal yet today"); the journal's first screen counts that trade in the week's track
 * record (its worst day), and its newest day is Friday.
 */
import { signInAsDemo, TRADER } from "../support/demo";
import { E2E_PORT } from "../support/environment";
import { expect, newConsentedContext, test } from "../support/fixtures";
import { startOwnServer } from "../support/own-server";

const PORT = E2E_PORT + 11;
/** Where "auto" starts on Saturday 28 Nov 2026: Friday 27 Nov, 11:00 India time. */
const FRIDAY_11 = "2026-11-27 11:00";

test("started on a Saturday, the live screen and the journal show Friday's signals at once", async ({
  browser,
}) => {
  // A first start (the day computed, the demo journal and a year of history written) on a busy machine.
  test.setTimeout(240_000);
  const server = await startOwnServer(
    PORT,
    { SIM_SEED: "kalpa", SIM_CLOCK_START: FRIDAY_11 },
    { timeoutMs: 180_000 },
  );
  const context = await newConsentedContext(browser, {
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await signInAsDemo(page, TRADER);

    await page.goto("/live-trade/banknifty/hft");
    const card = page.getByRole("region", { name: "HFT signal" });
    await expect(card).toBeVisible({ timeout: 20_000 });
    // Friday's signal, made at 09:30 on the market clock, before the server's clock started.
    await expect(card.getByTestId("signal-status")).toHaveText(/^Closed/);
    await expect(card).toContainText(/27 Nov 2026, 09:\d\d IST/);
    await expect(card.getByText("No signal yet today")).toHaveCount(0);
    await expect(card.getByTestId("signal-status")).toBeInViewport();
    // The clock says where it stands: Friday's session, past 11:00.
    await expect(page.getByText("Simulated market time").first()).toBeAttached();
    await expect(
      page.locator("time").filter({ hasText: /27 Nov, 2026, 11:\d\d:\d\d IST$/ }),
    ).toBeVisible();

    await page.goto("/paper-trade?model=BankNifty:HFT&days=7");
    // The first screen's track record already counts Friday's trade: its loss is the week's worst day.
    const worst = page
      .getByRole("region", { name: "Track record" })
      .getByTestId("journal-stat-worst-day");
    await expect(worst).toContainText(/-₹[\d,.]+\s*27 Nov 2026/, { timeout: 20_000 });
    await expect(worst).toBeInViewport();
    // Further down, the journal's newest day is Friday, with that trade.
    const day = page.getByTestId("journal-day").first();
    await expect(day.getByRole("heading", { level: 3 })).toContainText("27 Nov 2026");
    await day.scrollIntoViewIfNeeded();
    await expect(day).toContainText(/banknifty/i);
  } finally {
    await context.close();
    await server.stop();
  }
});
