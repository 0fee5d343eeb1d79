/**
 * Accounts, as a new user lives them: sign up with the OTP from their inbox, sign in, edit the profile,
 * change the password, sign out, recover the username, reset the password; and single-session mode pushing
 * an older device out.
 */
import { type Credentials, DEMO } from "@kalpa/testkit/demo";
import type { Browser } from "@playwright/test";
import { newUser, register, signIn } from "../support/accounts";
import { acceptAgreementInDialog, agreementDialog } from "../support/agreement";
import { seriousViolations } from "../support/axe";
import { expect, newConsentedPage, test } from "../support/fixtures";
import { otpIn, waitForMail } from "../support/mailbox";

// Each journey signs a new user up with the code from the inbox and walks many pages (now with the risk
// disclosure agreement): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const NEW_PASSWORD = "monsoon-ledger-77";
const RESET_PASSWORD = "banyan-harbour-19";

test("a new user signs up, signs in, edits the profile, changes the password and signs out", async ({
  page,
}) => {
  const user = newUser();
  await register(page, user);

  // A protected page asks for a sign-in and returns to it afterwards.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Login" }).click();
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5_000 });

  // A new user is asked to accept the risk disclosure agreement; the dashboard waits for it.
  await expect(agreementDialog(page)).toBeVisible({ timeout: 10_000 });
  expect(await seriousViolations(page, "risk disclosure agreement")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(agreementDialog(page)).toBeHidden();
  // Each load of a guarded page asks again (the dialog loads a moment after the page): behind it, the
  // dashboard says why it waits, and its button opens the agreement once more.
  await page.goto("/dashboard");
  await expect(agreementDialog(page)).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press("Escape");
  await expect(agreementDialog(page)).toBeHidden();
  await expect(
    page.getByRole("heading", { level: 1, name: "Accept the risk disclosure agreement" }),
  ).toBeVisible();
  await expect(page.getByText(`Welcome, ${user.name}`)).toHaveCount(0);
  await page.getByRole("button", { name: "Read the agreement" }).click();
  await acceptAgreementInDialog(page);

  // The dashboard greets the user by name.
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();

  // Change the name.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
  expect(await seriousViolations(page, "/profile")).toEqual([]);
  await page.getByRole("button", { name: "Update name" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Meera S. Iyer");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Meera S. Iyer")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Meera S. Iyer")).toBeVisible();

  // Change the password.
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Current Password").fill(user.password);
  await dialog.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully.")).toBeVisible();

  // Sign out from the side menu.
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Ready to Leave?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("isAuthenticated"))).toBeNull();
  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(401);

  // The new password works; the old one does not.
  await page.goto("/login");
  await signIn(page, user.username, user.password);
  await expect(page.getByText("Invalid username or password.")).toBeVisible();
  await signIn(page, user.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
});

test("a user recovers the username and resets the password from their inbox", async ({ page }) => {
  const user = newUser();
  await register(page, user);

  await page.getByRole("button", { name: "Forgot username or password?" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page, "recovery dialog")).toEqual([]);
  await page.getByRole("button", { name: "Forgot Username" }).click();
  let since = new Date();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Username" }).click();
  await expect(page.getByText(/check your inbox/i)).toBeVisible();
  const reminder = await waitForMail(user.email, { since });
  expect(reminder.text).toContain(user.username);
  await page.getByRole("button", { name: "Back to Sign In" }).click();

  await page.getByRole("button", { name: "Forgot username or password?" }).click();
  await page.getByRole("button", { name: "Forgot Password" }).click();
  since = new Date();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send OTP" }).click();
  const otpMail = await waitForMail(user.email, { since });
  await page.getByLabel("Enter OTP").fill(otpIn(otpMail));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await page.getByLabel("New Password", { exact: true }).fill(RESET_PASSWORD);
  await page.getByLabel("Confirm New Password").fill(RESET_PASSWORD);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByRole("button", { name: "Back to Sign In" }).click();

  await signIn(page, user.username, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
});

async function signedInPage(browser: Browser, account: Credentials) {
  const page = await newConsentedPage(browser);
  await page.goto("/login");
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  return page;
}

test("signing in on a second device forces the first one out to /login", async ({ browser }) => {
  const first = await signedInPage(browser, DEMO);
  await first.goto("/profile");
  await expect(first.getByText("demo", { exact: true }).first()).toBeVisible();

  const second = await signedInPage(browser, DEMO);
  await expect(first.getByText("You have been logged in from another device.")).toBeVisible();
  await expect(first).toHaveURL(/\/login$/, { timeout: 5_000 });
  expect((await first.request.get("/api/auth/me")).status()).toBe(401);
  expect((await second.request.get("/api/auth/me")).status()).toBe(200);
  await first.context().close();
  await second.context().close();
});
