/**
 * The operator's calendar, on a server of the journey's own whose market clock starts on Monday
 * 18 Jan 2027 at 10:00 India time: a day of the shipped 2027 calendar, which is provisional.
 *
 * 1. the operator opens the console's Calendar view: 2027 says Provisional, and NIFTY's next weekly expiry
 *    is Tuesday 19 Jan 2027;
 * 2. they add a holiday on that Tuesday in the form: the next expiry moves to Monday 18 Jan;
 * 3. the trader's dashboard says the market's day is on a provisional calendar.
 */
import { ADMIN } from "@kalpa/testkit/demo";
import { signIn } from "../support/accounts";
import { signInAsDemo, TRADER } from "../support/demo";
import { E2E_PORT } from "../support/environment";
import { expect, newConsentedContext, test } from "../support/fixtures";
import { startOwnServer } from "../support/own-server";

const PORT = E2E_PORT + 7;

let server: { url: string; stop(): Promise<void> } | undefined;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startOwnServer(
    PORT,
    { SIM_CLOCK_START: "2027-01-18T10:00:00+05:30" },
    { timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test("the operator puts a holiday on an expiry Tuesday: the next expiry moves; 2027 is provisional", async ({
  browser,
}) => {
  const url = server?.url as string;
  const context = await newConsentedContext(browser, { baseURL: url });
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/(dashboard|admin)/, { timeout: 15_000 });
    await page.goto("/admin?view=calendar");

    const panel = page.getByRole("region", { name: "Calendar", exact: true });
    const status = panel.getByTestId("calendar-status");
    // The server writes its demo history as it starts: on a busy machine the first answers are slow.
    await expect(status).toHaveAttribute("data-status", "provisional", { timeout: 60_000 });
    await expect(status).toContainText("2027: Provisional");
    await expect(panel.getByTestId("calendar-day-2027-01-26")).toContainText("Provisional");
    const nifty = panel
      .getByTestId("calendar-expiries")
      .locator("div", { hasText: "NIFTY weekly" });
    await expect(nifty).toContainText("Tue 19 Jan 2027");

    const form = page.getByRole("region", { name: "Add or change a day" });
    await form.getByLabel("Day").fill("2027-01-19");
    await form.getByLabel("Name").fill("Holiday by circular");
    await form.getByLabel("NSE").selectOption("closed");
    await form.getByLabel("MCX").selectOption("evening");
    await form.getByLabel("Source").fill("NSE/CMTR/E2E");
    await form.getByRole("button", { name: "Save the day" }).click();
    await expect(form.getByText("19 Jan 2027 saved: every process uses it now.")).toBeVisible({
      timeout: 30_000,
    });

    await expect(nifty).toContainText("Mon 18 Jan 2027", { timeout: 30_000 });
    const added = panel.getByTestId("calendar-day-2027-01-19");
    await expect(added).toContainText("Holiday by circular");
    await expect(added).toContainText("Operator");
    await expect(added).toContainText("NSE/CMTR/E2E");
  } finally {
    await context.close();
  }
});

test("a trader's dashboard says the market's day is on a provisional calendar", async ({
  browser,
}) => {
  const url = server?.url as string;
  const context = await newConsentedContext(browser, { baseURL: url });
  const page = await context.newPage();
  try {
    await signInAsDemo(page, TRADER);
    const markets = page.getByRole("region", { name: "Live markets" });
    await expect(markets.getByTestId("provisional-calendar")).toContainText(
      "Provisional calendar",
      { timeout: 60_000 },
    );
  } finally {
    await context.close();
  }
});
