/**
 * A signed-in subscriber reads the site in Telugu and in Hindi (issue 38): chosen once with the dashboard's
 * switcher, the dashboard, a live screen with the day's signal and the journal are in that language and its
 * script, `<html lang>` follows, the choice survives a reload and is saved on the account (so e-mails and
 * alerts follow it), and the server's own messages come back in it. A server of the journey's own, at the
 * same fixed Friday 11:00 as day-so-far.spec.ts, so the live card holds a signal; the shared server's
 * trader keeps English for the other journeys.
 */
import { signInThroughForm } from "@kalpa/testkit/browser";
import { acceptAgreementIfAsked } from "../support/agreement";
import { TRADER } from "../support/demo";
import { E2E_PORT } from "../support/environment";
import { expect, newConsentedContext, type Page, test } from "../support/fixtures";
import { startOwnServer } from "../support/own-server";

const PORT = E2E_PORT + 12;
const FRIDAY_11 = "2026-11-27 11:00";

const LANGUAGES = [
  { code: "te", name: "తెలుగు", script: /[\u0C00-\u0C7F]/, welcome: "స్వాగతం" },
  { code: "hi", name: "हिन्दी", script: /[\u0900-\u097F]/, welcome: "स्वागत है" },
] as const;

/** The account's language as the server keeps it. */
async function accountLanguage(page: Page): Promise<string> {
  const answer = await page.request.get("/api/auth/me");
  const body = (await answer.json()) as { data: { user: { language: string } } };
  return body.data.user.language;
}

test.describe.configure({ mode: "serial" });

let server: { url: string; stop(): Promise<void> } | undefined;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer(
    PORT,
    { SIM_SEED: "kalpa", SIM_CLOCK_START: FRIDAY_11 },
    { timeoutMs: 180_000 },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

for (const [index, language] of LANGUAGES.entries()) {
  test(`a subscriber reads the dashboard, a live screen and the journal in ${language.name}`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const context = await newConsentedContext(browser, {
      baseURL: server?.url,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, TRADER);
      await acceptAgreementIfAsked(page);
      // A fresh browser takes the account's language on sign-in: English at first, then the one the
      // journey before this chose.
      const before = LANGUAGES[index - 1];
      await expect(page.locator("html")).toHaveAttribute("lang", before?.code ?? "en");
      await expect(page.getByRole("heading", { level: 1 })).toContainText(
        before?.welcome ?? "Welcome, ",
      );

      // Chosen once, on the dashboard.
      await page.getByRole("button", { name: language.name }).first().click();
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      const greeting = page.getByRole("heading", { level: 1 });
      await expect(greeting).toContainText(language.welcome);
      await expect.poll(() => accountLanguage(page)).toBe(language.code);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${language.code}.png`) });

      // A live screen: the day's signal, in the language.
      await page.goto("/live-trade/banknifty/hft");
      const status = page.getByTestId("signal-status").first();
      await expect(status).toBeVisible({ timeout: 20_000 });
      await expect(status).toHaveText(language.script);
      await expect(page.getByText("No signal yet today")).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`live-${language.code}.png`) });

      // The journal, after a reload: the choice is remembered.
      await page.goto("/paper-trade?model=BankNifty:HFT&days=7");
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.script);
      await expect(page.getByTestId("journal-day").first()).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: testInfo.outputPath(`journal-${language.code}.png`) });

      // The server answers in the account's language too: a language it does not speak is refused.
      const refused = await page.request.put("/api/account/language", {
        headers: { origin: server?.url ?? "" },
        data: { language: "fr" },
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(language.script);
      expect(await accountLanguage(page)).toBe(language.code);
    } finally {
      await context.close();
    }
  });
}
