import { describe, expect, it } from "vitest";
import { lotSizeOn } from "./lot-sizes";

describe("lotSizeOn", () => {
  it("follows NIFTY's history: 25, then 75 from 20 Nov 2024, then 65 for 2026 contracts", () => {
    expect(lotSizeOn("NIFTY", "2024-11-19")).toBe(25);
    expect(lotSizeOn("NIFTY", "2024-11-20")).toBe(75);
    expect(lotSizeOn("NIFTY", "2025-12-30")).toBe(75);
    expect(lotSizeOn("NIFTY", "2025-12-31")).toBe(65);
    expect(lotSizeOn("NIFTY", "2026-06-01")).toBe(65);
  });

  it("follows BANKNIFTY's history: 15, 30, 35 from July 2025, 30 again for 2026", () => {
    expect(lotSizeOn("BANKNIFTY", "2024-06-03")).toBe(15);
    expect(lotSizeOn("BANKNIFTY", "2025-01-02")).toBe(30);
    expect(lotSizeOn("BANKNIFTY", "2025-08-01")).toBe(35);
    expect(lotSizeOn("BANKNIFTY", "2026-01-05")).toBe(30);
  });

  it("gives CRUDEOIL 100 barrels", () => {
    expect(lotSizeOn("CRUDEOIL", "2026-03-09")).toBe(100);
  });

  it("refuses a day before the recorded history", () => {
    expect(() => lotSizeOn("NIFTY", "2023-12-29")).toThrow(RangeError);
  });
});
