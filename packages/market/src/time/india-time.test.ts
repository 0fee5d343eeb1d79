import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "./india-time";

describe("parseIndiaTime", () => {
  it("reads India wall-clock times with or without seconds", () => {
    expect(new Date(parseIndiaTime("2026-03-09 09:15")).toISOString()).toBe(
      "2026-03-09T03:45:00.000Z",
    );
    expect(new Date(parseIndiaTime("2026-03-09T23:55:30")).toISOString()).toBe(
      "2026-03-09T18:25:30.000Z",
    );
  });

  it("refuses anything else", () => {
    for (const bad of ["2026-03-09", "09:15", "2026-03-09 9:15", "2026-13-09 09:15", "now"]) {
      expect(() => parseIndiaTime(bad)).toThrow(RangeError);
    }
  });
});
