import { describe, expect, it } from "vitest";
import { realClock } from "./clock";
import { ManualClock } from "./manual-clock";
import { simulatedClock } from "./simulated-clock";

/** A real-time stand-in that the test moves. */
function fakeSource(start: number) {
  let at = start;
  return { source: () => at, advance: (ms: number) => (at += ms) };
}

describe("realClock", () => {
  it("reads its time source", () => {
    const real = fakeSource(1_000);
    const clock = realClock(real.source);
    real.advance(250);
    expect(clock.now()).toBe(1_250);
  });
});

describe("simulatedClock", () => {
  it("starts at its instant and runs at its speed against the source", () => {
    const real = fakeSource(5_000_000);
    const start = Date.parse("2026-03-09T03:45:00Z");
    const clock = simulatedClock({ start, speed: 60, source: real.source });
    expect(clock.now()).toBe(start);
    real.advance(1_000);
    expect(clock.now()).toBe(start + 60_000);
    real.advance(500);
    expect(clock.now()).toBe(start + 90_000);
  });

  it("shows the same time in clocks made at different moments with the same origin", () => {
    const real = fakeSource(5_000_000);
    const start = Date.parse("2026-03-09T03:45:00Z");
    const first = simulatedClock({ start, speed: 60, source: real.source, origin: 5_000_000 });
    real.advance(7_000);
    // A process restarted 7 s later, told when the cluster's clock read its start.
    const later = simulatedClock({ start, speed: 60, source: real.source, origin: 5_000_000 });
    expect(later.now()).toBe(start + 420_000);
    expect(later.now()).toBe(first.now());
    expect(() =>
      simulatedClock({ start, speed: 1, source: real.source, origin: Number.NaN }),
    ).toThrow(RangeError);
  });

  it("refuses a zero, negative or infinite speed", () => {
    const { source } = fakeSource(0);
    for (const speed of [0, -1, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(() => simulatedClock({ start: 0, speed, source })).toThrow(RangeError);
    }
  });
});

describe("ManualClock", () => {
  it("moves when told, never backwards", () => {
    const clock = new ManualClock(100);
    clock.advance(50);
    expect(clock.now()).toBe(150);
    clock.set(400);
    expect(clock.now()).toBe(400);
    expect(() => clock.set(399)).toThrow(RangeError);
  });
});
