import { describe, expect, it } from "vitest";
import { quietFor } from "./quiet-hours";

const at = (indiaTime: string) => Date.parse(`2026-11-26T${indiaTime}:00+05:30`);

describe("quiet hours", () => {
  it("holds across midnight and says how long is left", () => {
    const night = { from: "22:00", to: "07:00" };
    expect(quietFor(night, at("23:30"))).toBe(7.5 * 3_600_000);
    expect(quietFor(night, at("06:59"))).toBe(60_000);
    expect(quietFor(night, at("07:00"))).toBe(0);
    expect(quietFor(night, at("21:59"))).toBe(0);
  });

  it("holds within a day, and not at all when none are set or they are empty", () => {
    expect(quietFor({ from: "12:00", to: "13:00" }, at("12:15"))).toBe(45 * 60_000);
    expect(quietFor({ from: "12:00", to: "13:00" }, at("13:15"))).toBe(0);
    expect(quietFor(null, at("03:00"))).toBe(0);
    expect(quietFor({ from: "09:00", to: "09:00" }, at("09:00"))).toBe(0);
  });
});
