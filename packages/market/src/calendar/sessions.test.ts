import { describe, expect, it } from "vitest";
import { addDays } from "../time/day-math";
import { instantAt, parseTimeOfDay } from "../time/time-of-day";
import { CALENDAR_2026 } from "./calendar-2026";
import {
  isBusinessDay,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  type Session,
  sessionsOn,
} from "./sessions";

/** A session as "KIND HH:MM-HH:MM" on its own day, for readable expectations. */
function describeSessions(sessions: Session[]): string[] {
  const hhmm = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);
  return sessions.map((s) => `${s.kind} ${hhmm(s.open)}-${hhmm(s.close)}`);
}

const MCX_FULL_CLOSURES_2026 = ["2026-01-26", "2026-04-03", "2026-10-02", "2026-12-25"];

describe("NSE sessions", () => {
  it("trade 09:15-15:30 on an ordinary weekday", () => {
    const [only, ...rest] = sessionsOn("NSE", "2026-03-09");
    expect(rest).toEqual([]);
    expect(only).toEqual({
      exchange: "NSE",
      day: "2026-03-09",
      kind: "regular",
      open: instantAt("2026-03-09", parseTimeOfDay("09:15")),
      close: instantAt("2026-03-09", parseTimeOfDay("15:30")),
    });
  });

  it("close at 15:30 through Friday 31 Jul 2026 and at 15:40 from Monday 3 Aug 2026 (NSE circular of 29 May 2026)", () => {
    expect(describeSessions(sessionsOn("NSE", "2026-07-31"))).toEqual(["regular 09:15-15:30"]);
    expect(describeSessions(sessionsOn("NSE", "2026-08-03"))).toEqual(["regular 09:15-15:40"]);
    expect(describeSessions(sessionsOn("NSE", "2026-11-27"))).toEqual(["regular 09:15-15:40"]);
  });

  it("keep a 2024 day at 15:30, as it traded", () => {
    expect(describeSessions(sessionsOn("NSE", "2024-06-04"))).toEqual(["regular 09:15-15:30"]);
  });

  it("take the operator's NSE_CLOSE for days of today's hours only, never for history", () => {
    const override = { nseClose: "15:50" };
    expect(describeSessions(sessionsOn("NSE", "2026-09-01", override))).toEqual([
      "regular 09:15-15:50",
    ]);
    expect(describeSessions(sessionsOn("NSE", "2026-07-31", override))).toEqual([
      "regular 09:15-15:30",
    ]);
  });

  it("have no recorded hours before the table starts, and say so rather than guess", () => {
    expect(() => sessionsOn("NSE", "2017-06-01")).toThrow(
      /No NSE trading hours recorded for 2017-06-01/,
    );
  });

  it("are closed on weekends", () => {
    expect(sessionsOn("NSE", "2026-03-07")).toEqual([]);
    expect(sessionsOn("NSE", "2026-03-08")).toEqual([]);
  });

  it.each(CALENDAR_2026.nseHolidays.map((h) => [h.day, h.name]))(
    "are closed on the 2026 holiday %s (%s), while the weekdays around it trade",
    (day) => {
      expect(sessionsOn("NSE", day)).toEqual([]);
      expect(isTradingDay("NSE", day)).toBe(false);
      expect(isTradingDay("NSE", previousTradingDay("NSE", day))).toBe(true);
      expect(previousTradingDay("NSE", day) < day).toBe(true);
      expect(nextTradingDay("NSE", day) > day).toBe(true);
    },
  );

  it("has sixteen weekday holidays in 2026, leaving 245 of its 261 weekdays as business days", () => {
    expect(CALENDAR_2026.nseHolidays).toHaveLength(16);
    let businessDays = 0;
    for (let day = "2026-01-01"; day <= "2026-12-31"; day = addDays(day, 1)) {
      if (isBusinessDay("NSE", day)) businessDays += 1;
    }
    expect(businessDays).toBe(245);
  });

  it("steps over a long weekend to find the previous and next trading day", () => {
    // Thursday 2 Apr 2026, Good Friday 3 Apr, weekend, Monday 6 Apr.
    expect(nextTradingDay("NSE", "2026-04-02")).toBe("2026-04-06");
    expect(previousTradingDay("NSE", "2026-04-06")).toBe("2026-04-02");
  });
});

describe("MCX sessions", () => {
  it("close at 23:55 before US daylight saving time and 23:30 once it starts (Mar 2026)", () => {
    expect(describeSessions(sessionsOn("MCX", "2026-03-06"))).toEqual(["regular 09:00-23:55"]);
    expect(describeSessions(sessionsOn("MCX", "2026-03-09"))).toEqual(["regular 09:00-23:30"]);
  });

  it("go back to 23:55 when US daylight saving time ends (Nov 2026)", () => {
    expect(describeSessions(sessionsOn("MCX", "2026-10-30"))).toEqual(["regular 09:00-23:30"]);
    expect(describeSessions(sessionsOn("MCX", "2026-11-02"))).toEqual(["regular 09:00-23:55"]);
  });

  it.each(MCX_FULL_CLOSURES_2026)("are fully closed on %s", (day) => {
    expect(sessionsOn("MCX", day)).toEqual([]);
  });

  const eveningOnly = CALENDAR_2026.nseHolidays
    .map((h) => h.day)
    .filter((day) => !MCX_FULL_CLOSURES_2026.includes(day));

  it("trade the evening session only on the twelve other NSE holidays", () => {
    expect(eveningOnly).toHaveLength(12);
  });

  it.each(eveningOnly)("trade only from 17:00 on %s", (day) => {
    const sessions = describeSessions(sessionsOn("MCX", day));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatch(/^evening 17:00-23:(30|55)$/);
    expect(isBusinessDay("MCX", day)).toBe(true);
  });

  it("take the US daylight-saving close on evening-only days too", () => {
    expect(describeSessions(sessionsOn("MCX", "2026-01-15"))).toEqual(["evening 17:00-23:55"]);
    expect(describeSessions(sessionsOn("MCX", "2026-03-26"))).toEqual(["evening 17:00-23:30"]);
  });
});

describe("Muhurat sessions", () => {
  it("are not recorded for Sunday 8 Nov 2026 (the window is unknown): the day has no session", () => {
    expect(sessionsOn("NSE", "2026-11-08")).toEqual([]);
    expect(sessionsOn("MCX", "2026-11-08")).toEqual([]);
    expect(isTradingDay("NSE", "2026-11-08")).toBe(false);
    expect(CALENDAR_2026.muhurat).toEqual([]);
    expect(CALENDAR_2026.notes?.join(" ")).toMatch(/window is not recorded.*calendar set-day/s);
  });

  it("on 21 Oct 2025 add to MCX's evening session and are NSE's only session", () => {
    expect(describeSessions(sessionsOn("NSE", "2025-10-21"))).toEqual(["muhurat 13:45-14:45"]);
    expect(describeSessions(sessionsOn("MCX", "2025-10-21"))).toEqual([
      "muhurat 13:45-14:45",
      "evening 17:00-23:30",
    ]);
    expect(isTradingDay("NSE", "2025-10-21")).toBe(true);
    expect(isBusinessDay("NSE", "2025-10-21")).toBe(false);
  });
});

describe("2025 calendar", () => {
  it("closes MCX fully only on its four closures and runs evenings on the other NSE holidays", () => {
    expect(sessionsOn("MCX", "2025-08-15")).toEqual([]);
    expect(describeSessions(sessionsOn("MCX", "2025-02-26"))).toEqual(["evening 17:00-23:55"]);
    expect(sessionsOn("NSE", "2025-02-26")).toEqual([]);
  });
});

describe("MCX morning-only days", () => {
  it.each(["2025-01-01", "2026-01-01", "2027-01-01"])(
    "trade only the morning session, 09:00-17:00, on New Year's Day %s, still a business day",
    (day) => {
      expect(describeSessions(sessionsOn("MCX", day))).toEqual(["regular 09:00-17:00"]);
      expect(isBusinessDay("MCX", day)).toBe(true);
      // NSE trades as on any weekday, to its close of the day (15:40 from 3 Aug 2026).
      expect(describeSessions(sessionsOn("NSE", day))).toEqual([
        day < "2026-08-03" ? "regular 09:15-15:30" : "regular 09:15-15:40",
      ]);
    },
  );
});

describe("Union Budget sessions on a weekend", () => {
  it("trade NSE 09:15-15:30 and MCX 09:00-17:00 on Sunday 1 Feb 2026, a special session", () => {
    expect(describeSessions(sessionsOn("NSE", "2026-02-01"))).toEqual(["special 09:15-15:30"]);
    expect(describeSessions(sessionsOn("MCX", "2026-02-01"))).toEqual(["special 09:00-17:00"]);
    expect(isTradingDay("NSE", "2026-02-01")).toBe(true);
    // A special session is not a business day: no expiry moves onto it.
    expect(isBusinessDay("NSE", "2026-02-01")).toBe(false);
  });

  it("trade the same hours on Saturday 1 Feb 2025", () => {
    expect(describeSessions(sessionsOn("NSE", "2025-02-01"))).toEqual(["special 09:15-15:30"]);
    expect(describeSessions(sessionsOn("MCX", "2025-02-01"))).toEqual(["special 09:00-17:00"]);
  });

  it("leave the weekends around them closed", () => {
    expect(sessionsOn("NSE", "2026-01-31")).toEqual([]);
    expect(sessionsOn("NSE", "2025-02-02")).toEqual([]);
  });
});
