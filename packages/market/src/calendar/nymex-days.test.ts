import { describe, expect, it } from "vitest";
import { easterSunday, isNymexBusinessDay, nymexHolidays, wtiLastTradingDay } from "./nymex-days";

describe("NYMEX's holidays and WTI's last trading day", () => {
  it("list 2027's holidays as observed (Juneteenth and Christmas on a Saturday move to Friday)", () => {
    expect([...nymexHolidays(2027)].sort()).toEqual([
      "2027-01-01",
      "2027-01-18",
      "2027-02-15",
      "2027-03-26",
      "2027-05-31",
      "2027-06-18",
      "2027-07-05",
      "2027-09-06",
      "2027-11-25",
      "2027-12-24",
    ]);
    expect(easterSunday(2027)).toBe("2027-03-28");
  });

  it("do not make up a New Year's Day that falls on a Saturday, and count no Juneteenth before 2022", () => {
    expect(isNymexBusinessDay("2021-12-31")).toBe(true);
    expect(isNymexBusinessDay("2021-06-18")).toBe(true);
    expect(isNymexBusinessDay("2023-01-02")).toBe(false);
  });

  it("end WTI trading 3 business days before the 25th, or 4 when the 25th is not a business day", () => {
    // Feb 2026 WTI: Sunday 25 Jan 2026, so 4 days before: 20 Jan (19 Jan is MLK Day, not counted).
    expect(wtiLastTradingDay(2026, 2)).toBe("2026-01-20");
    // Jan 2028 WTI: Saturday 25 Dec 2027; Friday 24 Dec is Christmas observed: 20 Dec.
    expect(wtiLastTradingDay(2028, 1)).toBe("2027-12-20");
    // May 2025 WTI: Friday 25 Apr 2025: 22 Apr.
    expect(wtiLastTradingDay(2025, 5)).toBe("2025-04-22");
  });
});
