import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, type MockHandlers, NetworkDown, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { elapse, useSpecTimers } from "@/test/timers";

type User = ReturnType<typeof userEvent.setup>;
const EMAIL = "asha@example.com";
const NEW_PASSWORD = "banyan-harbour-19";

const RECOVERY: MockHandlers = {
  "POST /api/auth/forgot-username": () => ok(undefined, ACCOUNT_MESSAGES.forgotUsernameSent),
  "POST /api/auth/forgot-password": () => ok(undefined, ACCOUNT_MESSAGES.forgotPasswordSent),
  "POST /api/auth/resend-reset-otp": () => ok(undefined, ACCOUNT_MESSAGES.otpResent),
  "POST /api/auth/verify-reset-otp": () => ok(undefined, ACCOUNT_MESSAGES.resetOtpVerified),
  "POST /api/auth/reset-password": () => ok(undefined, ACCOUNT_MESSAGES.passwordReset),
};

function renderLogin(api: MockHandlers = {}) {
  return renderApp("/login", { session: null, api: { ...RECOVERY, ...api } });
}

async function openPanel(user: User) {
  await user.click(await screen.findByRole("button", { name: "Forgot username or password?" }));
  return screen.findByRole("dialog", { name: "Account Recovery" });
}

async function choose(user: User, path: "Forgot Username" | "Forgot Password") {
  const dialog = await openPanel(user);
  await user.click(within(dialog).getByRole("button", { name: path }));
  return dialog;
}

/** Password path, up to step 2 (OTP). */
async function reachOtpStep(user: User) {
  const dialog = await choose(user, "Forgot Password");
  await user.type(within(dialog).getByLabelText("Email"), EMAIL);
  await user.click(within(dialog).getByRole("button", { name: "Send OTP" }));
  await within(dialog).findByLabelText("Enter OTP");
  return dialog;
}

/** Password path, up to step 3 (new password). */
async function reachPasswordStep(user: User) {
  const dialog = await reachOtpStep(user);
  await user.type(within(dialog).getByLabelText("Enter OTP"), "123456");
  await user.click(within(dialog).getByRole("button", { name: "Verify OTP" }));
  await within(dialog).findByText(ACCOUNT_MESSAGES.resetOtpVerified);
  await elapse(1000);
  await within(dialog).findByLabelText("New Password");
  return dialog;
}

describe("recovery panel", () => {
  it("offers the username and the password paths", async () => {
    const user = userEvent.setup();
    renderLogin();
    const dialog = await openPanel(user);
    expect(within(dialog).getByRole("button", { name: "Forgot Username" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Forgot Password" })).toBeTruthy();
  });

  it("says “Choose what you need help with.” only while choosing, and again after reopening", async () => {
    const user = userEvent.setup();
    renderLogin();
    const dialog = await openPanel(user);
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(dialog).getByText("Choose what you need help with.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Forgot Password" }));
    expect(within(dialog).queryByText("Choose what you need help with.")).toBeNull();
    expect(dialog.getAttribute("aria-describedby")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    const reopened = await openPanel(user);
    expect(within(reopened).getByText("Choose what you need help with.")).toBeTruthy();
  });

  it("username path: e-mail with a check mark once valid, then the sent screen, then back to sign in", async () => {
    const user = userEvent.setup();
    const { api } = renderLogin();
    const dialog = await choose(user, "Forgot Username");
    const email = within(dialog).getByLabelText("Email");
    expect(email.getAttribute("autocomplete")).toBe("email");
    await user.type(email, "asha@example");
    expect(within(dialog).queryByRole("img", { name: "Valid address" })).toBeNull();
    await user.type(email, ".com");
    expect(within(dialog).getByRole("img", { name: "Valid address" })).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Send Username" }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.forgotUsernameSent)).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(api.callsTo("POST /api/auth/forgot-username")[0]?.body).toEqual({ email: EMAIL });

    await user.click(within(dialog).getByRole("button", { name: "Back to Sign In" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByLabelText("Username")).toBeTruthy();
  });

  it("checks the e-mail before asking the server", async () => {
    const user = userEvent.setup();
    const { api } = renderLogin();
    const dialog = await choose(user, "Forgot Username");
    await user.click(within(dialog).getByRole("button", { name: "Send Username" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.required);
    await user.type(within(dialog).getByLabelText("Email"), "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Send Username" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      VALIDATION_MESSAGES.invalidEmail,
    );
    expect(api.callsTo("POST /api/auth/forgot-username")).toHaveLength(0);
  });

  it.each([
    [
      "the server's error",
      () => fail(429, "Too many attempts. Please try again in 5 minutes."),
      "Too many attempts. Please try again in 5 minutes.",
    ],
    [
      "Request failed for an answer it cannot read",
      () => ({ status: 200, body: { nonsense: true } }),
      AUTH_MESSAGES.requestFailed,
    ],
    [
      "Something went wrong. Please try again. without an answer",
      () => {
        throw new NetworkDown();
      },
      AUTH_MESSAGES.somethingWentWrongRetry,
    ],
  ])("a failed request shows %s", async (_name, reply, message) => {
    const user = userEvent.setup();
    renderLogin({ "POST /api/auth/forgot-username": reply });
    const dialog = await choose(user, "Forgot Username");
    await user.type(within(dialog).getByLabelText("Email"), EMAIL);
    await user.click(within(dialog).getByRole("button", { name: "Send Username" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
  });

  it("password path: e-mail, OTP (Verify at six digits), step 3 after 1 s, step 4 after 1.5 s", async () => {
    const user = useSpecTimers();
    const { api } = renderLogin();
    const dialog = await choose(user, "Forgot Password");
    expect(within(dialog).getByText("Step 1 of 4")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Email"), EMAIL);
    await user.click(within(dialog).getByRole("button", { name: "Send OTP" }));

    const otp = await within(dialog).findByLabelText("Enter OTP");
    expect(within(dialog).getByText("Step 2 of 4")).toBeTruthy();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.forgotPasswordSent)).toBeTruthy();
    expect(otp.getAttribute("inputmode")).toBe("numeric");
    expect(otp.getAttribute("autocomplete")).toBe("one-time-code");
    const verify = within(dialog).getByRole("button", { name: "Verify OTP" });
    expect(verify.matches(":disabled")).toBe(true);
    await user.type(otp, "12a3-45");
    expect((otp as HTMLInputElement).value).toBe("12345");
    expect(verify.matches(":disabled")).toBe(true);
    await user.type(otp, "6789");
    expect((otp as HTMLInputElement).value).toBe("123456");
    expect(verify.matches(":disabled")).toBe(false);

    await user.click(verify);
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.resetOtpVerified)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/verify-reset-otp")[0]?.body).toEqual({
      email: EMAIL,
      otp: "123456",
    });
    await elapse(800);
    expect(within(dialog).queryByLabelText("New Password")).toBeNull();
    await elapse(300);

    const password = await within(dialog).findByLabelText("New Password");
    expect(within(dialog).getByText("Step 3 of 4")).toBeTruthy();
    expect(within(dialog).getByText("At least 6 characters.")).toBeTruthy();
    const confirm = within(dialog).getByLabelText("Confirm New Password");
    const reset = within(dialog).getByRole("button", { name: "Reset Password" });
    expect(reset.matches(":disabled")).toBe(true);
    await user.type(password, NEW_PASSWORD);
    expect(reset.matches(":disabled")).toBe(true);
    await user.type(confirm, "banyan");
    expect(within(dialog).getByText(VALIDATION_MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(reset.matches(":disabled")).toBe(false);
    await user.type(confirm, "-harbour-19");
    expect(within(dialog).getByText("Passwords match")).toBeTruthy();

    await user.click(reset);
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.passwordReset)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/reset-password")[0]?.body).toEqual({
      email: EMAIL,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    await elapse(1200);
    expect(within(dialog).queryByRole("heading", { name: "Password reset" })).toBeNull();
    await elapse(400);
    expect(await within(dialog).findByRole("heading", { name: "Password reset" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Back to Sign In" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("Back goes from step 2 to step 1 (keeping the e-mail) and from step 3 to step 2", async () => {
    const user = useSpecTimers();
    renderLogin();
    let dialog = await reachOtpStep(user);
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe(EMAIL);
    expect(within(dialog).getByText("Step 1 of 4")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    dialog = await reachPasswordStep(user);
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(within(dialog).getByLabelText("Enter OTP")).toBeTruthy();
    expect(within(dialog).getByText("Step 2 of 4")).toBeTruthy();
  });

  it("resends the OTP from step 2 and shows the server's answer", async () => {
    const user = userEvent.setup();
    const { api } = renderLogin();
    const dialog = await reachOtpStep(user);
    await user.click(within(dialog).getByRole("button", { name: "Resend OTP" }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.otpResent)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/resend-reset-otp")[0]?.body).toEqual({ email: EMAIL });
  });

  it("shows the cooldown when a resend comes too soon", async () => {
    const user = userEvent.setup();
    renderLogin({
      "POST /api/auth/resend-reset-otp": () => fail(429, ACCOUNT_MESSAGES.resendCooldown(42)),
    });
    const dialog = await reachOtpStep(user);
    await user.click(within(dialog).getByRole("button", { name: "Resend OTP" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Please wait 42 seconds before requesting another OTP.",
    );
  });

  it("a wrong OTP shows the server's error and stays on step 2", async () => {
    const user = userEvent.setup();
    renderLogin({ "POST /api/auth/verify-reset-otp": () => fail(400, AUTH_MESSAGES.invalidOtp) });
    const dialog = await reachOtpStep(user);
    await user.type(within(dialog).getByLabelText("Enter OTP"), "000000");
    await user.click(within(dialog).getByRole("button", { name: "Verify OTP" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(AUTH_MESSAGES.invalidOtp);
    expect(within(dialog).getByLabelText("Enter OTP")).toBeTruthy();
  });

  it("an OTP answer it cannot read falls back to Invalid OTP.", async () => {
    const user = userEvent.setup();
    renderLogin({ "POST /api/auth/verify-reset-otp": () => ({ status: 200, body: {} }) });
    const dialog = await reachOtpStep(user);
    await user.type(within(dialog).getByLabelText("Enter OTP"), "000000");
    await user.click(within(dialog).getByRole("button", { name: "Verify OTP" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(AUTH_MESSAGES.invalidOtp);
  });

  it("a refused reset shows the server's error, else Password reset failed.", async () => {
    const user = useSpecTimers();
    let reply = fail(400, ACCOUNT_MESSAGES.commonPassword);
    renderLogin({ "POST /api/auth/reset-password": () => reply });
    const dialog = await reachPasswordStep(user);
    await user.type(within(dialog).getByLabelText("New Password"), "password");
    await user.type(within(dialog).getByLabelText("Confirm New Password"), "password");
    await user.click(within(dialog).getByRole("button", { name: "Reset Password" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      ACCOUNT_MESSAGES.commonPassword,
    );
    reply = { status: 200, body: { nonsense: true } };
    await user.click(within(dialog).getByRole("button", { name: "Reset Password" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe(AUTH_MESSAGES.passwordResetFailed),
    );
  });

  it("closing and opening the panel starts afresh", async () => {
    const user = userEvent.setup();
    renderLogin();
    let dialog = await reachOtpStep(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await openPanel(user);
    expect(within(dialog).getByRole("button", { name: "Forgot Password" })).toBeTruthy();
    expect(within(dialog).queryByLabelText("Enter OTP")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Forgot Password" }));
    expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe("");
  });
});
