import { meEndpoint, type User } from "@kalpa/contracts/api/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, isApiError } from "@/lib/api-client";

/** Loaded at a sign-in only, not with every first page (decision 006). */
const loadAccountLanguage = () => import("./account-language");

import {
  announceAuthStateChanged,
  clearSessionHints,
  writeSessionHints,
} from "../utils/auth-hints";

/**
 * Who is signed in: the user, or null when the server says nobody is (401). Any other failure is thrown
 * (the access guard offers a retry). Every answer brings the local hints in line with it; a failed check
 * means signed out (spec section 4).
 */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await apiRequest(meEndpoint, { signal });
    // A check nobody waits for any more (the page moved on) changes nothing.
    signal?.throwIfAborted();
    if (writeSessionHints(user)) {
      // Signed in since the last check (here or in another tab): the account's language applies.
      void loadAccountLanguage().then((module) => module.adoptAccountLanguage(user));
      announceAuthStateChanged();
    }
    return user;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (clearSessionHints()) announceAuthStateChanged();
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryKey = ["auth", "me"] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
  });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
