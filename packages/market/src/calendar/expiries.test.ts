import { describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "../time/day-math";
import { CRUDEOIL_EXPIRIES } from "./crudeoil-expiries";
import { estimatedCrudeOilOptionExpiry, nearestExpiry, nextExpiry } from "./expiries";
import { niftyWeeklyExpiriesInMonth } from "./nse-expiries";
import { isBusinessDay, previousBusinessDay } from "./sessions";

describe("NIFTY weekly expiries", () => {
  it("fall on Tuesday, the expiry day itself included", () => {
    expect(nextExpiry("NIFTY", "2026-03-10", "weekly")).toBe("2026-03-10");
    expect(nextExpiry("NIFTY", "2026-03-11", "weekly")).toBe("2026-03-17");
  });

  it.each([
    ["2026-03-03", "2026-03-02", "Holi"],
    ["2026-04-14", "2026-04-13", "Ambedkar Jayanti"],
    ["2026-10-20", "2026-10-19", "Dussehra"],
    ["2026-11-10", "2026-11-09", "Diwali Balipratipada"],
    ["2025-10-21", "2025-10-20", "Diwali, a Muhurat-only day"],
  ])("move from the Tuesday holiday %s to %s (%s)", (tuesday, moved) => {
    expect(weekdayOf(tuesday)).toBe(2);
    expect(nextExpiry("NIFTY", addDays(moved, -3), "weekly")).toBe(moved);
    // On the holiday itself the moved expiry has passed: the next one is a week later.
    expect(nextExpiry("NIFTY", tuesday, "weekly")).toBe(addDays(tuesday, 7));
  });

  it("in 2026 are all NSE business days, each a Tuesday or the Monday before a Tuesday holiday", () => {
    const expiries = Array.from({ length: 12 }, (_, i) =>
      niftyWeeklyExpiriesInMonth(2026, i + 1),
    ).flat();
    expect(expiries).toHaveLength(52);
    for (const expiry of expiries) {
      expect(isBusinessDay("NSE", expiry)).toBe(true);
      if (weekdayOf(expiry) !== 2) {
        expect(weekdayOf(expiry)).toBe(1);
        expect(isBusinessDay("NSE", addDays(expiry, 1))).toBe(false);
      }
    }
    expect(expiries.filter((expiry) => weekdayOf(expiry) === 1)).toEqual([
      "2026-03-02",
      "2026-03-30",
      "2026-04-13",
      "2026-10-19",
      "2026-11-09",
      "2026-11-23",
    ]);
  });

  it("were on Thursday before 1 Sep 2025, then on Tuesday", () => {
    expect(nextExpiry("NIFTY", "2025-08-25", "weekly")).toBe("2025-08-28");
    expect(nextExpiry("NIFTY", "2025-08-29", "weekly")).toBe("2025-09-02");
  });
});

describe("monthly expiries (NIFTY and BANKNIFTY)", () => {
  it("are the last Tuesday of the month", () => {
    expect(nextExpiry("BANKNIFTY", "2026-05-01", "monthly")).toBe("2026-05-26");
    expect(nextExpiry("NIFTY", "2026-05-27", "monthly")).toBe("2026-06-30");
  });

  it("move to Monday 30 Mar 2026, since Tuesday 31 Mar is Mahavir Jayanti", () => {
    expect(nextExpiry("BANKNIFTY", "2026-03-04", "monthly")).toBe("2026-03-30");
    expect(nextExpiry("NIFTY", "2026-03-04", "monthly")).toBe("2026-03-30");
    expect(nextExpiry("BANKNIFTY", "2026-03-31", "monthly")).toBe("2026-04-28");
  });

  it("move to Monday 23 Nov 2026, since Tuesday 24 Nov is Guru Nanak Jayanti", () => {
    expect(nextExpiry("BANKNIFTY", "2026-11-01", "monthly")).toBe("2026-11-23");
  });

  it("were the last Thursday before Sep 2025", () => {
    expect(nextExpiry("BANKNIFTY", "2025-08-01", "monthly")).toBe("2025-08-28");
    expect(nextExpiry("BANKNIFTY", "2025-08-29", "monthly")).toBe("2025-09-30");
  });

  it("are BANKNIFTY's only contracts, and days before the rules are refused", () => {
    expect(() => nextExpiry("BANKNIFTY", "2026-03-04", "weekly")).toThrow(RangeError);
    expect(nearestExpiry("BANKNIFTY", "2026-03-04")).toBe("2026-03-30");
    expect(nearestExpiry("NIFTY", "2026-03-04")).toBe("2026-03-10");
    expect(() => nextExpiry("NIFTY", "2024-06-03", "weekly")).toThrow(RangeError);
  });
});

describe("CRUDEOIL expiries", () => {
  it.each(CRUDEOIL_EXPIRIES.map((row) => [row.month, row.futures, row.options]))(
    "%s: options (%s futures) expire two MCX business days before the futures",
    (_month, futures, options) => {
      expect(isBusinessDay("MCX", futures)).toBe(true);
      expect(previousBusinessDay("MCX", previousBusinessDay("MCX", futures))).toBe(options);
    },
  );

  it("agree with published option expiries", () => {
    // Zerodha bulletin (Aug 2025); a Jan 2026 forum thread; Groww's 2025 list.
    expect(nextExpiry("CRUDEOIL", "2025-08-01", "monthly")).toBe("2025-08-14");
    expect(nextExpiry("CRUDEOIL", "2026-01-02", "monthly")).toBe("2026-01-14");
    expect(nextExpiry("CRUDEOIL", "2025-01-16", "monthly")).toBe("2025-02-17");
  });

  it("roll to the next month once this month's options have expired", () => {
    expect(nextExpiry("CRUDEOIL", "2026-01-14", "monthly")).toBe("2026-01-14");
    expect(nextExpiry("CRUDEOIL", "2026-01-15", "monthly")).toBe("2026-02-17");
    expect(nextExpiry("CRUDEOIL", "2026-12-17", "monthly")).toBe(
      estimatedCrudeOilOptionExpiry(2027, 1),
    );
  });

  it("are estimated beyond the table by the 19th-of-the-month rule, matching rows that use the 19th", () => {
    for (const row of CRUDEOIL_EXPIRIES.filter((r) => r.futures.endsWith("-19"))) {
      const [year, month] = row.month.split("-").map(Number) as [number, number];
      expect(estimatedCrudeOilOptionExpiry(year, month)).toBe(row.options);
    }
    expect(estimatedCrudeOilOptionExpiry(2027, 1)).toBe("2027-01-15");
  });
});
