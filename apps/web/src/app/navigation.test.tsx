import { render, screen } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestRouter } from "@/test/test-router";
import { RouteErrorBoundary } from "./route-error-boundary";
import { ScrollRestoration } from "./scroll-restoration";

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});
/** The reader scrolls the page to `y`. */
function scrollPage(y: number) {
  scrollY = y;
  window.dispatchEvent(new Event("scroll"));
}

beforeEach(() => {
  scrollY = 0;
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  scrollTo.mockClear();
});

afterEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

function renderPages(initial = "/a") {
  const { router, RouterProbe } = createTestRouter();
  render(
    <MemoryRouter initialEntries={[initial]}>
      <ScrollRestoration />
      <Routes>
        <Route path="/a" element={<h1>Page A</h1>} />
        <Route path="/b" element={<h1>Page B</h1>} />
        <Route path="/c" element={<h1 id="anchor">Page C</h1>} />
      </Routes>
      <RouterProbe />
    </MemoryRouter>,
  );
  return router;
}

describe("scroll restoration", () => {
  it("opens a new page at the top", async () => {
    const router = renderPages();
    scrollPage(900);
    await router.navigate("/b");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scrollY).toBe(0);
  });

  it("Back returns to where the reader was on the previous page", async () => {
    const router = renderPages();
    scrollPage(900);
    await router.navigate("/b");
    scrollPage(300);
    await router.navigate(-1);
    expect(router.location.pathname).toBe("/a");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
    await router.navigate(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it("scrolls to the #anchor a link names", async () => {
    const router = renderPages();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollsBefore = scrollTo.mock.calls.length;
    await router.navigate("/c#anchor");
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.calls.length).toBe(scrollsBefore);
  });
});

describe("a page that fails", () => {
  function Broken(): never {
    throw new Error("chunk failed to load");
  }

  it("shows the error in its place, and the next address gets a fresh chance", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { router, RouterProbe } = createTestRouter();
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <nav>
          <Link to="/fine">Fine</Link>
        </nav>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<h1>Fine page</h1>} />
          </Routes>
        </RouteErrorBoundary>
        <RouterProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload page" })).toBeTruthy();
    // The rest of the site stays usable.
    expect(screen.getByRole("link", { name: "Fine" })).toBeTruthy();
    await router.navigate("/fine");
    expect(screen.getByRole("heading", { name: "Fine page" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).toBeNull();
  });
});
