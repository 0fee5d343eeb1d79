/**
 * The local-storage UI hints about the session (spec section 3: isAuthenticated, username,
 * userSubscription, userData). They only decide what the page shows before the server has answered;
 * the session itself is an HttpOnly cookie, and nothing here is ever a credential (docs/decisions/002).
 */
import type { User } from "@kalpa/contracts/api/session";
import { AUTH_STATE_CHANGED_EVENT, LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";

/** The four keys that describe the session, cleared together at logout. */
export const SESSION_HINT_KEYS = [
  LOCAL_STORAGE_KEYS.isAuthenticated,
  LOCAL_STORAGE_KEYS.username,
  LOCAL_STORAGE_KEYS.userSubscription,
  LOCAL_STORAGE_KEYS.userData,
] as const;

/** What is cached about the user: enough to greet them, nothing that proves who they are. */
export interface UserDataHint {
  name: string;
  username: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): boolean {
  try {
    if (window.localStorage.getItem(key) === value) return false;
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    // Storage can be unavailable (private mode, blocked): the hints then last for this page only.
    return false;
  }
}

function remove(key: string): boolean {
  try {
    if (window.localStorage.getItem(key) === null) return false;
    window.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

export function readAuthHint(): boolean {
  return read(LOCAL_STORAGE_KEYS.isAuthenticated) === "true";
}

export function readUsernameHint(): string | null {
  return read(LOCAL_STORAGE_KEYS.username);
}

/** Records the signed-in user. Returns true when a hint changed. */
export function writeSessionHints(user: Pick<User, "name" | "username">): boolean {
  const userData: UserDataHint = { name: user.name, username: user.username };
  const changed = [
    write(LOCAL_STORAGE_KEYS.isAuthenticated, "true"),
    write(LOCAL_STORAGE_KEYS.username, user.username),
    write(LOCAL_STORAGE_KEYS.userData, JSON.stringify(userData)),
  ];
  return changed.some(Boolean);
}

/** Removes all four session hints. Returns true when one was there. */
export function clearSessionHints(): boolean {
  return SESSION_HINT_KEYS.map(remove).some(Boolean);
}

/** Tells this tab's listeners (the navigation bar, the session provider) that the hints changed. */
export function announceAuthStateChanged(): void {
  window.dispatchEvent(new Event(AUTH_STATE_CHANGED_EVENT));
}

/** Listens for hint changes: from this tab (the event) and from other tabs (`storage`). */
export function subscribeToAuthHints(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(AUTH_STATE_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(AUTH_STATE_CHANGED_EVENT, onChange);
  };
}
