/**
 * The cached userData hint in local storage (spec section 3; written by the auth feature at every session
 * check). The dashboard falls back to it when its own load fails (spec section 8). Never a credential.
 */
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import * as z from "zod/mini";

const CachedUserSchema = z.object({
  name: z.string().check(z.minLength(1)),
  username: z.string().check(z.minLength(1)),
});
export type CachedUser = z.infer<typeof CachedUserSchema>;

export function readCachedUser(): CachedUser | null {
  try {
    const raw = window.localStorage.getItem(LOCAL_STORAGE_KEYS.userData);
    if (!raw) return null;
    const parsed = CachedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
