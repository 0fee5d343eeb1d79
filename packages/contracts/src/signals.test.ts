import { describe, expect, it } from "vitest";
import { ManualSignalSchema } from "./signals";

const valid = {
  model: "BankNifty:HFT",
  optionType: "CE",
  strike: 52_000,
  entryLow: 300,
  entryHigh: 310,
  target: 360,
  stopLoss: 270,
};

const issues = (body: unknown) => {
  const result = ManualSignalSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("ManualSignalSchema", () => {
  it("accepts a BUY with target above and stop below the entry zone, lots optional", () => {
    expect(issues(valid)).toEqual([]);
    expect(issues({ ...valid, lots: 2 })).toEqual([]);
  });

  it("names each wrong field", () => {
    expect(issues({ ...valid, strike: 52_050 })).toEqual([
      ["strike", "Strike must be a multiple of 100 for BankNifty:HFT."],
    ]);
    expect(issues({ ...valid, entryLow: 320 })).toContainEqual([
      "entryHigh",
      "Entry zone high must be at least entry zone low.",
    ]);
    expect(issues({ ...valid, target: 310 })).toEqual([
      ["target", "A BUY's target must be above the entry zone high."],
    ]);
    expect(issues({ ...valid, stopLoss: 300 })).toEqual([
      ["stopLoss", "A BUY's stop loss must be below the entry zone low."],
    ]);
    expect(issues({ ...valid, lots: 1.5 })[0]?.[0]).toBe("lots");
    expect(issues({ ...valid, model: "Gold:X" })[0]?.[0]).toBe("model");
  });
});
