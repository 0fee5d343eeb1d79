import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, type MockHandlers, NetworkDown, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { elapse, expectStillOn, useSpecTimers } from "@/test/timers";

type User = ReturnType<typeof userEvent.setup>;

const DETAILS = {
  "Full Name": "Meera Iyer",
  Email: "meera@example.in",
  "Mobile Number": "9123456780",
  Username: "meera_iyer",
  Password: "saffron-kite-31",
  "Confirm Password": "saffron-kite-31",
};
type Label = keyof typeof DETAILS;

const SIGNUP: MockHandlers = {
  "POST /api/auth/register": () => ok({ username: "meera_iyer" }, ACCOUNT_MESSAGES.registered),
  "POST /api/auth/verify-otp": () => ok(undefined, ACCOUNT_MESSAGES.accountVerified),
  "POST /api/auth/resend-otp": () => ok(undefined, ACCOUNT_MESSAGES.otpResent),
};

function renderSignup(api: MockHandlers = {}, path = "/signup") {
  return renderApp(path, { session: null, api: { ...SIGNUP, ...api } });
}

async function fill(user: User, values: Partial<Record<Label, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function sendOtp(user: User) {
  await user.click(await screen.findByRole("button", { name: "Send OTP" }));
}

function progress() {
  return screen.getByRole("progressbar", { name: "Sign-up progress" });
}

describe("signup", () => {
  it("starts at Details with the bar a third full", async () => {
    renderSignup();
    expect(await screen.findByRole("heading", { level: 1, name: "Register" })).toBeTruthy();
    expect(progress().getAttribute("aria-valuenow")).toBe("1");
    expect(progress().getAttribute("aria-valuemax")).toBe("3");
    expect((progress().firstElementChild as HTMLElement).style.width).toMatch(/^33\.33/);
    expect(screen.getByText("Details").closest("li")?.getAttribute("aria-current")).toBe("step");
    for (const label of Object.keys(DETAILS)) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByLabelText("Mobile Number").getAttribute("autocomplete")).toMatch(/^tel/);
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("new-password");
  });

  it.each<[string, string, Partial<Record<Label, string>>]>([
    ["all fields empty", VALIDATION_MESSAGES.fillAllFields, {}],
    ["one field empty", VALIDATION_MESSAGES.fillAllFields, { ...DETAILS, "Confirm Password": "" }],
    ["a bad e-mail", VALIDATION_MESSAGES.invalidEmail, { ...DETAILS, Email: "meera@example" }],
    [
      "a short mobile",
      VALIDATION_MESSAGES.invalidMobile,
      { ...DETAILS, "Mobile Number": "912345678" },
    ],
    [
      "a mobile with letters",
      VALIDATION_MESSAGES.invalidMobile,
      { ...DETAILS, "Mobile Number": "91234567ab" },
    ],
    [
      "a username with a space",
      VALIDATION_MESSAGES.invalidUsername,
      { ...DETAILS, Username: "meera iyer" },
    ],
    [
      "a username starting with _",
      VALIDATION_MESSAGES.invalidUsername,
      { ...DETAILS, Username: "_meera" },
    ],
    [
      "a username with __",
      VALIDATION_MESSAGES.invalidUsername,
      { ...DETAILS, Username: "meera__iyer" },
    ],
    [
      "a short password",
      VALIDATION_MESSAGES.passwordTooShort,
      { ...DETAILS, Password: "12345", "Confirm Password": "12345" },
    ],
    [
      "passwords that differ",
      VALIDATION_MESSAGES.passwordsDoNotMatch,
      { ...DETAILS, "Confirm Password": "saffron-kite-32" },
    ],
  ])("with %s says “%s” and sends nothing", async (_case, message, values) => {
    const user = userEvent.setup();
    const { api } = renderSignup();
    await fill(user, values);
    await sendOtp(user);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(api.callsTo("POST /api/auth/register")).toHaveLength(0);
    expect(progress().getAttribute("aria-valuenow")).toBe("1");
  });

  it("accepts a username with dots (they are removed) and shows the first problem only", async () => {
    const user = userEvent.setup();
    const { api } = renderSignup();
    await fill(user, { ...DETAILS, Username: "meera.iyer", Email: "bad", "Mobile Number": "1" });
    await sendOtp(user);
    expect((await screen.findByRole("alert")).textContent).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    await fill(user, { Email: DETAILS.Email, "Mobile Number": DETAILS["Mobile Number"] });
    await sendOtp(user);
    await screen.findByLabelText("Enter OTP");
    expect(api.callsTo("POST /api/auth/register")[0]?.body).toMatchObject({
      username: "meera.iyer",
    });
  });

  it("Send OTP registers without the confirmation and moves to Verify with the server's message", async () => {
    const user = userEvent.setup();
    const { api } = renderSignup();
    await fill(user, DETAILS);
    await sendOtp(user);
    expect(await screen.findByLabelText("Enter OTP")).toBeTruthy();
    expect(api.callsTo("POST /api/auth/register")[0]?.body).toEqual({
      name: "Meera Iyer",
      email: "meera@example.in",
      mobile: "9123456780",
      username: "meera_iyer",
      password: "saffron-kite-31",
    });
    expect(screen.getByText(ACCOUNT_MESSAGES.registered)).toBeTruthy();
    expect(progress().getAttribute("aria-valuenow")).toBe("2");
    expect(screen.getByText("Verify").closest("li")?.getAttribute("aria-current")).toBe("step");
  });

  it.each([
    [
      "a taken username",
      () => fail(409, ACCOUNT_MESSAGES.usernameTaken),
      ACCOUNT_MESSAGES.usernameTaken,
    ],
    ["a taken e-mail", () => fail(409, ACCOUNT_MESSAGES.emailTaken), ACCOUNT_MESSAGES.emailTaken],
    [
      "a rate limit",
      () => fail(429, ACCOUNT_MESSAGES.tryAgainIn(120)),
      "Too many attempts. Please try again in 2 minutes.",
    ],
    [
      "no answer",
      () => {
        throw new NetworkDown();
      },
      AUTH_MESSAGES.networkError,
    ],
    [
      "an unreadable answer",
      () => ({ status: 201, body: { success: true } }),
      AUTH_MESSAGES.somethingWentWrong,
    ],
  ])("Send OTP with %s shows the right message and stays", async (_case, reply, message) => {
    const user = userEvent.setup();
    renderSignup({ "POST /api/auth/register": reply });
    await fill(user, DETAILS);
    await sendOtp(user);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByLabelText("Enter OTP")).toBeNull();
  });

  it("Verify: digits only, six at most; verified goes to Complete, then sign in after 5 s", async () => {
    const user = useSpecTimers();
    const { api, router } = renderSignup();
    await fill(user, DETAILS);
    await sendOtp(user);
    const otp = (await screen.findByLabelText("Enter OTP")) as HTMLInputElement;
    expect(otp.getAttribute("inputmode")).toBe("numeric");
    expect(otp.getAttribute("autocomplete")).toBe("one-time-code");
    await user.type(otp, "4a8 1-9");
    expect(otp.value).toBe("4819");
    await user.type(otp, "2033");
    expect(otp.value).toBe("481920");
    await user.click(screen.getByRole("button", { name: "Verify OTP" }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.accountVerified)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/verify-otp")[0]?.body).toEqual({
      username: "meera_iyer",
      otp: "481920",
    });
    expect(progress().getAttribute("aria-valuenow")).toBe("3");
    expect((progress().firstElementChild as HTMLElement).style.width).toBe("100%");
    expect(screen.getByText("Redirecting you to sign in in 5 seconds…")).toBeTruthy();
    await elapse(4700);
    expectStillOn(router, "/signup");
    await elapse(400);
    await waitFor(() => expect(router.location.pathname).toBe("/login"));
  });

  it("Verify with fewer than six digits asks for a valid OTP and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = renderSignup();
    await fill(user, DETAILS);
    await sendOtp(user);
    await user.type(await screen.findByLabelText("Enter OTP"), "123");
    await user.click(screen.getByRole("button", { name: "Verify OTP" }));
    expect((await screen.findByRole("alert")).textContent).toBe(VALIDATION_MESSAGES.invalidOtp);
    expect(api.callsTo("POST /api/auth/verify-otp")).toHaveLength(0);
  });

  it.each([
    ["the server's error", () => fail(400, AUTH_MESSAGES.invalidOtp), AUTH_MESSAGES.invalidOtp],
    ["expiry", () => fail(400, ACCOUNT_MESSAGES.otpExpired), ACCOUNT_MESSAGES.otpExpired],
    [
      "no answer",
      () => {
        throw new NetworkDown();
      },
      AUTH_MESSAGES.networkError,
    ],
  ])("Verify failing with %s says so", async (_case, reply, message) => {
    const user = userEvent.setup();
    renderSignup({ "POST /api/auth/verify-otp": reply });
    await fill(user, DETAILS);
    await sendOtp(user);
    await user.type(await screen.findByLabelText("Enter OTP"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify OTP" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(progress().getAttribute("aria-valuenow")).toBe("2");
  });

  it("Resend OTP shows the server's answer, including its cooldown", async () => {
    const user = userEvent.setup();
    let reply = ok(undefined, ACCOUNT_MESSAGES.otpResent);
    const { api } = renderSignup({ "POST /api/auth/resend-otp": () => reply });
    await fill(user, DETAILS);
    await sendOtp(user);
    await user.click(await screen.findByRole("button", { name: "Resend OTP" }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.otpResent)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/resend-otp")[0]?.body).toEqual({ username: "meera_iyer" });

    reply = fail(429, ACCOUNT_MESSAGES.resendCooldown(57));
    await user.click(screen.getByRole("button", { name: "Resend OTP" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please wait 57 seconds before requesting another OTP.",
    );
  });

  it("Back returns to Details with what was typed", async () => {
    const user = userEvent.setup();
    renderSignup();
    await fill(user, DETAILS);
    await sendOtp(user);
    await user.click(await screen.findByRole("button", { name: "Back" }));
    expect((screen.getByLabelText("Full Name") as HTMLInputElement).value).toBe("Meera Iyer");
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("meera_iyer");
    expect(progress().getAttribute("aria-valuenow")).toBe("1");
  });

  it("/signup?verify=<username> opens Verify and sends a fresh OTP once", async () => {
    const user = userEvent.setup();
    const { api } = renderSignup({}, "/signup?verify=meera.iyer");
    expect(await screen.findByText(ACCOUNT_MESSAGES.otpResent)).toBeTruthy();
    expect(progress().getAttribute("aria-valuenow")).toBe("2");
    expect(api.callsTo("POST /api/auth/resend-otp").map((call) => call.body)).toEqual([
      { username: "meeraiyer" },
    ]);
    await user.type(screen.getByLabelText("Enter OTP"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify OTP" }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountVerified)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/verify-otp")[0]?.body).toEqual({
      username: "meeraiyer",
      otp: "654321",
    });
  });
});
