import { describe, expect, it } from "vitest";
import { parseIndiaTime } from "../time/india-time";
import { squareOffAt } from "./square-off";

describe("squareOffAt", () => {
  it("is 15:15 on NSE and 23:30 on MCX by default, and configurable", () => {
    expect(squareOffAt("NSE", "2026-03-09")).toBe(parseIndiaTime("2026-03-09 15:15"));
    expect(squareOffAt("MCX", "2026-01-12")).toBe(parseIndiaTime("2026-01-12 23:30"));
    expect(squareOffAt("NSE", "2026-03-09", { NSE: "15:20", MCX: "23:00" })).toBe(
      parseIndiaTime("2026-03-09 15:20"),
    );
  });

  it("holds on MCX's evening-only days, falls back to the close of a Muhurat-only session", () => {
    expect(squareOffAt("MCX", "2026-03-03")).toBe(parseIndiaTime("2026-03-03 23:30"));
    expect(squareOffAt("NSE", "2026-11-08")).toBe(parseIndiaTime("2026-11-08 19:00"));
  });

  it("is undefined on a day without sessions", () => {
    expect(squareOffAt("NSE", "2026-03-03")).toBeUndefined();
    expect(squareOffAt("MCX", "2026-03-07")).toBeUndefined();
  });
});
