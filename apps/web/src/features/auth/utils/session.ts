import type { User } from "@kalpa/contracts/api/session";
import type { QueryClient } from "@tanstack/react-query";
import { meQueryKey } from "../api/get-me";
import { announceAuthStateChanged, clearSessionHints, writeSessionHints } from "./auth-hints";

/** A session has begun (login): remember the user, set the hints, tell the page. */
export function startSession(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(meQueryKey, user);
  writeSessionHints(user);
  announceAuthStateChanged();
}

/**
 * The session is over (logout, forced logout): nobody is signed in, the user's own cached data is
 * dropped, the four hints are cleared and the page is told.
 */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.meta?.private === true });
  clearSessionHints();
  announceAuthStateChanged();
}

/** The user's details changed (profile edits): keep the session's copy and the hints current. */
export function updateSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(meQueryKey, user);
  if (writeSessionHints(user)) announceAuthStateChanged();
}
