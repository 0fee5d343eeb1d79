/**
 * Browser storage keys. Local storage holds UI hints only (never a credential: the session lives in an
 * HttpOnly cookie); session storage holds the consent record.
 */
import * as z from "zod/mini";

export const LOCAL_STORAGE_KEYS = {
  isAuthenticated: "isAuthenticated",
  username: "username",
  userSubscription: "userSubscription",
  userData: "userData",
  /** The reader's chosen language (en, te or hi). */
  language: "language",
} as const;

export const SESSION_STORAGE_KEYS = {
  consent: "consent",
  /** The instruments whose expiry toast this browser session has already shown (a JSON list of access keys). */
  expiryToastsShown: "expiryToastsShown",
} as const;

export const CONSENT_VERSION = 1;
export const ConsentRecordSchema = z.object({
  accepted: z.literal(true),
  version: z.literal(CONSENT_VERSION),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/** Fired on window when the auth hints in local storage change within the same tab. */
export const AUTH_STATE_CHANGED_EVENT = "authStateChanged";
