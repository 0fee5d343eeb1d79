import type { User } from "@kalpa/contracts/api/session";
import { writeSessionHints } from "@/features/auth/utils/auth-hints";
import { TEST_USER } from "./render-app";

/** Makes the browser believe someone is signed in (the hints a previous visit left behind). */
export function rememberSignedIn(user: User = TEST_USER): void {
  writeSessionHints(user);
}

/** Every local- and session-storage entry, for checking that no credential was ever stored. */
export function storedEntries(): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) entries.push([key, storage.getItem(key) ?? ""]);
    }
  }
  return entries;
}
