/** New accounts as a person makes them: the sign-up form, the OTP from the inbox, then the login form. */
import { submitSignIn } from "@kalpa/testkit/browser";
import { expect, type Page } from "@playwright/test";
import { acceptAgreementInDialog } from "./agreement";
import { otpIn, waitForMail } from "./mailbox";

export interface NewUser {
  name: string;
  email: string;
  mobile: string;
  username: string;
  password: string;
}

/** A user no journey has made before. */
export function newUser(first = "Meera", last = "Iyer"): NewUser {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const handle = first.toLowerCase();
  return {
    name: `${first} ${last}`,
    email: `${handle}.${id}@example.in`,
    mobile: "9123456780",
    username: `${handle}_${id}`,
    password: "saffron-kite-31",
  };
}

/** Fills the login form (the page must be on /login) and signs in. */
export async function signIn(page: Page, username: string, password: string) {
  await submitSignIn(page, { username, password });
}

/** Signs up through the three steps, with the OTP read from the captured mail; ends on /login. */
export async function register(page: Page, user: NewUser) {
  const since = new Date();
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Mobile Number").fill(user.mobile);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("button", { name: "Send OTP" }).click();

  const mail = await waitForMail(user.email, { since });
  await page.getByLabel("Enter OTP").fill(otpIn(mail));
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page.getByText(/in 5 seconds/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
}

/** Signs a brand-new user up and in, and accepts the risk disclosure agreement the dashboard asks for. */
export async function newSignedInUser(page: Page, first: string): Promise<NewUser> {
  const user = newUser(first, "Rao");
  await register(page, user);
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await acceptAgreementInDialog(page);
  await expect(
    page.getByRole("heading", { level: 1, name: `Welcome, ${user.name}` }),
  ).toBeVisible();
  return user;
}
