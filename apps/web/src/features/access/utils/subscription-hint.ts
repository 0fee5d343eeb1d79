/**
 * The `userSubscription` UI hint in local storage (spec section 3): the last subscription status this
 * browser saw, so a screen can show locks before the server answers. Never a credential and never trusted:
 * the server decides every access. The auth feature clears it with the other session hints at logout.
 */
import { type Subscriptions, SubscriptionsSchema } from "@kalpa/contracts/api/access";
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";

export function writeSubscriptionHint(subscriptions: Subscriptions): void {
  try {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.userSubscription, JSON.stringify(subscriptions));
  } catch {
    // Storage unavailable (private mode, blocked): the hint then lasts for this page only.
  }
}

export function readSubscriptionHint(): Subscriptions | null {
  try {
    const raw = window.localStorage.getItem(LOCAL_STORAGE_KEYS.userSubscription);
    if (!raw) return null;
    const parsed = SubscriptionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
