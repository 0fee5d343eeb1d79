import { THRESHOLDS_PX } from "@kalpa/contracts/constants";
import { useCallback, useEffect, useRef, useState } from "react";

/** Events that mean the person is scrolling by hand (the scrollbar included), not following a click. */
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The table of contents' current section: the last section whose top has scrolled to within `offset` px of
 * the top of the viewport (spec: 150 px), the first one before that, and the last one once the page is
 * scrolled to its very end (a short last section can never reach the offset). `scrollTo` brings a section's
 * top to `offset` px below the top of the viewport and keeps that section current until the person scrolls
 * by hand, so a section near the end that cannot reach the offset stays highlighted after its click.
 */
export function useActiveSection(
  ids: readonly string[],
  offset: number = THRESHOLDS_PX.policiesScrollOffset,
) {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const followingClick = useRef<string | null>(null);
  const key = ids.join(" ");

  useEffect(() => {
    const sectionIds = key.split(" ");
    followingClick.current = null;

    function update() {
      if (followingClick.current) {
        setActive(followingClick.current);
        return;
      }
      let current = sectionIds[0];
      for (const id of sectionIds) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= offset + 1) current = id;
      }
      const scrolledToEnd =
        window.scrollY > 0 &&
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (scrolledToEnd) current = sectionIds[sectionIds.length - 1];
      setActive(current);
    }

    function release() {
      followingClick.current = null;
    }

    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    for (const type of USER_SCROLL_EVENTS)
      window.addEventListener(type, release, { passive: true, capture: true });
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
      for (const type of USER_SCROLL_EVENTS)
        window.removeEventListener(type, release, { capture: true });
    };
  }, [key, offset]);

  const scrollTo = useCallback(
    (id: string) => {
      const element = document.getElementById(id);
      if (!element) return;
      followingClick.current = id;
      setActive(id);
      window.scrollTo({
        top: element.getBoundingClientRect().top + window.scrollY - offset,
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
    },
    [offset],
  );

  return { active, scrollTo };
}
