import { afterEach, describe, expect, it } from "vitest";
import { createBucketer } from "../bars/buckets";
import { SimulatedMarket } from "../sim/simulated-market";
import { parseIndiaTime } from "../time/india-time";
import {
  type CalendarDayRow,
  calendarDayOn,
  calendarDaysOf,
  calendarStatusOf,
  calendarVersion,
  calendarYears,
  installCalendarEdits,
  unconfirmedDayAhead,
  yearStatusOf,
} from "./calendar-book";
import { nearestExpiry, nextExpiry } from "./expiries";
import { isBusinessDay, isTradingDay, type Session, sessionsOn } from "./sessions";

function describeSessions(sessions: Session[]): string[] {
  const hhmm = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);
  return sessions.map((s) => `${s.kind} ${hhmm(s.open)}-${hhmm(s.close)}`);
}

function row(day: string, fields: Partial<CalendarDayRow> = {}): CalendarDayRow {
  return {
    day,
    nse: "closed",
    mcx: "evening",
    name: "Operator holiday",
    sessions: [],
    source: "NSE circular 12345",
    ...fields,
  };
}

afterEach(() => installCalendarEdits({ days: [], years: [] }));

describe("the operator's rows over the shipped calendar", () => {
  it("add a holiday: NSE closes, MCX trades the evening only, and NIFTY's expiry moves to Monday", () => {
    // Tuesday 1 Dec 2026 is an ordinary expiry day.
    expect(nextExpiry("NIFTY", "2026-11-25", "weekly")).toBe("2026-12-01");
    installCalendarEdits({ days: [row("2026-12-01")], years: [] });
    expect(sessionsOn("NSE", "2026-12-01")).toEqual([]);
    expect(describeSessions(sessionsOn("MCX", "2026-12-01"))).toEqual(["evening 17:00-23:55"]);
    expect(nextExpiry("NIFTY", "2026-11-25", "weekly")).toBe("2026-11-30");
    expect(calendarDayOn("2026-12-01")?.origin).toBe("operator");
  });

  it("replace a shipped day entirely, and removing the row restores it", () => {
    // Holi, Tuesday 3 Mar 2026: shipped as an NSE holiday with MCX's evening session.
    expect(sessionsOn("NSE", "2026-03-03")).toEqual([]);
    expect(nextExpiry("NIFTY", "2026-02-26", "weekly")).toBe("2026-03-02");
    installCalendarEdits({
      days: [row("2026-03-03", { nse: "open", mcx: "regular", name: "Trading day" })],
      years: [],
    });
    expect(describeSessions(sessionsOn("NSE", "2026-03-03"))).toEqual(["regular 09:15-15:30"]);
    expect(describeSessions(sessionsOn("MCX", "2026-03-03"))).toEqual(["regular 09:00-23:55"]);
    expect(nextExpiry("NIFTY", "2026-02-26", "weekly")).toBe("2026-03-03");
    // The same day fully closed on MCX too.
    installCalendarEdits({ days: [row("2026-03-03", { mcx: "closed" })], years: [] });
    expect(sessionsOn("MCX", "2026-03-03")).toEqual([]);
    installCalendarEdits({ days: [], years: [] });
    expect(sessionsOn("NSE", "2026-03-03")).toEqual([]);
    expect(describeSessions(sessionsOn("MCX", "2026-03-03"))).toEqual(["evening 17:00-23:55"]);
    expect(calendarDaysOf(2026).find((d) => d.row.day === "2026-03-03")?.origin).toBe("shipped");
  });

  it("record the 2026 Muhurat window on a Sunday: a trading day, not a business day", () => {
    installCalendarEdits({
      days: [
        row("2026-11-08", {
          mcx: "closed",
          name: "Muhurat trading",
          sessions: [
            { exchange: "NSE", kind: "muhurat", open: "18:00", close: "19:00" },
            { exchange: "MCX", kind: "muhurat", open: "18:00", close: "19:15" },
          ],
        }),
      ],
      years: [],
    });
    expect(describeSessions(sessionsOn("NSE", "2026-11-08"))).toEqual(["muhurat 18:00-19:00"]);
    expect(describeSessions(sessionsOn("MCX", "2026-11-08"))).toEqual(["muhurat 18:00-19:15"]);
    expect(isTradingDay("NSE", "2026-11-08")).toBe(true);
    expect(isBusinessDay("NSE", "2026-11-08")).toBe(false);
  });

  it("open a special Saturday session that is not a business day (expiries never move onto it)", () => {
    installCalendarEdits({
      days: [
        row("2026-11-28", {
          mcx: "closed",
          name: "Special live session",
          sessions: [
            { exchange: "NSE", kind: "special", open: "09:15", close: "15:30" },
            { exchange: "NSE", kind: "special", open: "07:00", close: "08:00" },
          ],
        }),
        row("2026-12-01", { mcx: "closed" }),
        row("2026-11-30", { mcx: "closed" }),
      ],
      years: [],
    });
    expect(describeSessions(sessionsOn("NSE", "2026-11-28"))).toEqual([
      "special 07:00-08:00",
      "special 09:15-15:30",
    ]);
    expect(sessionsOn("MCX", "2026-11-28")).toEqual([]);
    expect(isBusinessDay("NSE", "2026-11-28")).toBe(false);
    // Monday and Tuesday closed: the expiry goes back to Friday 27 Nov, past the special Saturday.
    expect(nextExpiry("NIFTY", "2026-11-26", "weekly")).toBe("2026-11-27");
  });

  it("add special sessions to a weekday's regular ones, in time order", () => {
    installCalendarEdits({
      days: [
        row("2026-12-02", {
          nse: "closed",
          mcx: "regular",
          name: "NSE closed, MCX open",
          sessions: [{ exchange: "NSE", kind: "special", open: "17:00", close: "18:00" }],
        }),
      ],
      years: [],
    });
    expect(describeSessions(sessionsOn("NSE", "2026-12-02"))).toEqual(["special 17:00-18:00"]);
    expect(describeSessions(sessionsOn("MCX", "2026-12-02"))).toEqual(["regular 09:00-23:55"]);
  });

  it("change the version, so caches built from the calendar are dropped", () => {
    const before = calendarVersion();
    const bucketOf = createBucketer();
    const at = parseIndiaTime("2026-12-01 10:02");
    expect(bucketOf("NSE", "5m", at).start).toBe(parseIndiaTime("2026-12-01 10:00"));
    const market = new SimulatedMarket({ seed: 7 });
    // 09:15-15:40: NSE's hours since 3 Aug 2026.
    expect(market.minuteBars("NIFTY", "2026-12-01")).toHaveLength(385);
    const before30 = market.dailyPoint("NIFTY", "2026-11-30");
    installCalendarEdits({ days: [row("2026-12-01")], years: [] });
    expect(calendarVersion()).toBe(before + 1);
    expect(market.minuteBars("NIFTY", "2026-12-01")).toEqual([]);
    expect(market.minuteBars("CRUDEOIL", "2026-12-01")[0]?.time).toBe(
      parseIndiaTime("2026-12-01 17:00"),
    );
    // Days before the change come out the same.
    expect(market.dailyPoint("NIFTY", "2026-11-30")).toEqual(before30);
    // No session that day: the 5-minute bucket is aligned to midnight.
    expect(bucketOf("NSE", "1d", at).end).toBe(parseIndiaTime("2026-12-02 00:00"));
  });

  it("refuse a row whose session cannot be read, keeping what was installed", () => {
    installCalendarEdits({ days: [row("2026-12-01")], years: [] });
    const bad = row("2026-12-08", {
      sessions: [{ exchange: "NSE", kind: "special", open: "19:00", close: "18:00" }],
    });
    expect(() => installCalendarEdits({ days: [bad], years: [] })).toThrow(RangeError);
    expect(sessionsOn("NSE", "2026-12-01")).toEqual([]);
    expect(sessionsOn("NSE", "2026-12-08")).toHaveLength(1);
  });
});

describe("2027, shipped provisional", () => {
  it("closes NSE on its fixed-date holidays and MCX fully on Republic Day and Good Friday", () => {
    expect(calendarStatusOf("2027-01-26")).toBe("provisional");
    for (const day of ["2027-01-26", "2027-03-26", "2027-04-14"]) {
      expect(sessionsOn("NSE", day)).toEqual([]);
    }
    expect(sessionsOn("MCX", "2027-01-26")).toEqual([]);
    expect(sessionsOn("MCX", "2027-03-26")).toEqual([]);
    expect(describeSessions(sessionsOn("MCX", "2027-04-14"))).toEqual(["evening 17:00-23:30"]);
  });

  it("moves NIFTY's weekly and BANKNIFTY's monthly expiry of Republic Day to Monday 25 Jan 2027", () => {
    expect(nextExpiry("NIFTY", "2027-01-20", "weekly")).toBe("2027-01-25");
    expect(nextExpiry("NIFTY", "2027-01-20", "monthly")).toBe("2027-01-25");
    expect(nearestExpiry("BANKNIFTY", "2027-01-02")).toBe("2027-01-25");
    expect(nextExpiry("NIFTY", "2027-01-26", "weekly")).toBe("2027-02-02");
  });
});

describe("year status", () => {
  it("is confirmed for 2025 and 2026, provisional for 2027, unknown beyond", () => {
    expect(calendarStatusOf("2025-06-02")).toBe("confirmed");
    expect(calendarStatusOf("2026-12-31")).toBe("confirmed");
    expect(calendarStatusOf("2027-01-01")).toBe("provisional");
    expect(calendarStatusOf("2028-01-03")).toBe("unknown");
    expect(yearStatusOf(2027)).toMatchObject({ status: "provisional", origin: "shipped" });
    expect(yearStatusOf(2028)).toEqual({ status: "unknown", origin: null, sources: [] });
  });

  it("takes the operator's status over the shipped one, for any year", () => {
    installCalendarEdits({
      days: [row("2028-01-26", { mcx: "closed", name: "Republic Day" })],
      years: [
        { year: 2027, status: "confirmed", source: "NSE/CMTR/71234" },
        { year: 2026, status: "provisional", source: "testing" },
      ],
    });
    expect(calendarStatusOf("2027-01-01")).toBe("confirmed");
    expect(yearStatusOf(2027)).toEqual({
      status: "confirmed",
      origin: "operator",
      sources: ["NSE/CMTR/71234"],
    });
    expect(calendarStatusOf("2026-05-05")).toBe("provisional");
    expect(calendarStatusOf("2028-01-26")).toBe("unknown");
    expect(calendarYears()).toEqual([
      2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028,
    ]);
  });
});

describe("the reminder window", () => {
  it("opens 30 days before the first day whose calendar is not confirmed", () => {
    // 25 Nov 2026: 1 Jan 2027 (provisional) is 37 days away.
    expect(unconfirmedDayAhead("2026-11-25", 30)).toBeUndefined();
    expect(unconfirmedDayAhead("2026-12-01", 30)).toBeUndefined();
    expect(unconfirmedDayAhead("2026-12-02", 30)).toEqual({
      day: "2027-01-01",
      status: "provisional",
      daysAway: 30,
    });
    expect(unconfirmedDayAhead("2027-02-10", 30)).toEqual({
      day: "2027-02-10",
      status: "provisional",
      daysAway: 0,
    });
  });

  it("closes when the year is confirmed, and opens again before an unknown year", () => {
    installCalendarEdits({
      days: [],
      years: [{ year: 2027, status: "confirmed", source: "NSE circular" }],
    });
    expect(unconfirmedDayAhead("2026-12-20", 30)).toBeUndefined();
    expect(unconfirmedDayAhead("2027-12-02", 30)).toEqual({
      day: "2028-01-01",
      status: "unknown",
      daysAway: 30,
    });
  });
});
