import { describe, expect, it } from "vitest";
import { lotSizeOf } from "./lot-sizes";

describe("lotSizeOf (by the contract's expiry)", () => {
  it("gives a January 2026 NIFTY contract 65, whenever it is traded", () => {
    // Bought on 30 Dec 2025, the day of the last 75-lot expiry: the contract is January's.
    expect(lotSizeOf("NIFTY", "2025-12-30")).toBe(75);
    expect(lotSizeOf("NIFTY", "2026-01-06")).toBe(65);
    expect(lotSizeOf("NIFTY", "2026-01-27")).toBe(65);
  });

  it("follows NIFTY's revisions by first revised expiry, with the monthlies listed before one", () => {
    expect(lotSizeOf("NIFTY", "2024-04-25")).toBe(50);
    expect(lotSizeOf("NIFTY", "2024-05-02")).toBe(25);
    expect(lotSizeOf("NIFTY", "2024-11-28")).toBe(25);
    expect(lotSizeOf("NIFTY", "2025-01-30")).toBe(25);
    expect(lotSizeOf("NIFTY", "2025-02-06")).toBe(75);
    expect(lotSizeOf("NIFTY", "2025-02-27")).toBe(75);
  });

  it("keeps NIFTY's weeklies at 25 until the 26 Dec 2024 expiry; the first 75-lot weekly is 2 Jan 2025", () => {
    expect(lotSizeOf("NIFTY", "2024-12-05")).toBe(25);
    expect(lotSizeOf("NIFTY", "2024-12-19")).toBe(25);
    expect(lotSizeOf("NIFTY", "2024-12-26")).toBe(25);
    expect(lotSizeOf("NIFTY", "2025-01-02")).toBe(75);
    expect(lotSizeOf("NIFTY", "2025-01-23")).toBe(75);
  });

  it("follows BANKNIFTY's: 15, 30 from February 2025, 35 from July 2025, 30 from January 2026", () => {
    expect(lotSizeOf("BANKNIFTY", "2025-01-29")).toBe(15);
    expect(lotSizeOf("BANKNIFTY", "2025-02-27")).toBe(30);
    expect(lotSizeOf("BANKNIFTY", "2025-06-26")).toBe(30);
    expect(lotSizeOf("BANKNIFTY", "2025-07-31")).toBe(35);
    expect(lotSizeOf("BANKNIFTY", "2025-12-30")).toBe(35);
    expect(lotSizeOf("BANKNIFTY", "2026-01-27")).toBe(30);
  });

  it("gives CRUDEOIL 100 barrels", () => {
    expect(lotSizeOf("CRUDEOIL", "2026-03-17")).toBe(100);
  });

  it("refuses an expiry before the recorded history", () => {
    expect(() => lotSizeOf("NIFTY", "2017-12-28")).toThrow(RangeError);
    expect(() => lotSizeOf("BANKNIFTY", "2017-12-28")).toThrow(RangeError);
  });

  it("gives NIFTY 75 until the July 2021 weeklies and 50 from the July 2021 monthly (29 Jul 2021)", () => {
    expect(lotSizeOf("NIFTY", "2018-01-25")).toBe(75);
    expect(lotSizeOf("NIFTY", "2021-07-22")).toBe(75);
    expect(lotSizeOf("NIFTY", "2021-07-29")).toBe(50);
    expect(lotSizeOf("NIFTY", "2021-08-05")).toBe(50);
    expect(lotSizeOf("NIFTY", "2024-04-25")).toBe(50);
  });

  it("follows BANKNIFTY's 40 -> 20 (Oct 2018) -> 25 (30 Jul 2020) -> 15 (27 Jul 2023)", () => {
    expect(lotSizeOf("BANKNIFTY", "2018-10-25")).toBe(40);
    expect(lotSizeOf("BANKNIFTY", "2018-11-01")).toBe(20);
    expect(lotSizeOf("BANKNIFTY", "2020-07-23")).toBe(20);
    expect(lotSizeOf("BANKNIFTY", "2020-07-30")).toBe(25);
    expect(lotSizeOf("BANKNIFTY", "2023-07-20")).toBe(25);
    expect(lotSizeOf("BANKNIFTY", "2023-07-27")).toBe(15);
    expect(lotSizeOf("BANKNIFTY", "2023-09-06")).toBe(15);
  });
});
