/**
 * The site on a live broker feed, against the local Kite double (tools/kite-double) reached only
 * through KITE_ROOT, KITE_WS_ROOT and KITE_LOGIN_URL. The journey runs its own server with MARKET_FEED=kite
 * and the double in its own process, both on a market clock that starts at 10:00 India time on Wednesday
 * 25 Nov 2026 (NSE open):
 *
 * 1. the operator opens the console's Broker view: "Broker login needed"; presses Connect Kite, logs in on
 *    the double's page and is sent back to the console, connected;
 * 2. the landing ticker and the dashboard's cards move with the broker's prices, with no "Simulated data";
 * 3. a signal (the operator's manual one, its zone around the contract's quote) reaches the trader's live
 *    screen priced from the contract's quote: the card says "Broker quote";
 * 4. the double expires the token (as at 06:00): the console says "Broker login needed" and the screens say
 *    the data is stale instead of presenting it as live.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { ADMIN } from "@kalpa/testkit/demo";
import { signIn } from "../support/accounts";
import { sendSignalNearPremium } from "../support/admin-api";
import { signInAsDemo, TRADER } from "../support/demo";
import { E2E_PORT, REPO_ROOT } from "../support/environment";
import { expect, newConsentedContext, type Page, test } from "../support/fixtures";
import { startOwnServer } from "../support/own-server";

const PORT = E2E_PORT + 3;
const DOUBLE_PORT = E2E_PORT + 4;
const DOUBLE = `http://127.0.0.1:${DOUBLE_PORT}`;
const SITE = `http://127.0.0.1:${PORT}`;
const KITE = { KITE_API_KEY: "kalpa_e2e", KITE_API_SECRET: "kalpa_e2e_secret" };

let double: ChildProcess | undefined;
let server: { url: string; stop(): Promise<void> } | undefined;

async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${DOUBLE}/__double/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`double ${path}: ${res.status}`);
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  double = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "tools/kite-double/src/main.ts",
      `--port=${DOUBLE_PORT}`,
      `--api-key=${KITE.KITE_API_KEY}`,
      `--api-secret=${KITE.KITE_API_SECRET}`,
      `--redirect-url=${SITE}/api/admin/broker/kite/callback`,
      "--clock-start=2026-11-25T10:00:00+05:30",
    ],
    { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  let clock = "";
  for (let i = 0; i < 120 && !clock; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    clock = await fetch(`${DOUBLE}/__double/state`)
      .then(async (res) => ((await res.json()) as { clock: { now: string } }).clock.now)
      .catch(() => "");
  }
  if (!clock) throw new Error("the Kite double did not start");
  server = await startOwnServer(
    PORT,
    {
      MARKET_FEED: "kite",
      ...KITE,
      KITE_ROOT: DOUBLE,
      KITE_WS_ROOT: `ws://127.0.0.1:${DOUBLE_PORT}/`,
      KITE_LOGIN_URL: `${DOUBLE}/connect/login`,
      SIM_CLOCK_START: clock,
      // Live for everyone: this journey follows the feed itself. The public's delay (decision 034) is
      // apps/server/test/market/public-prices.test.ts's.
      PUBLIC_PRICE_DELAY_MINUTES: "0",
    },
    { timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
  if (double && double.exitCode === null) {
    const exited = new Promise((resolve) => double?.once("exit", resolve));
    double.kill("SIGTERM");
    await exited;
  }
});

async function signedIn(
  browser: Parameters<typeof newConsentedContext>[0],
  account: { username: string; password: string },
): Promise<Page> {
  const context = await newConsentedContext(browser, { baseURL: SITE });
  const page = await context.newPage();
  if (account === TRADER) {
    await signInAsDemo(page, TRADER);
  } else {
    await page.goto("/login");
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/(dashboard|admin)/);
  }
  return page;
}

/** Two readings of the items' text at least `ms` apart, until they differ. */
async function expectToMove(read: () => Promise<string>, what: string) {
  const first = await read();
  await expect.poll(read, { message: `${what} should move`, timeout: 20_000 }).not.toBe(first);
}

test("the operator connects Kite, the screens follow the broker, a signal is priced from its quote, and the token dies", async ({
  browser,
}) => {
  // 1. Broker login needed, then the daily login through Kite's redirect flow.
  const admin = await signedIn(browser, ADMIN);
  await admin.goto("/admin?view=broker");
  await expect(admin.getByText("Broker login needed").first()).toBeVisible({ timeout: 20_000 });
  await admin.getByRole("link", { name: "Connect Kite" }).click();
  await expect(admin).toHaveURL(new RegExp(`^${DOUBLE}/connect/login`));
  await admin.getByRole("button", { name: /^Log in as / }).click();
  await expect(admin).toHaveURL(/\/admin\?view=broker/);
  await expect(admin.getByText("Kite connected.")).toBeVisible();
  await expect(admin.getByText("Connected to Kite")).toBeVisible({ timeout: 30_000 });

  // 2. The landing ticker moves with the broker's prices, and nothing says simulated or stale.
  const visitor = await (await newConsentedContext(browser, { baseURL: SITE })).newPage();
  await visitor.goto("/");
  const ticker = visitor.getByRole("region", { name: "Live market prices" });
  await expect(ticker.getByRole("listitem")).toHaveCount(3);
  await expect(ticker.getByRole("listitem").first()).toContainText(/^NIFTY[\d,.]+/, {
    timeout: 30_000,
  });
  await expect(ticker).not.toContainText("Simulated data");
  await expect(ticker).not.toContainText("Stale data");
  await expectToMove(() => ticker.getByRole("listitem").first().innerText(), "the NIFTY price");

  const trader = await signedIn(browser, TRADER);
  await expect(trader.getByText("Simulated data")).toHaveCount(0);
  const cards = trader.getByRole("region", { name: "Live markets" });
  await expectToMove(() => cards.innerText(), "the dashboard's market cards");

  // 3. A signal whose premium is the contract's quote. The server says the option's premium when the zone
  //    is far from it; the operator then sends the zone around it.
  const niftyText = await ticker.getByRole("listitem").first().innerText();
  const price = Number(/[\d,]+(\.\d+)?/.exec(niftyText)?.[0]?.replaceAll(",", ""));
  expect(price, niftyText).toBeGreaterThan(1000);
  const strike = Math.round(price / 50) * 50;
  await admin.waitForTimeout(3000); // the strikes beside the price are quoted within a second or two
  expect(
    (
      await admin.request.post(`${SITE}/api/paper/force-eod-close`, { headers: { origin: SITE } })
    ).ok(),
  ).toBe(true);
  // The server says the option's premium when a zone is far from it; the zone is then sent around it.
  const sent = await sendSignalNearPremium(admin.request, SITE, strike);
  expect((await sent.json()).data.signal.priceSource).toBe("quote");
  await trader.goto("/live-trade/nifty");
  await expect(trader.getByText("Broker quote").first()).toBeVisible({ timeout: 20_000 });

  // 4. The token dies mid-session: the console asks for a login, the screens stop calling the prices live.
  await control("expire-token", { closeSockets: true });
  await admin.goto("/admin?view=broker");
  await expect(admin.getByText("Broker login needed").first()).toBeVisible({ timeout: 30_000 });
  await expect(ticker).toContainText("Stale data", { timeout: 45_000 });
  await trader.goto("/dashboard");
  await expect(trader.getByText("Stale data").first()).toBeVisible({ timeout: 45_000 });
  const health = await (await fetch(`${SITE}/api/health`)).json();
  expect(health.data.status).toBe("degraded");
});
