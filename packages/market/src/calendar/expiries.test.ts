import { afterEach, describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "../time/day-math";
import { installCalendarEdits } from "./calendar-book";
import {
  CRUDEOIL_EXPIRIES,
  crudeOilExpiriesOf,
  crudeOilFuturesByRule,
  crudeOilOptionsByRule,
} from "./crudeoil-expiries";
import { expiryKindsOn, nearestExpiry, nextExpiry } from "./expiries";
import { nseMonthlyExpiryInMonth, nseWeeklyExpiriesInMonth } from "./nse-expiries";
import { wtiLastTradingDay } from "./nymex-days";
import { isBusinessDay, previousBusinessDay } from "./sessions";

afterEach(() => installCalendarEdits({ days: [], years: [] }));

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
      nseWeeklyExpiriesInMonth("NIFTY", 2026, i + 1),
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
    expect(() => nextExpiry("NIFTY", "2017-12-28", "weekly")).toThrow(RangeError);
    expect(() => nearestExpiry("BANKNIFTY", "2017-12-29")).toThrow(/recorded from 2018-01-01/);
  });
});

describe("NSE expiries of 2024 (for backtests of that year)", () => {
  it("NIFTY's weeklies expire on Thursday: 26 Dec 2024 (the December monthly), then 2 Jan 2025", () => {
    expect(nseWeeklyExpiriesInMonth("NIFTY", 2024, 12)).toEqual([
      "2024-12-05",
      "2024-12-12",
      "2024-12-19",
      "2024-12-26",
    ]);
    expect(nextExpiry("NIFTY", "2024-12-20", "weekly")).toBe("2024-12-26");
    expect(nextExpiry("NIFTY", "2024-12-27", "weekly")).toBe("2025-01-02");
    expect(nextExpiry("NIFTY", "2024-12-20", "monthly")).toBe("2024-12-26");
    // Thursday 11 Apr 2024 was Id-ul-Fitr: the weekly expired on Wednesday 10 Apr.
    expect(nextExpiry("NIFTY", "2024-04-08", "weekly")).toBe("2024-04-10");
  });

  it("BANKNIFTY's monthly was the last Thursday in Jan and Feb 2024, then the last Wednesday", () => {
    expect(nseMonthlyExpiryInMonth("BANKNIFTY", 2024, 1)).toBe("2024-01-25");
    expect(nseMonthlyExpiryInMonth("BANKNIFTY", 2024, 2)).toBe("2024-02-29");
    expect(nseMonthlyExpiryInMonth("BANKNIFTY", 2024, 3)).toBe("2024-03-27");
    expect(nextExpiry("BANKNIFTY", "2024-11-14", "monthly")).toBe("2024-11-27");
    // Wednesday 25 Dec 2024 was Christmas: the December monthly expired on Tuesday 24 Dec.
    expect(nextExpiry("BANKNIFTY", "2024-11-28", "monthly")).toBe("2024-12-24");
    // From January 2025 the last Thursday: 30 Jan 2025.
    expect(nextExpiry("BANKNIFTY", "2024-12-25", "monthly")).toBe("2025-01-30");
  });

  it("BANKNIFTY's weeklies expired on Wednesday, skipping the week of a Thursday monthly, until 13 Nov 2024", () => {
    expect(nseWeeklyExpiriesInMonth("BANKNIFTY", 2024, 1)).toEqual([
      "2024-01-03",
      "2024-01-10",
      "2024-01-17",
      "2024-01-25",
      "2024-01-31",
    ]);
    // Wednesday 17 Apr 2024 was Ram Navami: that weekly expired on Tuesday 16 Apr.
    expect(nextExpiry("BANKNIFTY", "2024-04-12", "weekly")).toBe("2024-04-16");
    expect(nseWeeklyExpiriesInMonth("BANKNIFTY", 2024, 11)).toEqual([
      "2024-11-06",
      "2024-11-13",
      "2024-11-27",
    ]);
    expect(nearestExpiry("BANKNIFTY", "2024-11-11")).toBe("2024-11-13");
    expect(expiryKindsOn("BANKNIFTY", "2024-11-13")).toEqual(["weekly", "monthly"]);
    expect(expiryKindsOn("BANKNIFTY", "2024-11-14")).toEqual(["monthly"]);
    expect(nearestExpiry("BANKNIFTY", "2024-11-14")).toBe("2024-11-27");
    expect(() => nextExpiry("BANKNIFTY", "2024-11-14", "weekly")).toThrow(RangeError);
    expect(nseWeeklyExpiriesInMonth("BANKNIFTY", 2024, 12)).toEqual([]);
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

  it.each(CRUDEOIL_EXPIRIES.map((row) => [row.month, row.futures]))(
    "%s: the futures (%s) expire on the last day open on MCX and NYMEX before NYMEX's WTI expiry",
    (month, futures) => {
      const [year, m] = month.split("-").map(Number) as [number, number];
      expect(crudeOilFuturesByRule(year, m)).toBe(futures);
    },
  );

  it("follow NYMEX's rule: 3 business days before the 25th, 4 when the 25th is not one", () => {
    // Jul 2027 WTI: Friday 25 Jun 2027 is a business day, so 22 Jun; MCX's June futures the day before.
    expect(wtiLastTradingDay(2027, 7)).toBe("2027-06-22");
    // Feb 2025 WTI: Saturday 25 Jan 2025, so 4 days before: 21 Jan. MCX skipped Monday 20 Jan (MLK Day).
    expect(wtiLastTradingDay(2025, 2)).toBe("2025-01-21");
    expect(crudeOilFuturesByRule(2025, 1)).toBe("2025-01-17");
    // Dec 2027 WTI: Thursday 25 Nov 2027 is Thanksgiving: 4 business days before, Friday 19 Nov.
    expect(wtiLastTradingDay(2027, 12)).toBe("2027-11-19");
  });

  it("June 2027: futures 21 Jun, options 17 Jun (the old 19th-of-the-month estimate gave 18 Jun)", () => {
    expect(crudeOilExpiriesOf(2027, 6)).toEqual({
      month: "2027-06",
      futures: "2027-06-21",
      options: "2027-06-17",
      derived: true,
      estimated: false,
    });
    expect(nextExpiry("CRUDEOIL", "2027-06-01", "monthly")).toBe("2027-06-17");
  });

  it("January 2027 resolves from the table before the contracts list (July 2026)", () => {
    expect(crudeOilExpiriesOf(2027, 1)).toMatchObject({
      futures: "2027-01-19",
      options: "2027-01-15",
      estimated: false,
    });
    expect(nextExpiry("CRUDEOIL", "2026-12-17", "monthly")).toBe("2027-01-15");
  });

  it("agree with published option expiries", () => {
    // Zerodha bulletin (Aug 2025); a Jan 2026 forum thread; Groww's 2025 list.
    expect(nextExpiry("CRUDEOIL", "2025-08-01", "monthly")).toBe("2025-08-14");
    expect(nextExpiry("CRUDEOIL", "2026-01-02", "monthly")).toBe("2026-01-14");
    expect(nextExpiry("CRUDEOIL", "2025-01-16", "monthly")).toBe("2025-02-17");
  });

  it("roll to the next month once this month's options have expired", () => {
    expect(nextExpiry("CRUDEOIL", "2026-01-14", "monthly")).toBe("2026-01-14");
    expect(nextExpiry("CRUDEOIL", "2026-01-15", "monthly")).toBe("2026-02-17");
  });

  it("are estimated by the same rule beyond the table, and say so", () => {
    const estimate = crudeOilExpiriesOf(2028, 6);
    // Jul 2028 WTI: Sunday 25 Jun 2028, so 4 business days before: Tuesday 20 Jun; MCX Monday 19 Jun
    // (Juneteenth, Monday 19 Jun 2028, closes NYMEX): Friday 16 Jun.
    expect(wtiLastTradingDay(2028, 7)).toBe("2028-06-20");
    expect(estimate).toEqual({
      month: "2028-06",
      futures: "2028-06-16",
      options: crudeOilOptionsByRule("2028-06-16"),
      estimated: true,
    });
    expect(estimate.options).toBe("2028-06-14");
  });
});

describe("NSE expiries of 2018-2023 (for backtests on the recorded 15-minute bars)", () => {
  it("BANKNIFTY's weeklies expire on Thursday, on Wednesday when the Thursday is a holiday", () => {
    // 21 Mar 2019 was Holi: that week's weekly expired Wednesday 20 Mar.
    expect(nseWeeklyExpiriesInMonth("BANKNIFTY", 2019, 3)).toEqual([
      "2019-03-07",
      "2019-03-14",
      "2019-03-20",
      "2019-03-28",
    ]);
    expect(nearestExpiry("BANKNIFTY", "2019-03-18")).toBe("2019-03-20");
    expect(nearestExpiry("BANKNIFTY", "2019-03-21")).toBe("2019-03-28");
    // 15 Aug 2019 (Independence Day), a Thursday.
    expect(nearestExpiry("BANKNIFTY", "2019-08-13")).toBe("2019-08-14");
  });

  it("2020's holidays close NSE and move its expiries: Ram Navami on Thursday 2 Apr 2020", () => {
    expect(isBusinessDay("NSE", "2020-04-02")).toBe(false);
    expect(isBusinessDay("NSE", "2020-11-16")).toBe(false);
    expect(nearestExpiry("BANKNIFTY", "2020-03-30")).toBe("2020-04-01");
    // Saturday 1 Feb 2020 (the Budget) traded but is not a business day: nothing expires on it.
    expect(isBusinessDay("NSE", "2020-02-01")).toBe(false);
    expect(nearestExpiry("BANKNIFTY", "2020-02-01")).toBe("2020-02-06");
  });

  it("a monthly on a holiday moves to the day before: June 2023 expired 28 Jun (Bakri Id moved to 29 Jun)", () => {
    expect(nseMonthlyExpiryInMonth("BANKNIFTY", 2023, 6)).toBe("2023-06-28");
    expect(nseMonthlyExpiryInMonth("NIFTY", 2023, 6)).toBe("2023-06-28");
  });

  it("BANKNIFTY's first Wednesday weekly expired 6 Sep 2023; the last Thursday weekly 24 Aug 2023", () => {
    expect(nseWeeklyExpiriesInMonth("BANKNIFTY", 2023, 8)).toEqual([
      "2023-08-03",
      "2023-08-10",
      "2023-08-17",
      "2023-08-24",
      "2023-08-31",
    ]);
    expect(nearestExpiry("BANKNIFTY", "2023-09-01")).toBe("2023-09-06");
    // The September monthly kept the last Thursday.
    expect(nseWeeklyExpiriesInMonth("BANKNIFTY", 2023, 9)).toEqual([
      "2023-09-06",
      "2023-09-13",
      "2023-09-20",
      "2023-09-28",
    ]);
  });

  it("NIFTY listed monthlies only until its weeklies began on 11 Feb 2019 (first expiry 14 Feb)", () => {
    expect(expiryKindsOn("NIFTY", "2018-06-01")).toEqual(["monthly"]);
    expect(nearestExpiry("NIFTY", "2018-06-01")).toBe("2018-06-28");
    expect(nearestExpiry("NIFTY", "2019-02-04")).toBe("2019-02-28");
    expect(() => nextExpiry("NIFTY", "2019-02-08", "weekly")).toThrow(RangeError);
    expect(nearestExpiry("NIFTY", "2019-02-11")).toBe("2019-02-14");
    expect(nseWeeklyExpiriesInMonth("NIFTY", 2019, 2)).toEqual([
      "2019-02-14",
      "2019-02-21",
      "2019-02-28",
    ]);
  });
});
