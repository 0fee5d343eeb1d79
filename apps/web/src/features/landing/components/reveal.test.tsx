import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Reveal } from "./reveal";

class FakeObserver {
  static last: FakeObserver | undefined;
  disconnected = false;
  constructor(readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
}

const revealed = () => screen.getByText("Section").getAttribute("data-revealed");

describe("Reveal", () => {
  it("stays hidden until it scrolls into view, then shows for good", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    render(<Reveal>Section</Reveal>);
    expect(revealed()).toBe("false");
    expect(screen.getByText("Section").className).toContain("motion-safe:opacity-0");
    act(() => FakeObserver.last?.callback([{ isIntersecting: false }]));
    expect(revealed()).toBe("false");
    act(() => FakeObserver.last?.callback([{ isIntersecting: true }]));
    expect(revealed()).toBe("true");
    expect(screen.getByText("Section").className).not.toContain("opacity-0");
    expect(FakeObserver.last?.disconnected).toBe(true);
  });

  it("shows at once where the browser cannot observe intersections", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Reveal>Section</Reveal>);
    expect(revealed()).toBe("true");
  });
});
