import { describe, expect, it } from "vitest";
import {
  addCalendarMonths,
  latestPaidLastDay,
  proRataRefund,
  RA_FEE_RULES,
  raFeeRuleOn,
} from "./ra-fees";

describe("SEBI's research-analyst fee rules", () => {
  it("picks the rule in force on a day", () => {
    expect(raFeeRuleOn("2025-01-08").advanceMonths).toBe(3);
    expect(raFeeRuleOn("2025-04-01").advanceMonths).toBe(3);
    expect(raFeeRuleOn("2025-04-02").advanceMonths).toBe(12);
    expect(raFeeRuleOn("2026-11-28")).toBe(RA_FEE_RULES[RA_FEE_RULES.length - 1]);
    for (const rule of RA_FEE_RULES) expect(rule.annualCapRupees).toBe(151_000);
  });

  it("adds calendar months, clamped to the month's end", () => {
    expect(addCalendarMonths("2026-11-28", 3)).toBe("2027-02-28");
    expect(addCalendarMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addCalendarMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addCalendarMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addCalendarMonths("2026-11-28", -12)).toBe("2025-11-28");
    expect(addCalendarMonths("2026-12-15", 12)).toBe("2027-12-15");
  });

  it("lets access paid today run to the day before the same date N months on", () => {
    expect(latestPaidLastDay("2026-11-28", 3)).toBe("2027-02-27");
    expect(latestPaidLastDay("2026-11-30", 3)).toBe("2027-02-27");
    expect(latestPaidLastDay("2026-03-01", 12)).toBe("2027-02-28");
    expect(latestPaidLastDay("2027-12-31", 2)).toBe("2028-02-28");
  });

  it("refunds pro rata by days left, rounded to the rupee", () => {
    expect(proRataRefund(3000, 20, 31)).toBe(1935);
    expect(proRataRefund(4999, 15, 31)).toBe(2419); // 2418.87
    expect(proRataRefund(100, 1, 2)).toBe(50);
    expect(proRataRefund(3000, 0, 31)).toBe(0);
    expect(proRataRefund(0, 10, 31)).toBe(0);
    expect(proRataRefund(3000, 40, 31)).toBe(3000);
  });
});
