import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { type FocusEvent, useCallback, useEffect, useRef, useState } from "react";

/** How long a slide change animates; input is locked for this long (spec section 4: transition lock). */
export const SLIDE_TRANSITION_MS = 700;

export interface Slideshow {
  index: number;
  /** A slide change is animating: previous, next and the indicators do nothing until it ends. */
  transitioning: boolean;
  /** Auto-advance is running (started, not hovered, no keyboard focus inside, not held after a click). */
  playing: boolean;
  previous: () => void;
  next: () => void;
  goTo: (index: number) => void;
  /** Spread on the slideshow's container: a mouse over it or keyboard focus inside it pauses it. */
  pauseHandlers: {
    onPointerEnter: (event: { pointerType: string }) => void;
    onPointerLeave: (event: { pointerType: string }) => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * The home slideshow's timing (spec sections 4 and 9): auto-advance starts 1000 ms after mounting and then
 * moves on every 5000 ms; a mouse over the slideshow pauses it; after previous, next or an indicator it
 * resumes 4000 ms later, even with the mouse still over it; while a change animates, further input is
 * ignored. Keyboard focus inside it also
 * pauses it (WAI-ARIA carousel pattern), so keyboard users can read a slide; a mouse click does not count
 * as keyboard focus, so the 4000 ms resume after a click holds for pointer users.
 */
export function useSlideshow(count: number): Slideshow {
  const [index, setIndex] = useState(0);
  const [started, setStarted] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [held, setHeld] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const [transitioning, setTransitioning] = useState(false);
  const indexRef = useRef(0);
  const locked = useRef(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(unlockTimer.current);
      clearTimeout(holdTimer.current);
    },
    [],
  );

  /** Shows slide `target` (wrapping round) unless a change is animating; says whether it moved. */
  const show = useCallback(
    (target: number): boolean => {
      if (locked.current) return false;
      const wrapped = ((target % count) + count) % count;
      locked.current = true;
      setTransitioning(true);
      indexRef.current = wrapped;
      setIndex(wrapped);
      unlockTimer.current = setTimeout(() => {
        locked.current = false;
        setTransitioning(false);
      }, SLIDE_TRANSITION_MS);
      return true;
    },
    [count],
  );

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), TIMINGS_MS.slideshowFirstStart);
    return () => clearTimeout(timer);
  }, []);

  const playing = started && !hovered && !held && !keyboardInside;
  // Restarted by every change of slide, so the next advance is always a full interval after the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the interval on purpose
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => show(indexRef.current + 1), TIMINGS_MS.slideshowInterval);
    return () => clearTimeout(timer);
  }, [playing, index, show]);

  const byHand = useCallback(
    (target: number) => {
      if (!show(target)) return;
      setHeld(true);
      clearTimeout(holdTimer.current);
      // The click's hold ends the mouse's pause too: the slideshow resumes 4000 ms later even with the
      // pointer still over it (spec section 9), and pauses again only when the mouse comes back over it.
      holdTimer.current = setTimeout(() => {
        setHeld(false);
        setHovered(false);
      }, TIMINGS_MS.slideshowHoverResume);
    },
    [show],
  );

  return {
    index,
    transitioning,
    playing,
    previous: () => byHand(indexRef.current - 1),
    next: () => byHand(indexRef.current + 1),
    goTo: (target: number) => byHand(target),
    pauseHandlers: {
      // Touch and pen "hovers" only last a tap; pausing on them would stop the slideshow for good.
      onPointerEnter: (event) => {
        if (event.pointerType === "mouse") setHovered(true);
      },
      onPointerLeave: (event) => {
        if (event.pointerType === "mouse") setHovered(false);
      },
      onFocus: (event) => {
        if (event.target.matches(":focus-visible")) setKeyboardInside(true);
      },
      onBlur: (event) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node && event.currentTarget.contains(next))) setKeyboardInside(false);
      },
    },
  };
}
