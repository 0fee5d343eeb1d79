import { describe, expect, it } from "vitest";
import { addDays, dayKeyFromParts, daysBetween, daysInMonth, weekdayOf } from "./day-math";

describe("day arithmetic", () => {
  it("adds days across month, year and leap-day boundaries", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
  });

  it("knows the weekday", () => {
    expect(weekdayOf("2026-03-31")).toBe(2); // a Tuesday
    expect(weekdayOf("2026-11-08")).toBe(0); // a Sunday
  });

  it("counts days between two keys", () => {
    expect(daysBetween("2025-12-30", "2026-01-02")).toBe(3);
    expect(daysBetween("2026-01-02", "2025-12-30")).toBe(-3);
  });

  it("builds keys from parts and refuses impossible dates", () => {
    expect(dayKeyFromParts(2026, 3, 3)).toBe("2026-03-03");
    expect(() => dayKeyFromParts(2026, 2, 29)).toThrow(RangeError);
    expect(() => addDays("2026-13-01", 1)).toThrow(RangeError);
  });

  it("knows month lengths", () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});
