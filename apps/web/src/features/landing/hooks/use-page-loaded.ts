import { useEffect, useState } from "react";

/**
 * True once the window's load event has fired (at once if it already has): what waits for it never competes
 * with the first screen's code, styles and data. Uses the event itself, not a timer.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === "complete");
  useEffect(() => {
    if (loaded) return;
    // The page may have finished loading between the render and this effect.
    if (document.readyState === "complete") {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, [loaded]);
  return loaded;
}
