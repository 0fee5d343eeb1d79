import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SLIDE_TRANSITION_MS } from "../hooks/use-slideshow";
import { Slideshow } from "./slideshow";

const TITLES = [
  "Watch the models think",
  "A journal that hides nothing",
  "Forecasts for six markets",
  "Learn before you trade",
];

/**
 * Moves the clock on millisecond by millisecond, letting React commit (and its effects start their timers)
 * after every step, as it would in a browser between timer callbacks.
 */
function elapse(ms: number) {
  for (let step = 0; step < ms; step += 1) {
    act(() => {
      vi.advanceTimersByTime(1);
    });
  }
}

function attribute(element: HTMLElement, name: string): string | null {
  return element.getAttribute(name);
}

/** The slide showing, 1 to 4, read from the indicators and the slides alike. */
function currentSlide(): number {
  const indicator = screen
    .getAllByRole("button", { name: /^Go to slide/ })
    .findIndex((button) => button.getAttribute("aria-current") === "true");
  const slides = document.querySelectorAll('[aria-roledescription="slide"]');
  const shown = [...slides].findIndex((slide) => slide.getAttribute("data-current") === "true");
  expect(shown).toBe(indicator);
  expect(slides[shown]?.getAttribute("aria-hidden")).toBe("false");
  expect(slides[shown]?.textContent).toContain(TITLES[shown]);
  return indicator + 1;
}

const carousel = () => screen.getByRole("region", { name: "Highlights" });
const next = () => fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
const previous = () => fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));

describe("home slideshow timings", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<Slideshow />);
  });

  it("has four slides, the first showing, and starts auto-advance 1000 ms after mounting", () => {
    expect(document.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(4);
    expect(currentSlide()).toBe(1);
    elapse(TIMINGS_MS.slideshowFirstStart - 1);
    expect(attribute(carousel(), "data-playing")).toBe("false");
    elapse(1);
    expect(attribute(carousel(), "data-playing")).toBe("true");
  });

  it("advances at 1000 + 5000 ms and then every 5000 ms, wrapping after the fourth", () => {
    elapse(5999);
    expect(currentSlide()).toBe(1);
    elapse(1);
    expect(currentSlide()).toBe(2);
    elapse(4999);
    expect(currentSlide()).toBe(2);
    elapse(1);
    expect(currentSlide()).toBe(3);
    elapse(5000);
    expect(currentSlide()).toBe(4);
    elapse(5000);
    expect(currentSlide()).toBe(1);
  });

  it("pauses while a mouse is over it and restarts a full interval after it leaves", () => {
    elapse(3000);
    fireEvent.pointerEnter(carousel(), { pointerType: "mouse" });
    expect(attribute(carousel(), "data-playing")).toBe("false");
    elapse(20_000);
    expect(currentSlide()).toBe(1);
    fireEvent.pointerLeave(carousel(), { pointerType: "mouse" });
    elapse(4999);
    expect(currentSlide()).toBe(1);
    elapse(1);
    expect(currentSlide()).toBe(2);
  });

  it("does not pause for a touch, which has no hover", () => {
    fireEvent.pointerEnter(carousel(), { pointerType: "touch" });
    elapse(6000);
    expect(currentSlide()).toBe(2);
  });

  it("after a click on next, resumes 4000 ms later and advances a full interval after that", () => {
    elapse(2000);
    next();
    expect(currentSlide()).toBe(2);
    expect(attribute(carousel(), "data-playing")).toBe("false");
    elapse(TIMINGS_MS.slideshowHoverResume - 1);
    expect(attribute(carousel(), "data-playing")).toBe("false");
    elapse(1);
    expect(attribute(carousel(), "data-playing")).toBe("true");
    elapse(4999);
    expect(currentSlide()).toBe(2);
    elapse(1);
    expect(currentSlide()).toBe(3);
  });

  it("after a click with the mouse still over it, resumes 4000 ms later all the same", () => {
    elapse(2000);
    fireEvent.pointerEnter(carousel(), { pointerType: "mouse" });
    next();
    expect(currentSlide()).toBe(2);
    elapse(TIMINGS_MS.slideshowHoverResume - 1);
    expect(attribute(carousel(), "data-playing")).toBe("false");
    elapse(1);
    expect(attribute(carousel(), "data-playing")).toBe("true");
    elapse(5000);
    expect(currentSlide()).toBe(3);
    // The mouse leaving and coming back pauses it again.
    fireEvent.pointerLeave(carousel(), { pointerType: "mouse" });
    fireEvent.pointerEnter(carousel(), { pointerType: "mouse" });
    elapse(20_000);
    expect(currentSlide()).toBe(3);
  });

  it("each click restarts the 4000 ms hold", () => {
    elapse(2000);
    next();
    elapse(3000);
    next();
    expect(currentSlide()).toBe(3);
    elapse(3999 + 5000);
    expect(currentSlide()).toBe(3);
    elapse(1);
    expect(currentSlide()).toBe(4);
  });

  it("previous wraps from the first slide to the last, and the indicators jump to their slide", () => {
    previous();
    expect(currentSlide()).toBe(4);
    elapse(SLIDE_TRANSITION_MS);
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 2" }));
    expect(currentSlide()).toBe(2);
  });

  it("ignores input while a change animates and accepts it once the transition ends", () => {
    next();
    expect(attribute(carousel(), "data-transitioning")).toBe("true");
    next();
    previous();
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 4" }));
    expect(currentSlide()).toBe(2);
    elapse(SLIDE_TRANSITION_MS - 1);
    next();
    expect(currentSlide()).toBe(2);
    elapse(1);
    expect(attribute(carousel(), "data-transitioning")).toBe("false");
    next();
    expect(currentSlide()).toBe(3);
  });

  it("locks input during an automatic change too", () => {
    elapse(6000);
    expect(currentSlide()).toBe(2);
    next();
    expect(currentSlide()).toBe(2);
    elapse(SLIDE_TRANSITION_MS);
    next();
    expect(currentSlide()).toBe(3);
  });
});
