import type { TransitionTiming } from "@kalpa/contracts/signals";
import { describe, expect, it } from "vitest";
import { formatOffset, formatTickTime, timingView } from "./timing";

const tick = Date.parse("2026-11-20T11:02:03.120+05:30");

describe("formatOffset", () => {
  it("reads milliseconds under a tenth of a second, seconds above", () => {
    expect(formatOffset(4)).toBe("+4 ms");
    expect(formatOffset(99.4)).toBe("+99 ms");
    expect(formatOffset(300)).toBe("+0.3 s");
    expect(formatOffset(1_249)).toBe("+1.2 s");
    expect(formatOffset(142_000)).toBe("+142 s");
    expect(formatOffset(-12)).toBe("−12 ms");
  });
});

describe("timingView", () => {
  it("places each later moment on the tick's scale: the decision's offset plus real time since it", () => {
    const decidedAt = 1_800_000_000_000;
    const timing: TransitionTiming = {
      event: "generated",
      ledger: { seq: 1234, hash: "3fa9c01b2d4e".padEnd(64, "0") },
      tickAt: tick,
      decidedAt,
      decidedAfterMs: 4,
      committedAt: decidedAt + 7,
      sends: [
        { channel: "push", firstAt: decidedAt + 296, lastAt: decidedAt + 896, count: 40 },
        { channel: "telegram", firstAt: decidedAt + 1_196, lastAt: decidedAt + 1_196, count: 1 },
      ],
    };
    expect(formatTickTime(tick)).toBe("11:02:03.120");
    expect(timingView(timing)).toEqual({
      tick: "11:02:03.120",
      decided: "+4 ms",
      committed: "+11 ms",
      sends: [
        { channel: "push", first: "+0.3 s", last: "+0.9 s", count: 40 },
        { channel: "telegram", first: "+1.2 s", last: null, count: 1 },
      ],
    });
  });

  it("shows nothing it does not know (a transition recorded before the stamps were kept)", () => {
    const timing: TransitionTiming = {
      event: "closed",
      ledger: null,
      tickAt: null,
      decidedAt: null,
      decidedAfterMs: null,
      committedAt: null,
      sends: [{ channel: "email", firstAt: 1, lastAt: 2, count: 1 }],
    };
    expect(timingView(timing)).toEqual({ tick: null, decided: null, committed: null, sends: [] });
  });
});
