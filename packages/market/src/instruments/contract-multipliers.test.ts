import { describe, expect, it } from "vitest";
import {
  contractsToUnits,
  isMcxContract,
  MCX_CONTRACT_MULTIPLIERS,
  optionLotContracts,
  optionLotUnits,
  unitsPerContract,
} from "./contract-multipliers";
import { lotSizeOf } from "./lot-sizes";

describe("MCX contract multipliers (by contract and expiry)", () => {
  it("gives a CRUDEOIL contract 100 barrels and a CRUDEOILM contract 10", () => {
    expect(unitsPerContract("CRUDEOIL", "2026-12-16")).toBe(100);
    expect(unitsPerContract("CRUDEOILM", "2026-12-16")).toBe(10);
    expect(MCX_CONTRACT_MULTIPLIERS.CRUDEOIL.every((entry) => entry.unit === "barrel")).toBe(true);
  });

  it("makes an option lot one futures contract: 100 barrels of CRUDEOIL, 10 of CRUDEOILM", () => {
    expect(optionLotContracts("CRUDEOIL", "2026-12-16")).toBe(1);
    expect(optionLotUnits("CRUDEOIL", "2026-12-16")).toBe(100);
    expect(optionLotUnits("CRUDEOILM", "2026-12-16")).toBe(10);
  });

  it("is where the lot-size table takes CRUDEOIL's lot from", () => {
    expect(lotSizeOf("CRUDEOIL", "2026-12-16")).toBe(optionLotUnits("CRUDEOIL", "2026-12-16"));
    expect(lotSizeOf("CRUDEOIL", "2020-01-17")).toBe(100);
  });

  it("turns Kite's contract counts into barrels, refusing a part of a contract", () => {
    expect(contractsToUnits("CRUDEOIL", "2026-12-16", 3)).toBe(300);
    expect(contractsToUnits("CRUDEOILM", "2026-12-16", 3)).toBe(30);
    expect(() => contractsToUnits("CRUDEOIL", "2026-12-16", 1.5)).toThrow(
      "1.5 is not a whole number of CRUDEOIL contracts",
    );
    expect(() => contractsToUnits("CRUDEOIL", "2026-12-16", -1)).toThrow(RangeError);
  });

  it("refuses an expiry before the recorded history", () => {
    expect(() => unitsPerContract("CRUDEOIL", "2019-12-16")).toThrow(
      "No CRUDEOIL contract multiplier recorded for contracts expiring 2019-12-16",
    );
    expect(() => unitsPerContract("CRUDEOILM", "2024-03-15")).toThrow(RangeError);
  });

  it("knows only the contracts it records", () => {
    expect(isMcxContract("CRUDEOIL")).toBe(true);
    expect(isMcxContract("CRUDEOILM")).toBe(true);
    expect(isMcxContract("NATURALGAS")).toBe(false);
    expect(isMcxContract("NIFTY")).toBe(false);
  });

  it("has every entry dated, sourced and in order", () => {
    for (const entries of Object.values(MCX_CONTRACT_MULTIPLIERS)) {
      expect(entries.length).toBeGreaterThan(0);
      for (const [i, entry] of entries.entries()) {
        expect(entry.source.length).toBeGreaterThan(20);
        expect(entry.unitsPerContract).toBeGreaterThan(0);
        if (i > 0) expect(entry.expiriesFrom > (entries[i - 1]?.expiriesFrom ?? "")).toBe(true);
      }
    }
  });
});
