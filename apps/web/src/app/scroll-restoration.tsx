import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Where each visited entry of the history was scrolled to, by its location key. */
const positions = new Map<string, number>();
const MAX_POSITIONS = 100;

/**
 * What a browser does for ordinary pages, for this single-page app: a new page starts at the top (or at
 * its #anchor), and Back and Forward return to where the reader was on that page.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // Keep this entry's position as the reader scrolls (scroll events arrive after a navigation's own scroll).
  useEffect(() => {
    const key = location.key;
    const remember = () => {
      positions.delete(key);
      positions.set(key, window.scrollY);
      if (positions.size > MAX_POSITIONS) positions.delete(positions.keys().next().value ?? "");
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigationType === "POP") {
      const saved = positions.get(location.key);
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    const anchor = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
