/**
 * The paper-trade journal, as a visitor uses it: filters the journal (the address keeps the
 * view), downloads the CSV, and sees the ledger broken after a stored row is altered. Runs on the demo
 * data the server seeds (SEED_DEMO: 30 days of backtested history).
 *
 * The tamper journey alters a row the way someone with the database would: with its own server stopped, it
 * opens the embedded database (DATA_DIR/pglite) and adds a field to one middle entry's stored content in
 * `ledger_entries` (the journal-server branch's table; content is canonical JSON, so a whitespace change
 * would not count as an edit).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PAPER_CSV_COLUMNS } from "@kalpa/contracts/api/paper";
import { expect, newConsentedContext, test } from "../support/fixtures";
import { createOwnServer } from "../support/own-server";

const pressed = (name: string) => ({ name, pressed: true }) as const;

test("filters the journal by model and period, and the address reproduces the view", async ({
  page,
}) => {
  await page.goto("/paper-trade");
  await expect(page.getByRole("heading", { level: 1, name: "Paper Trade Journal" })).toBeVisible();
  // The spec's defaults: BankNifty:KalpaVruksha over 30 days.
  await expect(page.getByRole("button", pressed("BankNifty:KalpaVruksha"))).toBeVisible();
  await expect(page.getByRole("button", pressed("30 days"))).toBeVisible();
  const days = page.getByTestId("journal-day");
  await expect(days.first()).toBeVisible();
  const month = await days.count();
  // Each trade says how it was filled, beside its slippage; the track record dates the charges' rates.
  await expect(page.getByTestId("journal-trade-fills").first()).toHaveText(
    /^(Broker bid\/ask|Model price( ±\d+ ticks?)?)$/,
  );
  await expect(page.getByTestId("journal-rates-as-of")).toHaveText(
    /^Charges at rates as of \d{1,2} [A-Z][a-z]{2} \d{4}\.$/,
  );

  const weekAnswer = page.waitForResponse(
    (res) => res.url().includes("/api/paper/history?") && res.url().includes("days=7"),
  );
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page).toHaveURL(/[?&]days=7(&|$)/);
  expect((await weekAnswer).ok()).toBe(true);
  await expect(page.getByRole("button", pressed("7 days"))).toBeVisible();
  await expect(page.getByText("Loading the journal…")).toHaveCount(0);
  const week = await days.count();
  expect(week).toBeLessThanOrEqual(Math.min(month, 7));

  const crudeAnswer = page.waitForResponse(
    (res) => res.url().includes("/api/paper/history?") && res.url().includes("CrudeOil"),
  );
  await page.getByRole("button", { name: "CrudeOil:Yamuna" }).click();
  await expect(page).toHaveURL(/[?&]model=CrudeOil%3AYamuna/);
  expect((await crudeAnswer).ok()).toBe(true);
  await expect(page.getByText("Loading the journal…")).toHaveCount(0);
  await expect(
    page.getByText("For CrudeOil:Yamuna over the last 7 days.", { exact: false }),
  ).toBeVisible();
  const firstTrade = page.getByTestId("journal-trade").first();
  if (await firstTrade.count()) await expect(firstTrade).toContainText("CRUDEOIL");

  // A link (here: a reload) reproduces the view.
  await page.reload();
  await expect(page.getByRole("button", pressed("CrudeOil:Yamuna"))).toBeVisible();
  await expect(page.getByRole("button", pressed("7 days"))).toBeVisible();
});

test("downloads the selected journal as a CSV file with its header row", async ({ page }) => {
  await page.goto("/paper-trade?model=BankNifty:KalpaVruksha&days=15");
  await expect(page.getByRole("button", pressed("15 days"))).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^kalpa-journal-[a-z0-9-]+-15d-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const file = await download.path();
  const text = await readFile(file, "utf8");
  const [header] = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  expect(header).toBe(PAPER_CSV_COLUMNS.join(","));
});

test("shows the ledger verified, then where it is broken after a stored row is altered", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const server = await createOwnServer(Number(process.env.E2E_TAMPER_PORT ?? 3323));
  try {
    await server.start();
    // The demo history is written to the ledger as it is seeded (asked every 4 s: verification is limited
    // to 30 a minute).
    let entries = 0;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.baseUrl}/api/ledger/verify`);
          if (!res.ok) return false;
          const body = (await res.json()) as { data: { ok: boolean; entries: number } };
          entries = body.data.entries;
          return body.data.ok && entries > 2;
        },
        { timeout: 120_000, intervals: [4000] },
      )
      .toBe(true);

    const context = await newConsentedContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto("/paper-trade");
    // The check reads the whole chain on the embedded database's one connection while the seed is still
    // writing the rest of the month: on a loaded machine that takes more than the default 5 s.
    await expect(page.getByTestId("ledger-state")).toHaveText("Verified", { timeout: 30_000 });

    // Alter one stored row in the middle of the chain while the server is stopped.
    await server.stop();
    const db = new PGlite(path.join(server.dataDir, "pglite"));
    let altered: number;
    try {
      const middle = await db.query<{ seq: number }>(
        `SELECT seq FROM ledger_entries WHERE content LIKE '%}' ORDER BY seq
         OFFSET (SELECT count(*) / 2 FROM ledger_entries WHERE content LIKE '%}') LIMIT 1`,
      );
      const row = middle.rows[0];
      if (!row) throw new Error("no ledger row to alter");
      altered = row.seq;
      await db.query(
        `UPDATE ledger_entries SET content = regexp_replace(content, '}$', ',"altered":true}') WHERE seq = $1`,
        [altered],
      );
    } finally {
      await db.close();
    }
    await server.start();

    await page.reload();
    const alert = page.getByRole("alert").filter({ hasText: "Broken" });
    await expect(alert.getByTestId("ledger-state")).toHaveText("Broken", { timeout: 30_000 });
    await expect(alert).toContainText(`The ledger is broken at entry ${altered}`);
    await context.close();
  } finally {
    await server.dispose();
  }
});
