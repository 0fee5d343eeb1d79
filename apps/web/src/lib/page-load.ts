/**
 * Waiting for the page to finish loading, so that what comes next never competes with the first page's own
 * code, styles and data. "Loaded" is two things: the window's load event has fired, and the app has shown
 * its first page (markFirstPageShown, from the root layout's first commit). The load event alone no longer
 * says the app is up: the page shell starts the app's code only after its first paint
 * (vite-plugins/page-shells.ts), by when the shell itself, with nothing else to fetch, has loaded.
 */

/** The performance mark set when the first page is shown (bench/pages.bench.ts reads it). */
export const FIRST_PAGE_MARK = "kalpa:first-page";

let firstPageShown = false;
const waitingForFirstPage = new Set<() => void>();

/**
 * The app's first page is on screen (its first commit). Idempotent. What waited for it runs in a task of
 * its own (a message, which no test clock holds back), not in the commit's: a phone spent ~30 ms there
 * starting the lower sections' and the socket's downloads.
 */
export function markFirstPageShown(): void {
  if (firstPageShown) return;
  firstPageShown = true;
  performance.mark?.(FIRST_PAGE_MARK);
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    for (const check of [...waitingForFirstPage]) check();
  };
  channel.port2.postMessage(null);
}

/** The window has loaded and the app has shown its first page. */
export function pageLoaded(): boolean {
  return firstPageShown && document.readyState === "complete";
}

/** Runs `task` once the page has loaded (at once if it has). Returns a function that cancels it. */
export function onPageLoad(task: () => void): () => void {
  let windowLoaded = document.readyState === "complete";
  let settled = false;
  const cleanUp = () => {
    window.removeEventListener("load", onLoad);
    waitingForFirstPage.delete(check);
  };
  function check() {
    if (settled || !windowLoaded || !firstPageShown) return;
    settled = true;
    cleanUp();
    task();
  }
  function onLoad() {
    windowLoaded = true;
    check();
  }
  window.addEventListener("load", onLoad);
  waitingForFirstPage.add(check);
  check();
  return () => {
    settled = true;
    cleanUp();
  };
}

/**
 * Runs `task` once the page has loaded and the browser is next idle. Returns a function that cancels it if
 * it has not run yet.
 */
export function afterPageLoad(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  // Safari has no requestIdleCallback: a timer then waits for the current work to finish.
  const stopWaiting = onPageLoad(() => (window.requestIdleCallback ?? setTimeout)(run));
  return () => {
    cancelled = true;
    stopWaiting();
  };
}
