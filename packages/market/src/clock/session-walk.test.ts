import { describe, expect, it } from "vitest";
import { sessionWalk } from "./session-walk";

const at = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
// Friday 28 June 2024 on NSE, then Monday 2 June 2025 on MCX: a weekend and eleven months apart.
const SESSIONS = [
  { open: at("2024-06-28", "09:15"), close: at("2024-06-28", "15:30") },
  { open: at("2025-06-02", "09:00"), close: at("2025-06-02", "23:30") },
];

describe("sessionWalk", () => {
  it("runs through a session at its speed, then goes on from the next session's open", () => {
    let real = 0;
    const clock = sessionWalk({
      sessions: SESSIONS,
      start: at("2024-06-28", "15:00"),
      speed: 60,
      source: () => real,
    });
    expect(clock.now()).toBe(at("2024-06-28", "15:00"));
    expect(clock.sessionEnd()).toBe(at("2024-06-28", "15:30"));
    real = 29_000; // 29 walked minutes
    expect(clock.now()).toBe(at("2024-06-28", "15:29"));
    real = 31_000; // 30 minutes to the close, then one into the next session
    expect(clock.now()).toBe(at("2025-06-02", "09:01"));
    expect(clock.sessionEnd()).toBe(at("2025-06-02", "23:30"));
  });

  it("starts at the next open from between sessions, and stays at the last close after the end", () => {
    let real = 1_000;
    const clock = sessionWalk({
      sessions: SESSIONS,
      start: at("2024-06-29", "12:00"),
      speed: 1,
      source: () => real,
      origin: 1_000,
    });
    expect(clock.now()).toBe(at("2025-06-02", "09:00"));
    real += 24 * 3_600_000;
    expect(clock.now()).toBe(at("2025-06-02", "23:30"));
    expect(clock.sessionEnd()).toBe(at("2025-06-02", "23:30"));
    const early = sessionWalk({ sessions: SESSIONS, start: 0, speed: 1, source: () => 0 });
    expect(early.now()).toBe(at("2024-06-28", "09:15"));
  });

  it("refuses no sessions, sessions out of order and a speed that is not positive", () => {
    const source = () => 0;
    expect(() => sessionWalk({ sessions: [], start: 0, speed: 1, source })).toThrow(/no sessions/);
    expect(() =>
      sessionWalk({ sessions: [...SESSIONS].reverse(), start: 0, speed: 1, source }),
    ).toThrow(/time order/);
    expect(() => sessionWalk({ sessions: SESSIONS, start: 0, speed: 0, source })).toThrow(/speed/);
  });
});
