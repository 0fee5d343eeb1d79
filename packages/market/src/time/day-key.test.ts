import { describe, expect, it } from "vitest";
import { dayKeyOf, startOfDay } from "./day-key";

describe("dayKeyOf", () => {
  it("rolls over at midnight India time, not UTC", () => {
    expect(dayKeyOf(new Date("2026-11-20T18:29:59.999Z"))).toBe("2026-11-20");
    expect(dayKeyOf(new Date("2026-11-20T18:30:00.000Z"))).toBe("2026-11-21");
  });

  it("agrees with Intl's Asia/Kolkata calendar across a year", () => {
    const format = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 3_607_000) {
      expect(dayKeyOf(ms)).toBe(format.format(ms));
    }
  });

  it("refuses an invalid date", () => {
    expect(() => dayKeyOf(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("startOfDay", () => {
  it("is 18:30 UTC on the day before", () => {
    expect(startOfDay("2026-01-26").toISOString()).toBe("2026-01-25T18:30:00.000Z");
  });

  it("round-trips with dayKeyOf", () => {
    expect(dayKeyOf(startOfDay("2024-02-29"))).toBe("2024-02-29");
  });

  it("refuses a day that does not exist", () => {
    expect(() => startOfDay("2026-02-30")).toThrow(RangeError);
  });
});
