import { useSyncExternalStore } from "react";
import { hasEntered, subscribeToEntry } from "@/lib/site-entry";

/** True once the visitor has entered the site (lib/site-entry.ts): at once, unless the consent gate is up. */
export function useEntered(): boolean {
  return useSyncExternalStore(subscribeToEntry, hasEntered, hasEntered);
}
