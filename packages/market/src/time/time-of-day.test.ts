import { describe, expect, it } from "vitest";
import { formatTimeOfDay, instantAt, minutesIntoDay, parseTimeOfDay } from "./time-of-day";

describe("time of day", () => {
  it("parses HH:MM and refuses anything else", () => {
    expect(parseTimeOfDay("09:15")).toBe(555);
    expect(parseTimeOfDay("23:55")).toBe(1435);
    expect(parseTimeOfDay("24:00")).toBe(1440);
    for (const bad of ["9:15", "24:01", "12:60", "noon", ""]) {
      expect(() => parseTimeOfDay(bad)).toThrow(RangeError);
    }
  });

  it("formats minutes back", () => {
    expect(formatTimeOfDay(930)).toBe("15:30");
  });

  it("names instants in India time", () => {
    expect(new Date(instantAt("2026-03-09", 555)).toISOString()).toBe("2026-03-09T03:45:00.000Z");
    expect(minutesIntoDay(Date.parse("2026-03-09T03:45:30.000Z"))).toBe(555.5);
    expect(minutesIntoDay(Date.parse("2026-03-09T18:30:00.000Z"))).toBe(0);
  });
});
