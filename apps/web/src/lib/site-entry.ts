/**
 * Whether the visitor has entered the site. A visitor's first page of a browser session is covered by the
 * consent gate until they enter; what serves only the page behind it (the landing's lower sections and its
 * live-price socket) waits for them to enter, so that a visitor who leaves at the gate never downloads it
 * and the server never holds a socket for them. Everyone else has entered from the start.
 */

let entered = true;
const listeners = new Set<() => void>();

/** The consent gate is up: what waits for entry waits (the root layout, before its first render ends). */
export function holdUntilEntered(): void {
  entered = false;
}

/** The visitor has entered (the consent gate closed): what waited runs. Idempotent. */
export function markEntered(): void {
  if (entered) return;
  entered = true;
  for (const listener of [...listeners]) listener();
}

export function hasEntered(): boolean {
  return entered;
}

/** Runs `task` once the visitor has entered (at once if they have). Returns a function that cancels it. */
export function onEntered(task: () => void): () => void {
  if (entered) {
    task();
    return () => {};
  }
  const unsubscribe = subscribeToEntry(() => {
    unsubscribe();
    task();
  });
  return unsubscribe;
}

/** For useSyncExternalStore: called whenever `hasEntered()` may have changed. */
export function subscribeToEntry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
