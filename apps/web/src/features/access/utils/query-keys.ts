/**
 * The cache keys of everything that depends on the user's access, under one prefix, so a change of access
 * (token-refreshed) refetches all of it at once. Kept apart from the fetchers: the app's providers import
 * it on every page.
 */
export const accessQueryKey = ["access"] as const;
export const subscriptionStatusQueryKey = [...accessQueryKey, "status"] as const;
