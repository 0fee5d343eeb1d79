/**
 * Toasts without their library on the first page: sonner loads with the first message (every screen that
 * shows one is itself loaded later), and the toast host mounts sonner's Toaster once it has. sonner replays
 * messages created before its Toaster subscribed, so none is lost while the host mounts.
 */
import { useSyncExternalStore } from "react";

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
let loaded = false;
const listeners = new Set<() => void>();

/** Loads the toast library (once); the toast host takes its Toaster from here. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner").then((module) => {
    loaded = true;
    for (const listener of listeners) listener();
    return module;
  });
  return sonner;
}

function show(kind: "success" | "error", message: string): void {
  loadSonner().then(
    ({ toast }) => toast[kind](message),
    (error: unknown) => console.warn("[notify] the toast library did not load", error),
  );
}

export const notify = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};

/** True once the toast library has loaded, so the host can mount its Toaster. */
export function useToastsLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
  );
}
