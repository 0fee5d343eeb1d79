/**
 * Who is signed in: the user as the browser sees them, the session check every page makes, and signing out. Written with
 * zod/mini because the first page of a signed-in visitor needs it (decision 006); the account forms and
 * their rules are in ./auth.
 */
import * as z from "zod/mini";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The languages the product speaks: English, Telugu, Hindi (issue 38). English is the spec's wording. */
export const LANGUAGES = ["en", "te", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LanguageCodeSchema = z.enum(LANGUAGES);

/** The signed-in user as the browser sees them. An allow-list: nothing else about the account leaves. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** A same-origin URL of the current image, or null. */
  profileImage: z.nullable(z.string()),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** The account's language: the e-mails, alerts and server messages the user gets are in it. */
  language: LanguageCodeSchema,
});
export type User = z.infer<typeof UserSchema>;

export const SessionUserSchema = z.object({ user: UserSchema });

/** The user's profile: the UserSchema fields a profile screen shows. */
export const ProfileSchema = z.pick(UserSchema, {
  name: true,
  username: true,
  email: true,
  mobile: true,
  profileImage: true,
});
export type Profile = z.infer<typeof ProfileSchema>;

export const meEndpoint = {
  method: "GET",
  path: "/api/auth/me",
  response: SessionUserSchema,
} as const;

/** Signing out: a message-only answer. */
export const logoutEndpoint = {
  method: "POST",
  path: "/api/auth/logout",
  response: z.undefined(),
} as const;
/** The spec's forced-logout call: the same as logoutEndpoint, at the path its client uses. */
export const forcedLogoutEndpoint = { ...logoutEndpoint, path: "/logout" } as const;

/**
 * Saves the signed-in user's language on the account (so e-mails and alerts follow it); answers 204. Here,
 * not in ./account, because the language switcher is on every first page (decision 006).
 */
export const accountLanguageEndpoint = {
  method: "PUT",
  path: "/api/account/language",
  body: z.object({ language: LanguageCodeSchema }),
  response: z.undefined(),
} as const;
