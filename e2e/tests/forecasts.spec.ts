/**
 * The forecast page in the dashboard's Forecasting section: the demo user (no access) sees gold's
 * forecast (open to all) and the locked notice for NIFTY 50; the demo trader (all three
 * instruments, the agreement accepted) sees NIFTY 50's call and put parts, the favoured side, the
 * hit rates and Brier scores, the skill scores in plain words and the history with outcomes and
 * closes. Nothing scrolls sideways at 360 px.
 */
import { signInThroughForm } from "@kalpa/testkit/browser";
import { DEMO, TRADER } from "@kalpa/testkit/demo";
import { expect, type Page } from "@playwright/test";
import { scrollsSideways } from "../support/demo";
import { E2E_BASE_URL } from "../support/environment";
import { test } from "../support/fixtures";

async function openForecasting(page: Page) {
  await page.goto("/dashboard?section=forecasting");
  await expect(page.getByRole("heading", { level: 1, name: "Forecasting" })).toBeVisible();
}

test("locked: the demo user sees gold, and the locked notice for NIFTY 50", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInThroughForm(page, DEMO);
  // The dashboard asks for the risk disclosure agreement first (the access journeys walk that dialog).
  const accepted = await page.request.post("/api/risk-disclosure/accept", {
    data: { version: 1 },
    headers: { origin: E2E_BASE_URL },
  });
  expect(accepted.status()).toBe(200);
  await openForecasting(page);
  // Gold is open to all: its parts appear (the first pass fills the recent days in at start).
  await expect(page.getByRole("button", { name: "Gold" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("article", { name: "Call" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("article", { name: "Put" })).toContainText("Probability bias");
  await expect(
    page.getByText(/a rule-based model on simulated prices; Kalpa is not a registered adviser/),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Brier scores" })).toContainText("lower is better");
  await page.screenshot({ path: ".artifacts/forecast-gold-360.png", fullPage: true });
  expect(await scrollsSideways(page)).toBe(false);

  await page.getByRole("button", { name: "NIFTY 50" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please contribute to view this section" }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("article", { name: "Call" })).toHaveCount(0);
  await page.screenshot({ path: ".artifacts/forecast-locked-360.png", fullPage: true });
});

test("unlocked: the trader sees NIFTY 50's call and put, the scores and the history", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, TRADER);
  // The first pass makes every instrument's current day first, then fills in the 90 days before and scores
  // them oldest first: wait for the newest finished day's score.
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/forecast/nifty");
        return res.ok() ? ((await res.json()).data.history[0]?.callOutcome ?? null) : null;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
  await openForecasting(page);
  await expect(page.getByRole("button", { name: "NIFTY 50" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const call = page.getByRole("article", { name: "Call" });
  await expect(call).toBeVisible({ timeout: 20_000 });
  for (const field of ["Signal date", "Strike price", "Entry price", "Target", "Stop loss"]) {
    await expect(call).toContainText(field);
  }
  await call.getByText("How it was worked out").click();
  await expect(call).toContainText("NIFTY closed the last session at");
  const put = page.getByRole("article", { name: "Put" });
  await put.getByText("How it was worked out").click();
  await expect(put).toContainText(" PE expiring ");
  // One part is favoured unless the day is 50/50.
  await expect(
    page
      .getByText(/^Favoured$/)
      .or(page.getByText("50/50: no favoured side today"))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "How the forecasts have scored" })).toBeVisible();
  const hits = page.getByRole("table", { name: "Hit rates" });
  for (const column of ["Last 30 days", "Last 90 days", "All days"]) {
    await expect(hits).toContainText(column);
  }
  await expect(page.getByTestId("forecast-hit-rate-30")).toHaveText(/^(\d+%|—)$/);
  const brier = page.getByRole("table", { name: "Brier scores" });
  await expect(brier).toContainText("Yesterday's direction");
  await expect(brier).toContainText("0.250");
  await expect(page.getByTestId("forecast-baseline-all")).toHaveText(/^\d\.\d{3}$/);
  await expect(page.getByRole("table", { name: "Skill scores" })).toContainText(
    "Against the share of up-days",
  );
  await expect(page.getByTestId("forecast-verdict-all")).toHaveText(
    /^All days: (better than|worse than|no better than) a coin .*hindsight/,
  );
  await expect(page.getByRole("heading", { name: "Recent forecasts" })).toBeVisible();
  const history = page.getByRole("table", { name: "Recent forecasts" });
  await expect(history).toContainText(/Target reached|Stop reached|Neither|Undecided|Not entered/);
  await expect(history).toContainText(/Up|Down|Unchanged/);
  await page.screenshot({ path: ".artifacts/forecast-nifty-1440.png", fullPage: true });

  await page.getByRole("button", { name: "Crude Oil" }).click();
  await expect(page.getByRole("article", { name: "Call" })).toContainText("Strike price", {
    timeout: 20_000,
  });
});
