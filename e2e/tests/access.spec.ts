/**
 * Access and contributions as people live them, against the server's access API: a new user
 * chooses services and gets the pre-filled messaging link with the total; the operator records the signed
 * agreement and grants access from the console; the user's locked instrument opens on its own, without
 * signing in again (token-refreshed). The server seeds the demo operator (ADMIN) and the demo trader
 * (TRADER: all three instruments) with SEED_DEMO.
 */
import { ADMIN, TRADER } from "@kalpa/testkit/demo";
import { newSignedInUser, signIn } from "../support/accounts";
import { acceptAgreementIfAsked } from "../support/agreement";
import { seriousViolations } from "../support/axe";
import { scrollsSideways } from "../support/demo";
import { E2E_OPERATOR } from "../support/environment";
import { expect, newConsentedPage, test } from "../support/fixtures";

/** The shared server's operator (support/environment.ts). */
const OPERATOR_WHATSAPP = E2E_OPERATOR.whatsapp;

// Each journey signs a new user up (with the code from the inbox) and walks several pages, some on two
// devices: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("a new user picks two services and sees the total and the messaging link", async ({
  page,
}) => {
  const user = await newSignedInUser(page, "Kavya");

  await page.goto("/pricing");
  await expect(
    page.getByRole("heading", { level: 1, name: "Research Access Plans" }),
  ).toBeVisible();
  const bankNifty = page.getByRole("article", { name: "BankNifty" });
  await expect(bankNifty.getByText("MOST POPULAR")).toBeVisible();
  await bankNifty.getByRole("link", { name: /Get Started/ }).click();
  await expect(page).toHaveURL(/\/trading-services\?service=banknifty$/);
  await expect(page.getByRole("radio", { name: "BankNifty", exact: true })).toBeChecked();
  // The choice moves with the arrow keys, one service at a time.
  await page.getByRole("radio", { name: "BankNifty", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "CrudeOil", exact: true })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "BankNifty", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Proceed" }).click();

  await expect(page).toHaveURL(/\/whatsapp-contact\?service=banknifty$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contribution" })).toBeVisible();
  await page.getByRole("button", { name: "Add Nifty" }).click();
  const selected = page.getByRole("list", { name: "Selected services" });
  await expect(selected.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Selected services" })).toContainText(
    "Total₹9,998 per month",
  );

  const chat = page.getByRole("link", { name: /Continue on WhatsApp/ });
  await expect(chat).toHaveAttribute("target", "_blank");
  const href = new URL((await chat.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${OPERATOR_WHATSAPP}`);
  const text = href.searchParams.get("text") ?? "";
  expect(text).toContain(`I am ${user.name} (username: ${user.username}).`);
  expect(text).toContain(
    "BankNifty and Nifty research access: ₹4,999 each per month, ₹9,998 per month in total.",
  );

  const agreement = page.getByRole("region", { name: "Risk Disclosure Agreement" });
  await expect(agreement.getByText(/^Accepted online on /)).toBeVisible();
  await expect(agreement.getByText("Signed copy not received yet")).toBeVisible();
  await expect(agreement.getByRole("link", { name: "Download the agreement" })).toHaveAttribute(
    "href",
    "/api/documents/risk-disclosure-agreement.docx",
  );
  expect(await seriousViolations(page, "/whatsapp-contact (two services)")).toEqual([]);

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  await page.goto("/trading-services?hideNav=1");
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
});

test("the operator records the signed agreement and grants access; the user's locked instrument opens without signing in again", async ({
  page,
  browser,
}) => {
  // The user, waiting on the locked instrument.
  const user = await newSignedInUser(page, "Surya");
  await page.goto("/live-trade/nifty");
  await expect(page.getByRole("heading", { level: 2, name: "Access Restricted" })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "You don't have access to Nifty trading models.",
  );

  // The operator, on a phone.
  const admin = await newConsentedPage(browser, { viewport: { width: 360, height: 800 } });
  await admin.goto("/login");
  await signIn(admin, ADMIN.username, ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await acceptAgreementIfAsked(admin);
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Operator Console" })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Overview" }).getByRole("term")).toHaveCount(6);
  await admin.getByRole("searchbox", { name: "Search users" }).fill(user.username);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("link", { name: `Open ${user.name} (${user.username})` }).click();
  await expect(admin.getByRole("heading", { level: 2, name: user.name })).toBeVisible();
  expect(await scrollsSideways(admin)).toBe(false);
  expect(await seriousViolations(admin, "/admin (user detail, 360 px)")).toEqual([]);

  // Access cannot be granted before the signed agreement is recorded.
  const grant = admin.getByRole("region", { name: "Grant or extend access" });
  await expect(grant.getByRole("button", { name: "Grant access" })).toBeDisabled();
  const rda = admin.getByRole("region", { name: "Record the signed agreement" });
  await rda.getByLabel("Received by").selectOption("messaging-app");
  await rda.getByRole("button", { name: "Record signed agreement" }).click();
  await expect(rda).toHaveCount(0);
  await expect(
    admin.getByRole("region", { name: "Risk disclosure agreement" }).getByText(/^Received /),
  ).toBeVisible();

  await grant.getByRole("checkbox", { name: "Nifty", exact: true }).check();
  await grant.getByLabel("Days", { exact: true }).fill("30");
  await expect(grant.getByLabel("Amount (₹)")).toHaveValue("4999");
  await grant.getByLabel("Reference (optional)").fill("UPI-E2E-0001");
  await grant.getByRole("button", { name: "Grant access" }).click();
  await expect(grant.getByText("Access granted.")).toBeVisible();
  const access = admin.getByRole("region", { name: "Access", exact: true });
  await expect(access.getByRole("listitem").filter({ hasText: "Nifty" }).first()).toContainText(
    "Active",
  );
  await expect(admin.getByRole("region", { name: "Contributions" })).toContainText(
    "₹4,999 by UPI for Nifty",
  );
  expect(await scrollsSideways(admin)).toBe(false);

  // The user's page opens on its own: no reload, no new sign-in.
  await expect(page.getByRole("region", { name: "KalpaVruksha signal" })).toBeVisible({
    timeout: 10_000,
  });
  await page.goto("/dashboard?section=settings");
  await expect(
    page.getByRole("list", { name: "Your access by instrument" }).getByRole("listitem"),
  ).toContainText(["NiftyActive"]);

  // The audit log has the operator's changes.
  await admin.goto(`/admin?view=audit`);
  await expect(
    admin.getByRole("region", { name: "Audit log" }).getByRole("listitem").first(),
  ).toBeVisible();
  await admin.context().close();
});

test("a subscriber opens each instrument from the dashboard", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, TRADER.username, TRADER.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await acceptAgreementIfAsked(page);
  await page.goto("/dashboard?section=trading-services");
  await page.getByRole("button", { name: "Open BankNifty" }).click();
  await expect(page).toHaveURL(/\/live-trade\/banknifty\/kalpavruksha$/);
  await expect(page.getByRole("region", { name: "KalpaVruksha signal" })).toBeVisible();
  await page.goto("/live-trade/crudeoil");
  await expect(page.getByRole("region", { name: "Yamuna signal" })).toBeVisible();
  const hint = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("userSubscription") ?? "{}"),
  );
  expect(hint.Nifty?.hasAccess).toBe(true);
});

test("the operator console is for the operator only", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, TRADER.username, TRADER.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operator Console" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This area is for the operator only.",
  );
  expect((await page.request.get("/api/admin/stats")).status()).toBe(403);
});
