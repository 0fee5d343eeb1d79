import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "../account-messages";
import {
  ChangePasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  RegisterFormSchema,
  ResetPasswordBodySchema,
  sanitizeOtpInput,
  UpdateProfileBodySchema,
  VerifySignupOtpBodySchema,
} from "./auth";

const valid = {
  name: "Asha Rao",
  email: "asha@example.in",
  mobile: "9876543210",
  username: "asha_rao",
  password: "kite-river-42",
  confirmPassword: "kite-river-42",
};

/** The messages of a failed parse, in order; [] when it succeeds. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe("the sign-up form (spec section 5)", () => {
  it("accepts a complete, valid form", () => {
    expect(RegisterFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each(Object.keys(valid))("requires %s: Please fill in all fields", (key) => {
    const result = RegisterFormSchema.safeParse({ ...valid, [key]: "   " });
    expect(messages(result)).toEqual([VALIDATION_MESSAGES.fillAllFields]);
  });

  it("reports empty fields before any other rule", () => {
    const result = RegisterFormSchema.safeParse({ ...valid, email: "nope", password: "" });
    expect(messages(result)).toEqual([VALIDATION_MESSAGES.fillAllFields]);
  });

  it.each([
    ["email", "asha@", VALIDATION_MESSAGES.invalidEmail],
    ["email", "asha rao@example.in", VALIDATION_MESSAGES.invalidEmail],
    ["mobile", "987654321", VALIDATION_MESSAGES.invalidMobile],
    ["mobile", "98765432100", VALIDATION_MESSAGES.invalidMobile],
    ["mobile", "98765-4321", VALIDATION_MESSAGES.invalidMobile],
    ["username", "_asha", VALIDATION_MESSAGES.invalidUsername],
    ["username", "asha__rao", VALIDATION_MESSAGES.invalidUsername],
    ["username", "asha-rao", VALIDATION_MESSAGES.invalidUsername],
    ["username", "asha rao", VALIDATION_MESSAGES.invalidUsername],
    ["username", "a".repeat(31), ACCOUNT_MESSAGES.usernameTooLong],
  ])("refuses %s %j", (key, value, message) => {
    const result = RegisterFormSchema.safeParse({ ...valid, [key]: value });
    expect(messages(result)).toEqual([message]);
  });

  it("refuses a password under 6 characters and a confirmation that differs", () => {
    expect(
      messages(
        RegisterFormSchema.safeParse({ ...valid, password: "abc12", confirmPassword: "abc12" }),
      ),
    ).toEqual([VALIDATION_MESSAGES.passwordTooShort]);
    expect(
      messages(RegisterFormSchema.safeParse({ ...valid, confirmPassword: "other-pass" })),
    ).toEqual([VALIDATION_MESSAGES.passwordsDoNotMatch]);
  });

  it("removes dots and trims the username before checking it", () => {
    const { confirmPassword: _, ...body } = valid;
    const parsed = RegisterBodySchema.parse({
      ...body,
      username: "  asha.rao  ",
      email: " Asha@Example.IN ",
    });
    expect(parsed.username).toBe("asharao");
    expect(parsed.email).toBe("asha@example.in");
    expect(RegisterFormSchema.safeParse({ ...valid, username: "._asha" }).success).toBe(false);
  });

  it("counts a field missing from the request as empty", () => {
    expect(messages(RegisterBodySchema.safeParse({ name: "Asha" }))[0]).toBe(
      VALIDATION_MESSAGES.fillAllFields,
    );
    expect(messages(RegisterBodySchema.safeParse({ ...valid, name: 42 }))[0]).toBe(
      VALIDATION_MESSAGES.fillAllFields,
    );
  });
});

describe("the other account forms", () => {
  it("requires a 6-digit OTP", () => {
    expect(
      messages(VerifySignupOtpBodySchema.safeParse({ username: "asha", otp: "12345" })),
    ).toEqual([VALIDATION_MESSAGES.invalidOtp]);
    expect(VerifySignupOtpBodySchema.safeParse({ username: "asha", otp: "123456" }).success).toBe(
      true,
    );
  });

  it("keeps only digits in the OTP input, at most six", () => {
    expect(sanitizeOtpInput("12a3-45 678")).toBe("123456");
  });

  it("requires both login fields", () => {
    expect(messages(LoginBodySchema.safeParse({ username: "asha" }))).toEqual([
      VALIDATION_MESSAGES.fillAllFields,
    ]);
  });

  it("checks the new password's length and confirmation at reset and change", () => {
    expect(
      messages(
        ResetPasswordBodySchema.safeParse({
          email: "a@b.in",
          newPassword: "short",
          confirmPassword: "short",
        }),
      ),
    ).toEqual([VALIDATION_MESSAGES.passwordTooShort]);
    expect(
      messages(
        ChangePasswordBodySchema.safeParse({
          currentPassword: "old-pass-1",
          newPassword: "new-pass-1",
          confirmPassword: "new-pass-2",
        }),
      ),
    ).toEqual([VALIDATION_MESSAGES.passwordsDoNotMatch]);
  });

  it("edits one profile field at a time, never the username or e-mail", () => {
    expect(UpdateProfileBodySchema.parse({ name: "  Asha R  " })).toEqual({ name: "Asha R" });
    expect(UpdateProfileBodySchema.parse({ mobile: "9123456780" })).toEqual({
      mobile: "9123456780",
    });
    for (const body of [
      { name: "A", mobile: "9123456780" },
      { username: "x" },
      { email: "a@b.in" },
      {},
    ]) {
      expect(messages(UpdateProfileBodySchema.safeParse(body))).toEqual([
        ACCOUNT_MESSAGES.profileOneField,
      ]);
    }
    expect(messages(UpdateProfileBodySchema.safeParse({ mobile: "12345" }))).toEqual([
      VALIDATION_MESSAGES.invalidMobile,
    ]);
  });
});
