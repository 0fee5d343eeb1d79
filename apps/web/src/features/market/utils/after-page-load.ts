/**
 * Runs `task` once the page has finished loading (the window's load event) and the browser is next idle, so
 * that what it fetches never competes with the first page's own code, styles and data. Returns a function
 * that cancels it if it has not run yet.
 */
export function afterPageLoad(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  // Safari has no requestIdleCallback: a timer then waits for the current work to finish.
  const whenIdle = () => (window.requestIdleCallback ?? setTimeout)(run);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenIdle);
  };
}
