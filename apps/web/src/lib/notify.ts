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

/** How long a toast stays (the host's default otherwise) and its id (a toast with the same id is replaced). */
export interface NotifyOptions {
  durationMs?: number;
  id?: string;
}

function show(kind: "success" | "error" | "warning", message: string, options?: NotifyOptions) {
  loadSonner().then(
    ({ toast }) =>
      toast[kind](message, {
        ...(options?.durationMs === undefined ? {} : { duration: options.durationMs }),
        ...(options?.id === undefined ? {} : { id: options.id }),
      }),
    (error: unknown) => console.warn("[notify] the toast library did not load", error),
  );
}

export const notify = {
  success: (message: string, options?: NotifyOptions) => show("success", message, options),
  error: (message: string, options?: NotifyOptions) => show("error", message, options),
  warning: (message: string, options?: NotifyOptions) => show("warning", message, options),
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
