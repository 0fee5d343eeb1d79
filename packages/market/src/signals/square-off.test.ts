import { afterEach, describe, expect, it } from "vitest";
import { installCalendarEdits } from "../calendar/calendar-book";
import { parseIndiaTime } from "../time/india-time";
import { isSquareOffRule, squareOffAt } from "./square-off";

describe("squareOffAt", () => {
  it("is 15:15 on NSE and configurable", () => {
    expect(squareOffAt("NSE", "2026-03-09")).toBe(parseIndiaTime("2026-03-09 15:15"));
    expect(squareOffAt("NSE", "2026-03-09", { NSE: "15:20", MCX: "23:00" })).toBe(
      parseIndiaTime("2026-03-09 15:20"),
    );
    expect(squareOffAt("NSE", "2026-03-09", { NSE: "close-10", MCX: "23:00" })).toBe(
      parseIndiaTime("2026-03-09 15:20"),
    );
  });

  it("follows MCX's close: 25 minutes before it, in and out of US daylight saving time", () => {
    // 12 Jan 2026: no US DST, MCX closes 23:55. 9 Mar 2026: US DST began on 8 Mar, MCX closes 23:30.
    expect(squareOffAt("MCX", "2026-01-12")).toBe(parseIndiaTime("2026-01-12 23:30"));
    expect(squareOffAt("MCX", "2026-03-09")).toBe(parseIndiaTime("2026-03-09 23:05"));
    expect(squareOffAt("MCX", "2026-11-02")).toBe(parseIndiaTime("2026-11-02 23:30"));
    expect(squareOffAt("MCX", "2026-03-09", { NSE: "15:15", MCX: "23:15" })).toBe(
      parseIndiaTime("2026-03-09 23:15"),
    );
  });

  it("holds on MCX's evening-only days, falls back to the close of a Muhurat-only session", () => {
    // 3 Mar 2026 (Holi): NSE shut, MCX evening only (US DST begins 8 Mar: the close is 23:55).
    expect(squareOffAt("MCX", "2026-03-03")).toBe(parseIndiaTime("2026-03-03 23:30"));
    // 26 Mar 2026 (Ram Navami): evening only, under US DST (close 23:30).
    expect(squareOffAt("MCX", "2026-03-26")).toBe(parseIndiaTime("2026-03-26 23:05"));
    // 21 Oct 2025: NSE's Muhurat session 13:45-14:45 is the day's only one.
    expect(squareOffAt("NSE", "2025-10-21")).toBe(parseIndiaTime("2025-10-21 14:45"));
  });

  it("squares off the regular session, not a special session the operator added that evening", () => {
    installCalendarEdits({
      days: [
        {
          day: "2026-12-09",
          nse: "open",
          mcx: "regular",
          name: "Special evening session",
          sessions: [{ exchange: "NSE", kind: "special", open: "18:00", close: "19:00" }],
          source: "test circular",
        },
      ],
      years: [],
    });
    expect(squareOffAt("NSE", "2026-12-09")).toBe(parseIndiaTime("2026-12-09 15:15"));
  });

  it("is undefined on a day without sessions", () => {
    expect(squareOffAt("NSE", "2026-03-03")).toBeUndefined();
    expect(squareOffAt("MCX", "2026-03-07")).toBeUndefined();
  });

  it("reads times of day and leads before the close, nothing else", () => {
    for (const rule of ["15:15", "23:05", "close-25", "close-1"])
      expect(isSquareOffRule(rule)).toBe(true);
    for (const rule of ["25", "close-0", "close+5", "close-999", "24:00", "3:15"]) {
      expect(isSquareOffRule(rule)).toBe(false);
    }
  });
});

afterEach(() => installCalendarEdits({ days: [], years: [] }));
