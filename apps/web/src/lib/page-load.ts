/**
 * Waiting for the page to finish loading (the window's load event), so that what comes next never competes
 * with the first page's own code, styles and data.
 */

/** Runs `task` once the page has loaded (at once if it has). Returns a function that cancels it. */
export function onPageLoad(task: () => void): () => void {
  if (document.readyState === "complete") {
    task();
    return () => {};
  }
  window.addEventListener("load", task, { once: true });
  return () => window.removeEventListener("load", task);
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
