/**
 * The risk disclosure agreement: a signed-in user must accept it before dashboards and live
 * screens open, through the dialog every protected page shows until then.
 */
import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import { expect, type Page } from "@playwright/test";

export function agreementDialog(page: Page) {
  return page.getByRole("dialog", { name: "Risk Disclosure Agreement" });
}

/** Accepts the agreement in its dialog, as a user does: tick the box, Accept. */
export async function acceptAgreementInDialog(page: Page): Promise<void> {
  const dialog = agreementDialog(page);
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await dialog
    .getByRole("checkbox", { name: /I have read and understood the Risk Disclosure Agreement/ })
    .check();
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * After signing in, for journeys that are not about the agreement: accepts it in the dialog when the
 * server says this account has not yet (journeys share one server, so an account may have accepted it in an
 * earlier journey), and otherwise checks that no dialog asks.
 */
export async function acceptAgreementIfAsked(page: Page): Promise<void> {
  const response = await page.request.get("/api/risk-disclosure");
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { accepted: boolean } };
  if (data.accepted) {
    await expect(agreementDialog(page)).toHaveCount(0);
    return;
  }
  await acceptAgreementInDialog(page);
}

/** Accepts the agreement through the API, for checks that only need a signed-in page (axe, layout). */
export async function acceptAgreementByApi(page: Page): Promise<void> {
  const response = await page.request.post("/api/risk-disclosure/accept", {
    data: { version: RISK_DISCLOSURE_VERSION },
  });
  expect(response.ok()).toBe(true);
}
