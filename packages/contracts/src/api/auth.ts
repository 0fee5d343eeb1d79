/**
 * Accounts: the one set of schemas that the sign-up, login and recovery forms validate with and that the
 * server parses requests with (spec sections 3, 5 and 7). Messages are the spec's where it gives one.
 *
 * zod/mini like every other contract: the browser then ships one small zod core, shared by the first page's
 * schemas and these (zod's classic API pulled the whole core into the first visit; decision 006).
 */
import * as z from "zod/mini";
import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "../account-messages";
import { MOBILE_DIGITS, OTP_LENGTH, PASSWORD_MIN_LENGTH } from "../constants";
import { ProfileSchema, SessionUserSchema } from "./session";

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  usernameMax: 30,
  passwordMax: 128,
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_DIGITS}}$`);
/** Letters, digits and underscores; not starting with an underscore; no two underscores in a row. */
const USERNAME_PATTERN = /^(?!_)(?!.*__)[A-Za-z0-9_]+$/;
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The username as stored and compared: trimmed, dots removed (spec section 5). */
export function normalizeUsername(raw: string): string {
  return raw.trim().replace(/\./g, "");
}

/** E-mail addresses are stored and compared trimmed and in lower case. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Keeps the digits of what was typed, at most six (the OTP inputs' rule). */
export function sanitizeOtpInput(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

export function isValidEmail(raw: string): boolean {
  const email = normalizeEmail(raw);
  return email.length <= LIMITS.emailMax && EMAIL_PATTERN.test(email);
}

type Issue = { path: string; message: string };
/** A form's fields once read: every one a string (absent reads as empty). */
type Fields<K extends string> = Record<K, string>;

/** The first problem with a username, or undefined when it is acceptable. */
function usernameProblem(raw: string): string | undefined {
  const username = normalizeUsername(raw);
  if (!USERNAME_PATTERN.test(username)) return VALIDATION_MESSAGES.invalidUsername;
  if (username.length > LIMITS.usernameMax) return ACCOUNT_MESSAGES.usernameTooLong;
  return undefined;
}

function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  if (password.length > LIMITS.passwordMax) return ACCOUNT_MESSAGES.passwordTooLong;
  return undefined;
}

/**
 * Adds the issues of an object of strings in the spec's order: any empty field first (Please fill in all
 * fields), and only when all are filled, each field's own rule. A field missing from JSON counts as empty.
 */
function checkFields<T extends Record<string, string>>(
  value: T,
  ctx: z.core.$RefinementCtx<T>,
  rules: Array<(value: T) => Issue | undefined>,
) {
  const empty = Object.entries(value).filter(([, field]) => field.trim() === "");
  if (empty.length > 0) {
    for (const [path] of empty)
      ctx.addIssue({ code: "custom", path: [path], message: ACCOUNT_MESSAGES.required });
    return;
  }
  for (const rule of rules) {
    const issue = rule(value);
    if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  }
}

/** A text field that may be absent from a request: absent reads as empty, so the message is the spec's. */
const field = z.pipe(
  z.optional(
    z
      .string({ error: ACCOUNT_MESSAGES.required })
      .check(z.maxLength(1024, ACCOUNT_MESSAGES.required)),
  ),
  z.transform((value: string | undefined) => value ?? ""),
);

const nameRule = (value: { name: string }): Issue | undefined =>
  value.name.trim().length > LIMITS.nameMax
    ? { path: "name", message: ACCOUNT_MESSAGES.nameTooLong }
    : undefined;
const emailRule = (value: { email: string }): Issue | undefined => {
  const email = normalizeEmail(value.email);
  if (!EMAIL_PATTERN.test(email))
    return { path: "email", message: VALIDATION_MESSAGES.invalidEmail };
  if (email.length > LIMITS.emailMax)
    return { path: "email", message: ACCOUNT_MESSAGES.emailTooLong };
  return undefined;
};
const mobileRule = (value: { mobile: string }): Issue | undefined =>
  MOBILE_PATTERN.test(value.mobile.trim())
    ? undefined
    : { path: "mobile", message: VALIDATION_MESSAGES.invalidMobile };
const usernameRule = (value: { username: string }): Issue | undefined => {
  const message = usernameProblem(value.username);
  return message ? { path: "username", message } : undefined;
};
const otpRule = (value: { otp: string }): Issue | undefined =>
  OTP_PATTERN.test(value.otp.trim())
    ? undefined
    : { path: "otp", message: VALIDATION_MESSAGES.invalidOtp };
function passwordRule<K extends string>(key: K) {
  return (value: Record<K, string>): Issue | undefined => {
    const message = passwordProblem(value[key]);
    return message ? { path: key, message } : undefined;
  };
}
function matchRule<K extends string, C extends string>(key: K, confirm: C) {
  return (value: Record<K | C, string>): Issue | undefined =>
    value[key] === value[confirm]
      ? undefined
      : { path: confirm, message: VALIDATION_MESSAGES.passwordsDoNotMatch };
}

// --- Sign-up -------------------------------------------------------------------------------------------

/** The sign-up form: six fields, all required (spec section 5). */
export const RegisterFormSchema = z
  .object({
    name: field,
    email: field,
    mobile: field,
    username: field,
    password: field,
    confirmPassword: field,
  })
  .check(
    z.superRefine((value, ctx) =>
      checkFields(value, ctx, [
        nameRule,
        emailRule,
        mobileRule,
        usernameRule,
        passwordRule("password"),
        matchRule("password", "confirmPassword"),
      ]),
    ),
  );
export type RegisterForm = z.input<typeof RegisterFormSchema>;

/** What the sign-up form sends (confirmPassword stays in the browser), normalised for storage. */
export const RegisterBodySchema = z.pipe(
  z
    .object({ name: field, email: field, mobile: field, username: field, password: field })
    .check(
      z.superRefine((value, ctx) =>
        checkFields(value, ctx, [
          nameRule,
          emailRule,
          mobileRule,
          usernameRule,
          passwordRule("password"),
        ]),
      ),
    ),
  z.transform((value: Fields<"name" | "email" | "mobile" | "username" | "password">) => ({
    name: value.name.trim(),
    email: normalizeEmail(value.email),
    mobile: value.mobile.trim(),
    username: normalizeUsername(value.username),
    password: value.password,
  })),
);
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const RegisteredSchema = z.object({ username: z.string() });

export const VerifySignupOtpBodySchema = z.pipe(
  z
    .object({ username: field, otp: field })
    .check(z.superRefine((value, ctx) => checkFields(value, ctx, [otpRule]))),
  z.transform((value: Fields<"username" | "otp">) => ({
    username: normalizeUsername(value.username),
    otp: value.otp.trim(),
  })),
);

export const ResendSignupOtpBodySchema = z.pipe(
  z.object({ username: field }).check(z.superRefine((value, ctx) => checkFields(value, ctx, []))),
  z.transform((value: Fields<"username">) => ({ username: normalizeUsername(value.username) })),
);

// --- Sessions ------------------------------------------------------------------------------------------

export const LoginBodySchema = z.pipe(
  z
    .object({ username: field, password: field })
    .check(z.superRefine((value, ctx) => checkFields(value, ctx, []))),
  z.transform((value: Fields<"username" | "password">) => ({
    username: normalizeUsername(value.username),
    password: value.password,
  })),
);
export type LoginBody = z.input<typeof LoginBodySchema>;

// --- Recovery ------------------------------------------------------------------------------------------

export const EmailBodySchema = z.pipe(
  z
    .object({ email: field })
    .check(z.superRefine((value, ctx) => checkFields(value, ctx, [emailRule]))),
  z.transform((value: Fields<"email">) => ({ email: normalizeEmail(value.email) })),
);
export type EmailBody = z.input<typeof EmailBodySchema>;

export const VerifyResetOtpBodySchema = z.pipe(
  z
    .object({ email: field, otp: field })
    .check(z.superRefine((value, ctx) => checkFields(value, ctx, [emailRule, otpRule]))),
  z.transform((value: Fields<"email" | "otp">) => ({
    email: normalizeEmail(value.email),
    otp: value.otp.trim(),
  })),
);

export const ResetPasswordBodySchema = z.pipe(
  z
    .object({ email: field, newPassword: field, confirmPassword: field })
    .check(
      z.superRefine((value, ctx) =>
        checkFields(value, ctx, [
          emailRule,
          passwordRule("newPassword"),
          matchRule("newPassword", "confirmPassword"),
        ]),
      ),
    ),
  z.transform((value: Fields<"email" | "newPassword" | "confirmPassword">) => ({
    email: normalizeEmail(value.email),
    newPassword: value.newPassword,
  })),
);

// --- Profile -------------------------------------------------------------------------------------------

type ProfileEdit = { name?: string | undefined; mobile?: string | undefined };

/** One editable field at a time: name or mobile (username and e-mail are read-only). */
export const UpdateProfileBodySchema = z.pipe(
  z.looseObject({ name: z.optional(z.string()), mobile: z.optional(z.string()) }).check(
    z.superRefine((value: ProfileEdit, ctx) => {
      // Exactly one key, and it is name or mobile: anything else (username, email...) is read-only.
      const keys = Object.keys(value);
      if (keys.length !== 1 || (value.name === undefined && value.mobile === undefined)) {
        ctx.addIssue({ code: "custom", path: [], message: ACCOUNT_MESSAGES.profileOneField });
        return;
      }
      const issue =
        value.name !== undefined
          ? value.name.trim() === ""
            ? { path: "name", message: ACCOUNT_MESSAGES.required }
            : nameRule({ name: value.name })
          : mobileRule({ mobile: value.mobile ?? "" });
      if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }),
  ),
  z.transform((value: ProfileEdit) =>
    value.name !== undefined
      ? { name: value.name.trim() }
      : { mobile: (value.mobile ?? "").trim() },
  ),
);
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;

export const ChangePasswordBodySchema = z.pipe(
  z
    .object({ currentPassword: field, newPassword: field, confirmPassword: field })
    .check(
      z.superRefine((value, ctx) =>
        checkFields(value, ctx, [
          passwordRule("newPassword"),
          matchRule("newPassword", "confirmPassword"),
        ]),
      ),
    ),
  z.transform((value: Fields<"currentPassword" | "newPassword" | "confirmPassword">) => ({
    currentPassword: value.currentPassword,
    newPassword: value.newPassword,
  })),
);
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

/** Profile images: content types accepted (checked by the file's first bytes) and the size cap. */
export const PROFILE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

// --- Endpoints -----------------------------------------------------------------------------------------

const noData = z.undefined();

export const registerEndpoint = {
  method: "POST",
  path: "/api/auth/register",
  body: RegisterBodySchema,
  response: RegisteredSchema,
} as const;
export const verifySignupOtpEndpoint = {
  method: "POST",
  path: "/api/auth/verify-otp",
  body: VerifySignupOtpBodySchema,
  response: noData,
} as const;
export const resendSignupOtpEndpoint = {
  method: "POST",
  path: "/api/auth/resend-otp",
  body: ResendSignupOtpBodySchema,
  response: noData,
} as const;
export const loginEndpoint = {
  method: "POST",
  path: "/api/auth/login",
  body: LoginBodySchema,
  response: SessionUserSchema,
} as const;
export const forgotUsernameEndpoint = {
  method: "POST",
  path: "/api/auth/forgot-username",
  body: EmailBodySchema,
  response: noData,
} as const;
export const forgotPasswordEndpoint = {
  method: "POST",
  path: "/api/auth/forgot-password",
  body: EmailBodySchema,
  response: noData,
} as const;
export const verifyResetOtpEndpoint = {
  method: "POST",
  path: "/api/auth/verify-reset-otp",
  body: VerifyResetOtpBodySchema,
  response: noData,
} as const;
export const resetPasswordEndpoint = {
  method: "POST",
  path: "/api/auth/reset-password",
  body: ResetPasswordBodySchema,
  response: noData,
} as const;
export const resendResetOtpEndpoint = {
  method: "POST",
  path: "/api/auth/resend-reset-otp",
  body: EmailBodySchema,
  response: noData,
} as const;
export const getProfileEndpoint = {
  method: "GET",
  path: "/api/profile",
  response: ProfileSchema,
} as const;
export const updateProfileEndpoint = {
  method: "PUT",
  path: "/api/profile",
  body: UpdateProfileBodySchema,
  response: SessionUserSchema,
} as const;
export const changePasswordEndpoint = {
  method: "PUT",
  path: "/api/profile/password",
  body: ChangePasswordBodySchema,
  response: noData,
} as const;
/**
 * The profile image: PUT sends the file's bytes as the body (Content-Type image/png, image/jpeg or
 * image/webp; the server trusts only the bytes), GET serves it to its owner, DELETE removes it.
 */
export const profileImageEndpoint = {
  method: "PUT",
  path: "/api/profile/image",
  response: SessionUserSchema,
} as const;
export const deleteProfileImageEndpoint = {
  method: "DELETE",
  path: "/api/profile/image",
  response: SessionUserSchema,
} as const;
