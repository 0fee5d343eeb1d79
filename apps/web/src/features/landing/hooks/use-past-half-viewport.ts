import { useEffect, useState } from "react";

function isPastHalf(): boolean {
  return window.scrollY > window.innerHeight / 2;
}

/**
 * The landing page's scroll flag (spec: "a flag is set after half a viewport"): true once the window is
 * scrolled further than half its own height, false again above that. Follows scrolling and resizing.
 */
export function usePastHalfViewport(): boolean {
  const [past, setPast] = useState(isPastHalf);
  useEffect(() => {
    const update = () => setPast(isPastHalf());
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    // A scroll since the first render fired no listener: read again on the next frame. Read here, in the
    // commit of the page's first render, scrollY would force a layout of the whole new page in that task.
    const frame = requestAnimationFrame(update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  return past;
}
