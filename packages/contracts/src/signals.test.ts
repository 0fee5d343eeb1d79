import { describe, expect, it } from "vitest";
import { ManualSignalSchema, stopFillOf } from "./signals";

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

describe("stopFillOf", () => {
  const open = { status: "triggered" as const, closeReason: null };
  const closed = (closeReason: "stop" | "eod" | "expiry" | "target") => ({
    status: "closed" as const,
    closeReason,
  });

  it("says nothing before the stop triggers, nor on signals made before it was recorded", () => {
    expect(stopFillOf({ ...open, stopTriggeredAt: null, stopRested: false })).toBeNull();
    expect(stopFillOf(closed("target"))).toBeNull();
    expect(stopFillOf(closed("stop"))).toBeNull();
  });

  it("names each way a stop-loss-limit stop can go", () => {
    const at = 1_000;
    expect(stopFillOf({ ...closed("stop"), stopTriggeredAt: at, stopRested: false })).toBe(
      "filled",
    );
    expect(stopFillOf({ ...open, stopTriggeredAt: at, stopRested: true })).toBe("resting");
    expect(stopFillOf({ ...closed("stop"), stopTriggeredAt: at, stopRested: true })).toBe(
      "filled-at-limit",
    );
    expect(stopFillOf({ ...closed("eod"), stopTriggeredAt: at, stopRested: true })).toBe(
      "squared-off",
    );
    expect(stopFillOf({ ...closed("expiry"), stopTriggeredAt: at, stopRested: true })).toBe(
      "squared-off",
    );
  });
});
