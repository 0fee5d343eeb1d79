/**
 * The model cards: a visitor, signed out, opens Model Cards from the footer, sees the four
 * models, each with its verdict on real history first (or that it is not yet backtested) and its version,
 * and opens HFT's card: the version running now, its rules, its live paper record and its failure modes.
 * The journal's trades (the demo journal, made by the models running now) each name their version and link
 * to the model's card. Works with and without the committed real-history file.
 */
import { scrollsSideways } from "../support/demo";
import { expect, test } from "../support/fixtures";

const VERSION = /^Version [0-9a-f]{12}, running since \d{1,2} [A-Z][a-z]{2} \d{4}\.$/;

test("a visitor reads each model's card, and the journal's trades link to their version's card", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Model Cards" }).click();
  await expect(page).toHaveURL(/\/models$/);
  await expect(page.getByRole("heading", { level: 1, name: "Model Cards" })).toBeVisible();
  for (const name of [
    "KalpaVruksha · BANKNIFTY",
    "HFT · BANKNIFTY",
    "KalpaVruksha · NIFTY",
    "Yamuna · CRUDEOIL",
  ]) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card.getByTestId("model-verdict")).toHaveText(
      /^(No edge on real history|A weak edge at best on real history|Ahead of random entries on real history|Not yet backtested on real market history)/,
    );
    await expect(card.getByText(VERSION)).toBeVisible();
  }

  await page.getByRole("link", { name: "Open the HFT · BANKNIFTY card" }).click();
  await expect(page).toHaveURL(/\/models\/banknifty-hft$/);
  const heading = page.getByRole("heading", { level: 1, name: "HFT · BANKNIFTY" });
  await expect(heading).toBeVisible();
  // The verdict is the first line under the title.
  await expect(heading.locator("xpath=following-sibling::*[1]")).toHaveAttribute(
    "data-testid",
    "model-verdict",
  );
  const version = (await page.getByTestId("model-current-version").textContent()) ?? "";
  expect(version).toMatch(VERSION);
  await expect(page.getByText(/^Buys a call when the close breaks above/)).toBeVisible();
  await expect(page.getByTestId("model-live-record")).toHaveText(
    /^(No paper trade of this version has closed yet\.|\d+ trades \(\d+ won, \d+ lost\), win rate .*, net .*\.)$/,
  );
  await expect(page.getByRole("heading", { name: "Known failure modes" })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);

  // The journal's HFT trades were made by the version running now, and say so.
  const hex = version.split(" ")[1]?.replace(",", "") ?? "";
  await page.goto("/paper-trade?model=BankNifty:HFT&days=30");
  const tag = page.getByTestId("journal-trade-version").first();
  await expect(tag).toContainText(`v ${hex}`, { timeout: 20_000 });
  await tag.click();
  await expect(page).toHaveURL(/\/models\/banknifty-hft$/);
  await expect(page.getByRole("heading", { level: 1, name: "HFT · BANKNIFTY" })).toBeVisible();
});
