/**
 * What a trader looks at around a signal (issue 37): the demo trader (every instrument) opens
 * /live-trade/nifty after the operator sends a Nifty signal, and sees the option chain centred on its
 * contract (model prices on the simulator, the at-the-money IV with its percentile or how many days of
 * history it has, open interest columns empty with the simulator's note) and the signal's payoff; then the
 * journal's analysis, for the model and for the models they follow. axe finds nothing serious on either
 * screen.
 */

import { ADMIN } from "@kalpa/testkit/demo";
import { sendSignalNearPremium } from "../support/admin-api";
import { seriousViolations } from "../support/axe";
import { signInAsDemo, TRADER } from "../support/demo";
import { E2E_BASE_URL } from "../support/environment";
import { expect, test } from "../support/fixtures";

test("a trader sees the chain and payoff of a signal, and the journal's analysis", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const headers = { origin: E2E_BASE_URL };
  const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await admin.post("/api/auth/login", { data: ADMIN, headers })).ok()).toBe(true);
  const overview = await (await admin.get("/api/market/snapshots")).json();
  const nifty = (overview.data.snapshots as Array<{ symbol: string; ltp: number }>).find(
    (s) => s.symbol === "NIFTY",
  );
  const strike = Math.round((nifty?.ltp ?? 0) / 50) * 50;
  expect(strike).toBeGreaterThan(1000);
  expect((await admin.post("/api/paper/force-eod-close", { headers })).ok()).toBe(true);
  // The server says the option's premium when a zone is far from it; the zone is then sent around it.
  await sendSignalNearPremium(admin, E2E_BASE_URL, strike);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemo(page, TRADER);
  await page.goto("/live-trade/nifty");

  // The chain: model prices, the signal's contract marked, the IV explained, no open interest made up.
  const chain = page.getByRole("region", { name: /^Option chain NIFTY/ });
  await expect(chain).toBeVisible({ timeout: 20_000 });
  await expect(chain.getByText("Model prices")).toBeVisible();
  await expect(chain.getByText("Signal CE")).toBeVisible();
  await expect(chain.getByText(/NIFTY's own at-the-money implied volatility/)).toBeVisible();
  await expect(chain.getByTestId("option-chain-iv-percentile")).toHaveText(
    /^(IV percentile \(1 year\): \d+|Not enough history \(\d+ days\).*)$/,
  );
  await expect(chain.getByRole("columnheader", { name: "OI", exact: true })).toHaveCount(2);
  await expect(chain.getByText(/The simulator has no open interest/).first()).toBeVisible();

  // The payoff of the signal: its card, with the break-even and the most it can lose.
  const payoff = page.getByRole("region", { name: /^Payoff/ });
  await expect(payoff).toBeVisible({ timeout: 20_000 });
  await expect(payoff.getByText(/Break-even/).first()).toBeVisible();
  expect(await seriousViolations(page, "/live-trade/nifty")).toEqual([]);

  // The journal's analysis: the model's, then the models the trader follows (all four).
  await page.goto("/paper-trade?model=Nifty:KalpaVruksha&days=30");
  const analysis = page.getByRole("region", { name: "Analysis" });
  await expect(analysis).toBeVisible({ timeout: 20_000 });
  await expect(analysis.getByText(/What the trades of Nifty:KalpaVruksha/)).toBeVisible();
  await analysis.getByRole("button", { name: "Models I follow" }).click();
  await expect(analysis.getByText(/What the trades of the models you follow \(/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    analysis.getByText(/MAE and MFE \(maximum adverse and favourable excursion\)/),
  ).toBeVisible();
  expect(await seriousViolations(page, "/paper-trade (models I follow)")).toEqual([]);
  await admin.dispose();
});
