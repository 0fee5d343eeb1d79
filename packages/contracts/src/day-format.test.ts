import { describe, expect, it } from "vitest";
import { formatDayKey } from "./day-format";

describe("formatDayKey", () => {
  it("reads a day as day, short month and year", () => {
    expect(formatDayKey("2026-12-21")).toBe("21 Dec 2026");
    expect(formatDayKey("2027-01-05")).toBe("5 Jan 2027");
  });

  it("refuses what is not a day key", () => {
    expect(() => formatDayKey("2026-13-01")).toThrow(RangeError);
    expect(() => formatDayKey("21 Dec 2026")).toThrow(RangeError);
  });
});
