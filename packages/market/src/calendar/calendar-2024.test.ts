import { describe, expect, it } from "vitest";
import { isBusinessDay, isTradingDay, type Session, sessionsOn } from "./sessions";

const hhmm = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);
const windows = (sessions: Session[]) => sessions.map((s) => `${hhmm(s.open)}-${hhmm(s.close)}`);

describe("the 2024 calendar (history, for backtests)", () => {
  it("closes NSE on the days added during the year: 22 Jan, 20 May and 20 Nov 2024", () => {
    for (const day of ["2024-01-22", "2024-05-20", "2024-11-20"]) {
      expect(isTradingDay("NSE", day)).toBe(false);
    }
  });

  it("holds the Saturday sessions: a full day on 20 Jan, the two DR-drill windows on 2 Mar and 18 May", () => {
    expect(windows(sessionsOn("NSE", "2024-01-20"))).toEqual(["09:15-15:30"]);
    expect(windows(sessionsOn("NSE", "2024-03-02"))).toEqual(["09:15-10:00", "11:30-12:30"]);
    expect(windows(sessionsOn("NSE", "2024-05-18"))).toEqual(["09:15-10:00", "11:45-12:40"]);
    expect(isBusinessDay("NSE", "2024-03-02")).toBe(false);
  });

  it("holds Diwali's Muhurat session, 1 Nov 2024, 18:00-19:00", () => {
    expect(windows(sessionsOn("NSE", "2024-11-01"))).toEqual(["18:00-19:00"]);
  });
});
