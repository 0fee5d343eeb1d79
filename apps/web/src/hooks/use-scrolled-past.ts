import { useEffect, useState } from "react";

/** True while the window is scrolled more than `threshold` pixels from the top. */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    window.addEventListener("scroll", update, { passive: true });
    // A scroll between the first render and now has fired no listener: read the position again, on the
    // next frame. Read here, in the commit of a page's first render, scrollY would force a layout of the
    // whole new page inside that task instead of in the frame that lays it out anyway.
    const frame = requestAnimationFrame(update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
  }, [threshold]);
  return scrolled;
}
