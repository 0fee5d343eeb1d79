import type { CalendarDayBody } from "@kalpa/contracts/api/calendar";
import { describe, expect, it } from "vitest";
import { calendarDaysOf, shippedDayOn } from "./calendar-book";
import { checkCalendarDay, yearWindowIssue } from "./calendar-rules";
import { CALENDAR_YEARS } from "./calendar-years";

const TODAY = "2026-11-25";

function body(fields: Partial<CalendarDayBody> = {}): CalendarDayBody {
  return {
    nse: "closed",
    mcx: "evening",
    name: "Holiday",
    sessions: [],
    source: "circular",
    ...fields,
  };
}

const check = (day: string, fields: Partial<CalendarDayBody> = {}) =>
  checkCalendarDay(day, body(fields), { today: TODAY });

describe("an operator's calendar day", () => {
  it("takes an MCX morning-only weekday, and refuses a special session overlapping its morning", () => {
    expect(check("2026-12-31", { nse: "open", mcx: "morning" })).toEqual([]);
    expect(
      check("2026-12-31", {
        nse: "open",
        mcx: "morning",
        sessions: [{ exchange: "MCX", kind: "special", open: "16:00", close: "18:00" }],
      }),
    ).toEqual([
      {
        path: "sessions.0",
        message:
          "MCX's special session 16:00-18:00 overlaps MCX's morning session 09:00-17:00: set MCX closed that day, or move the session.",
      },
    ]);
    // The same session after the morning's close is fine.
    expect(
      check("2026-12-31", {
        nse: "open",
        mcx: "morning",
        sessions: [{ exchange: "MCX", kind: "special", open: "17:00", close: "18:00" }],
      }),
    ).toEqual([]);
  });

  it("checks NSE overlaps against the close in force on the day (15:40 from 3 Aug 2026)", () => {
    const late = {
      exchange: "NSE" as const,
      kind: "special" as const,
      open: "15:35",
      close: "16:00",
    };
    expect(check("2026-12-01", { nse: "open", mcx: "regular", sessions: [late] })[0]?.message).toBe(
      "NSE's special session 15:35-16:00 overlaps NSE's regular session 09:15-15:40: set NSE closed that day, or move the session.",
    );
  });

  it("is accepted when it makes sense", () => {
    expect(check("2026-12-01")).toEqual([]);
    expect(
      check("2026-11-08", {
        mcx: "closed",
        sessions: [
          { exchange: "NSE", kind: "muhurat", open: "18:00", close: "19:00" },
          { exchange: "MCX", kind: "muhurat", open: "18:00", close: "19:00" },
        ],
      }),
    ).toEqual([]);
    // Reverting a shipped holiday (Christmas) to an ordinary day is a change.
    expect(check("2026-12-25", { nse: "open", mcx: "regular" })).toEqual([]);
  });

  it("is refused far in the past or too far ahead", () => {
    expect(check("2026-10-20")).toEqual([
      {
        path: "day",
        message:
          "Tuesday 20 Oct 2026 is more than 31 days ago: a past day's bars, signals and expiries are history, and its calendar stays as it was.",
      },
    ]);
    expect(check("2029-01-02")[0]?.message).toBe(
      "2029 is too far ahead: calendars can be set up to 2028.",
    );
    expect(yearWindowIssue(2024, TODAY)?.message).toBe(
      "2024 is past: its calendar stays as it was.",
    );
    expect(yearWindowIssue(2027, TODAY)).toBeUndefined();
  });

  it("is refused with regular sessions on a weekend", () => {
    expect(check("2026-11-28", { nse: "open", mcx: "regular" }).map((i) => i.path)).toEqual([
      "nse",
      "mcx",
    ]);
    expect(check("2026-11-28", { mcx: "closed" })[0]?.message).toMatch(
      /nothing trades on Saturday 28 Nov 2026, as on any weekend/,
    );
  });

  it("is refused with an MCX evening session while NSE is open", () => {
    expect(check("2026-12-01", { nse: "open" })).toEqual([
      {
        path: "mcx",
        message:
          "MCX trades its evening session only on an NSE holiday: choose NSE closed, or MCX regular.",
      },
    ]);
  });

  it("is refused when a session does not open before it closes, or overlaps another", () => {
    const issues = check("2026-12-01", {
      sessions: [
        { exchange: "NSE", kind: "muhurat", open: "19:00", close: "18:00" },
        { exchange: "MCX", kind: "muhurat", open: "18:00", close: "19:00" },
        { exchange: "MCX", kind: "special", open: "13:00", close: "14:00" },
        { exchange: "MCX", kind: "special", open: "13:30", close: "14:30" },
      ],
    });
    expect(issues).toEqual([
      {
        path: "sessions.0",
        message: "NSE's Muhurat session must open before it closes (19:00-18:00).",
      },
      {
        path: "sessions.1",
        message:
          "MCX's Muhurat session 18:00-19:00 overlaps MCX's evening session 17:00-23:55: set MCX closed that day, or move the session.",
      },
      {
        path: "sessions.3",
        message: "MCX's special session 13:30-14:30 overlaps MCX's special session 13:00-14:00.",
      },
    ]);
  });

  it("is refused when it says what the calendar already says", () => {
    expect(check("2026-12-02", { nse: "open", mcx: "regular" })).toEqual([
      {
        path: "sessions",
        message:
          "This says Wednesday 2 Dec 2026 is an ordinary trading day, as the calendar already has it: there is nothing to change.",
      },
    ]);
  });
});

describe("the shipped year files", () => {
  it("hold only days the operator's rules would take (no overlapping sessions, no weekend regular day)", () => {
    const refused: string[] = [];
    for (const { year } of CALENDAR_YEARS) {
      for (const entry of calendarDaysOf(year)) {
        const shipped = shippedDayOn(entry.row.day);
        if (!shipped) continue;
        const { nse, mcx, name, sessions, source } = shipped.row;
        const issues = checkCalendarDay(
          entry.row.day,
          { nse, mcx, name, sessions: [...sessions], source },
          { today: entry.row.day },
        );
        for (const issue of issues)
          refused.push(`${entry.row.day} ${issue.path}: ${issue.message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
