import { afterEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module (its "first page shown" is once per page), with the document still loading. */
async function freshPageLoad() {
  vi.resetModules();
  const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
  const module = await import("./page-load");
  const fireLoad = () => {
    readyState.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
  };
  return { ...module, fireLoad };
}

afterEach(() => vi.restoreAllMocks());

/**
 * What waited for the first page runs in a task of its own (a message). Ample time for that message, for
 * the checks that something did not run.
 */
const afterMessages = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("waiting for the page to load", () => {
  it("waits for the load event and the app's first page, in either order", async () => {
    const first = await freshPageLoad();
    const task = vi.fn();
    first.onPageLoad(task);
    first.fireLoad();
    expect(task).not.toHaveBeenCalled();
    expect(first.pageLoaded()).toBe(false);
    first.markFirstPageShown();
    expect(task).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    expect(first.pageLoaded()).toBe(true);

    const second = await freshPageLoad();
    const other = vi.fn();
    second.onPageLoad(other);
    second.markFirstPageShown();
    await afterMessages();
    expect(other).not.toHaveBeenCalled();
    second.fireLoad();
    expect(other).toHaveBeenCalledTimes(1);
    // Neither runs again.
    second.fireLoad();
    second.markFirstPageShown();
    await afterMessages();
    expect(task).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("runs at once once loaded, and not at all when cancelled", async () => {
    const page = await freshPageLoad();
    const cancelled = vi.fn();
    page.onPageLoad(cancelled)();
    page.markFirstPageShown();
    page.fireLoad();
    await afterMessages();
    expect(cancelled).not.toHaveBeenCalled();
    const late = vi.fn();
    page.onPageLoad(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("marks the first page for the pages bench, once", async () => {
    const page = await freshPageLoad();
    // The page's own performance object, whichever the test environment gives (jsdom's may lack marks).
    const mark = vi.fn();
    vi.stubGlobal("performance", { now: () => Date.now(), mark });
    page.markFirstPageShown();
    page.markFirstPageShown();
    expect(mark.mock.calls).toEqual([[page.FIRST_PAGE_MARK]]);
  });
});
