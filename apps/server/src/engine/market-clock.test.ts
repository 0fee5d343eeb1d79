import { describe, expect, it } from "vitest";
import { autoClockStart, createMarketClock, createSessionWalkClock } from "./market-clock";

const calendar = { nseClose: "15:30" };
// Thursday 26 November 2026, 19:45 India time: NSE is closed, so "auto" simulates its last session, from
// 11:00 (every model's quiet opening over, and time to act).
const EVENING = Date.parse("2026-11-26T14:15:00Z");
const AUTO_START = Date.parse("2026-11-26T05:30:00Z");

describe("autoClockStart", () => {
  it("starts a Saturday in Friday's session at 11:00, 90 minutes after the last quiet opening ends", () => {
    const saturday = Date.parse("2026-11-28T12:00:00+05:30");
    expect(autoClockStart(saturday, calendar)).toBe(Date.parse("2026-11-27T11:00:00+05:30"));
  });

  it("starts before the day's open in the previous session, and after the close in the same day's", () => {
    const early = Date.parse("2026-11-26T08:00:00+05:30");
    expect(autoClockStart(early, calendar)).toBe(Date.parse("2026-11-25T11:00:00+05:30"));
    expect(autoClockStart(EVENING, calendar)).toBe(AUTO_START);
  });
});

describe("createMarketClock", () => {
  it("starts each process's automatic clock when the process starts, without an epoch", () => {
    const first = createMarketClock({ start: "auto", speed: 1, calendar }, () => EVENING);
    const later = createMarketClock({ start: "auto", speed: 1, calendar }, () => EVENING + 60_000);
    expect(first.now()).toBe(AUTO_START);
    expect(later.now()).toBe(AUTO_START);
  });

  it("shows one time in every process given the same epoch (a cluster, a restarted process)", () => {
    let real = EVENING;
    const source = () => real;
    const first = createMarketClock({ start: "auto", speed: 60, calendar, epoch: EVENING }, source);
    real += 30_000;
    const restarted = createMarketClock(
      { start: "auto", speed: 60, calendar, epoch: EVENING },
      source,
    );
    expect(restarted.now()).toBe(AUTO_START + 30_000 * 60);
    expect(restarted.now()).toBe(first.now());
    expect(restarted.info()).toMatchObject({ simulated: true, speed: 60 });
  });

  it("decides 'auto' at the epoch, not at each process's start", () => {
    // The epoch fell while NSE was closed; a process starting after the next open still simulates.
    const nextMorning = Date.parse("2026-11-27T04:00:00Z");
    const clock = createMarketClock(
      { start: "auto", speed: 1, calendar, epoch: EVENING },
      () => nextMorning,
    );
    expect(clock.info().simulated).toBe(true);
    expect(clock.now()).toBe(AUTO_START + (nextMorning - EVENING));
  });

  it("starts an instant at the epoch", () => {
    const start = Date.parse("2026-11-20T03:45:00Z");
    const clock = createMarketClock(
      { start, speed: 2, calendar, epoch: EVENING },
      () => EVENING + 1_000,
    );
    expect(clock.now()).toBe(start + 2_000);
  });
});

describe("createSessionWalkClock", () => {
  const at = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
  const sessions = [
    { open: at("2024-06-04", "09:15"), close: at("2024-06-04", "15:30") },
    { open: at("2025-06-13", "09:00"), close: at("2025-06-13", "23:30") },
  ];

  it("starts a replay at its first recorded session's open, and says when that session ends", () => {
    let real = EVENING;
    const clock = createSessionWalkClock({ sessions, start: "auto", speed: 60 }, () => real);
    expect(clock.info()).toEqual({
      now: at("2024-06-04", "09:15"),
      speed: 60,
      simulated: true,
      sessionEnd: at("2024-06-04", "15:30"),
    });
    // 6 h 15 min of session at 60× is 375 real seconds; ten more are ten minutes of the next session.
    real += 385_000;
    expect(clock.now()).toBe(at("2025-06-13", "09:10"));
    expect(clock.info().sessionEnd).toBe(at("2025-06-13", "23:30"));
  });

  it("shares one walk between processes given the same epoch", () => {
    const start = at("2024-06-04", "15:00");
    const early = createSessionWalkClock(
      { sessions, start, speed: 60, epoch: EVENING },
      () => EVENING,
    );
    const late = createSessionWalkClock(
      { sessions, start, speed: 60, epoch: EVENING },
      () => EVENING + 31 * 1000,
    );
    expect(early.now()).toBe(start);
    expect(late.now()).toBe(at("2025-06-13", "09:01"));
  });
});
