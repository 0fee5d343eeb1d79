import type { User } from "@kalpa/contracts/api/session";
import { useSyncExternalStore } from "react";
import { useMe } from "../api/get-me";
import { readAuthHint, readUsernameHint, subscribeToAuthHints } from "../utils/auth-hints";

export type AuthState =
  | { status: "anonymous" }
  /** The hints say signed in and the server has not confirmed it yet. */
  | { status: "checking"; username: string | null }
  | { status: "authenticated"; user: User };

/**
 * Whether someone is signed in, for the parts of the page that are not behind the access guard (navigation
 * bar, login page, realtime socket). Read from the local hints, refreshed whenever they change (this tab's
 * authStateChanged event, other tabs' storage events), and confirmed by the server only when they say
 * signed in, so an anonymous visitor's page never asks.
 */
export function useAuthState(): AuthState {
  const hinted = useSyncExternalStore(subscribeToAuthHints, readAuthHint, () => false);
  const username = useSyncExternalStore(subscribeToAuthHints, readUsernameHint, () => null);
  const me = useMe({ enabled: hinted });
  if (!hinted) return { status: "anonymous" };
  if (me.data) return { status: "authenticated", user: me.data };
  if (me.isPending) return { status: "checking", username };
  return { status: "anonymous" };
}
