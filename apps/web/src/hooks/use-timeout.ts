import { useEffect, useRef } from "react";

/**
 * Calls `callback` once, `delay` milliseconds after `delay` becomes a number; null means "not now". The
 * timer is cleared when the delay changes or the component unmounts, so a screen that is left never acts.
 */
export function useTimeout(callback: () => void, delay: number | null): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => latest.current(), delay);
    return () => clearTimeout(timer);
  }, [delay]);
}
