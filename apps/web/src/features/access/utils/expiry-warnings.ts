/**
 * The expiry warnings of spec section 8: a toast per instrument with EXPIRY_WARNING_DAYS (5) days or fewer
 * left, down to 0 (the last day), "Your {instrument} access expires in N day(s)!"; once the last day has
 * passed (negative days left) "Your {instrument} access has expired!". Each instrument's toast shows once
 * per browser session (remembered in session storage).
 */
import type { Subscriptions } from "@kalpa/contracts/api/access";
import { EXPIRY_WARNING_DAYS } from "@kalpa/contracts/constants";
import { EXPIRY_MESSAGES } from "@kalpa/contracts/messages";
import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { SESSION_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";

export interface ExpiryWarning {
  key: AccessKey;
  message: string;
}

/**
 * The warnings due for a status. Only access the operator has switched on counts (a deactivated or never
 * granted instrument has nothing to expire); access with no expiry never warns.
 */
export function expiryWarnings(subscriptions: Subscriptions): ExpiryWarning[] {
  return ACCESS_KEYS.flatMap((key): ExpiryWarning[] => {
    const { isActive, daysLeft } = subscriptions[key];
    if (!isActive || daysLeft === null) return [];
    if (daysLeft < 0) return [{ key, message: EXPIRY_MESSAGES.expired(key) }];
    if (daysLeft <= EXPIRY_WARNING_DAYS) {
      return [{ key, message: EXPIRY_MESSAGES.expiresIn(key, daysLeft) }];
    }
    return [];
  });
}

/** When session storage is unavailable, this page load remembers instead. */
const shownInMemory = new Set<AccessKey>();

function readShown(): Set<AccessKey> {
  try {
    const raw = window.sessionStorage.getItem(SESSION_STORAGE_KEYS.expiryToastsShown);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(
      Array.isArray(parsed)
        ? parsed.filter((key): key is AccessKey => ACCESS_KEYS.includes(key))
        : [],
    );
  } catch {
    return new Set(shownInMemory);
  }
}

function writeShown(shown: ReadonlySet<AccessKey>): void {
  try {
    window.sessionStorage.setItem(
      SESSION_STORAGE_KEYS.expiryToastsShown,
      JSON.stringify([...shown]),
    );
  } catch {
    for (const key of shown) shownInMemory.add(key);
  }
}

/**
 * The warnings not yet shown in this browser session, which are from now on counted as shown (so two
 * screens, or React's double effects in development, never show one twice).
 */
export function claimUnshown(warnings: readonly ExpiryWarning[]): ExpiryWarning[] {
  const shown = readShown();
  const fresh = warnings.filter((warning) => !shown.has(warning.key));
  if (fresh.length === 0) return [];
  for (const warning of fresh) shown.add(warning.key);
  writeShown(shown);
  return fresh;
}
