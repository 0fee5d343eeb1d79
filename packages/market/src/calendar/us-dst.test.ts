import { describe, expect, it } from "vitest";
import { isUsDst, usDstEnd, usDstStart } from "./us-dst";

describe("US daylight saving time", () => {
  it("starts on the second Sunday of March and ends on the first Sunday of November", () => {
    expect([usDstStart(2025), usDstEnd(2025)]).toEqual(["2025-03-09", "2025-11-02"]);
    expect([usDstStart(2026), usDstEnd(2026)]).toEqual(["2026-03-08", "2026-11-01"]);
    expect([usDstStart(2027), usDstEnd(2027)]).toEqual(["2027-03-14", "2027-11-07"]);
  });

  it("is in force between those days", () => {
    expect(isUsDst("2026-03-06")).toBe(false);
    expect(isUsDst("2026-03-09")).toBe(true);
    expect(isUsDst("2026-10-30")).toBe(true);
    expect(isUsDst("2026-11-02")).toBe(false);
    expect(isUsDst("2026-01-15")).toBe(false);
  });
});
