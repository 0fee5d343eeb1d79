import { describe, expect, it } from "vitest";
import { childOrderCount, FREEZE_QUANTITIES, freezeQuantityOn } from "./freeze-quantities";

describe("freeze quantities (units per order)", () => {
  it("keep NIFTY at 1,800 units from 2023 through 2026", () => {
    expect(freezeQuantityOn("NIFTY", "2024-06-12")).toBe(1800);
    expect(freezeQuantityOn("NIFTY", "2026-05-06")).toBe(1800);
  });

  it("move BANKNIFTY between 900 and 600 by NSE's monthly revisions", () => {
    expect(freezeQuantityOn("BANKNIFTY", "2024-12-24")).toBe(900);
    expect(freezeQuantityOn("BANKNIFTY", "2025-07-01")).toBe(600);
    expect(freezeQuantityOn("BANKNIFTY", "2025-08-29")).toBe(600);
    expect(freezeQuantityOn("BANKNIFTY", "2025-09-01")).toBe(900);
    expect(freezeQuantityOn("BANKNIFTY", "2025-11-03")).toBe(600);
    expect(freezeQuantityOn("BANKNIFTY", "2026-02-02")).toBe(600);
  });

  it("go back to 2018 for the recorded bars: BANKNIFTY 2,500 -> 1,200 (Aug 2021) -> 900 (Nov 2022)", () => {
    expect(freezeQuantityOn("BANKNIFTY", "2019-03-20")).toBe(2500);
    expect(freezeQuantityOn("BANKNIFTY", "2021-08-02")).toBe(1200);
    expect(freezeQuantityOn("BANKNIFTY", "2022-11-01")).toBe(900);
    expect(freezeQuantityOn("NIFTY", "2021-07-30")).toBe(5000);
    expect(freezeQuantityOn("NIFTY", "2021-08-02")).toBe(2800);
    expect(freezeQuantityOn("NIFTY", "2023-03-31")).toBe(1800);
    // 2019: 2,500 units are 125 lots of 20 in one order.
    expect(childOrderCount("BANKNIFTY", 125 * 20, 20, "2019-03-20")).toBe(1);
    expect(childOrderCount("BANKNIFTY", 126 * 20, 20, "2019-03-20")).toBe(2);
  });

  it("give CRUDEOIL MCX's 10,000 barrels", () => {
    expect(freezeQuantityOn("CRUDEOIL", "2026-06-10")).toBe(10_000);
  });

  it("count the child orders a quantity needs", () => {
    expect(childOrderCount("NIFTY", 65, 65, "2026-05-06")).toBe(1);
    // 27 lots of 65 (1,755 units) fit under 1,800; 28 do not.
    expect(childOrderCount("NIFTY", 27 * 65, 65, "2026-05-06")).toBe(1);
    expect(childOrderCount("NIFTY", 28 * 65, 65, "2026-05-06")).toBe(2);
    // 55 lots (3,575 units) are 27 + 27 + 1: three orders, though 3,575 < 2 × 1,800.
    expect(childOrderCount("NIFTY", 55 * 65, 65, "2026-05-06")).toBe(3);
    // Units with a lot of one split freely.
    expect(childOrderCount("NIFTY", 1800, 1, "2026-05-06")).toBe(1);
    expect(childOrderCount("NIFTY", 5401, 1, "2026-05-06")).toBe(4);
  });

  it("refuse a day before the table and a quantity that is not a positive number", () => {
    expect(() => freezeQuantityOn("NIFTY", "2017-12-29")).toThrow(/No NIFTY freeze quantity/);
    expect(() => childOrderCount("NIFTY", 0, 65, "2026-05-06")).toThrow(RangeError);
    expect(() => childOrderCount("NIFTY", Number.NaN, 65, "2026-05-06")).toThrow(RangeError);
    expect(() => childOrderCount("NIFTY", 65, 0, "2026-05-06")).toThrow(RangeError);
    expect(() => childOrderCount("NIFTY", 2000, 2000, "2026-05-06")).toThrow(
      /above its freeze quantity/,
    );
  });

  it("list every symbol's entries oldest first, each with a source", () => {
    for (const entries of Object.values(FREEZE_QUANTITIES)) {
      const days = entries.map((entry) => entry.from);
      expect(days).toEqual([...days].sort());
      for (const entry of entries) expect(entry.source.length).toBeGreaterThan(20);
    }
  });
});
