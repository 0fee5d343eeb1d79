import type { Bar } from "@kalpa/contracts/market";
import { describe, expect, it } from "vitest";
import type { ModelSetup, SignalModel } from "../models/signal-model";
import { parseIndiaTime } from "../time/india-time";
import { MINUTE_MS } from "../time/time-of-day";
import { FixedTimeEntry, RandomEntry, randomEntryRate } from "./baselines";

/** A 1-minute model that sets up (a PE, 40 points out, 20 against) on the bars it is told to. */
function scripted(setupOn: ReadonlySet<number>): SignalModel & { seen: number } {
  let index = -1;
  const model = {
    id: "BankNifty:HFT",
    symbol: "BANKNIFTY",
    interval: "1m",
    rules: {
      strikeSteps: 0,
      entryZone: 0.005,
      openingQuietMinutes: 5,
      cutoffMinutes: 15,
      cooldownMinutes: 20,
    },
    seen: 0,
    update(): ModelSetup | undefined {
      index += 1;
      model.seen += 1;
      if (!setupOn.has(index)) return undefined;
      return {
        optionType: "PE",
        targetMove: 40 + index,
        stopMove: 20,
        reason: "scripted",
        indicators: {},
      };
    },
  } satisfies SignalModel & { seen: number };
  return model;
}

/** 1-minute bars from 09:15 on each of `days`, closes rising by a point a minute from 100. */
function minutes(days: readonly string[], count: number): Bar[] {
  return days.flatMap((day) => {
    const open = parseIndiaTime(`${day} 09:15`);
    return Array.from({ length: count }, (_, i) => ({
      time: open + i * MINUTE_MS,
      open: 100 + i,
      high: 101 + i,
      low: 99 + i,
      close: 100 + i,
      volume: 0,
    }));
  });
}

describe("the random-entry baseline", () => {
  it("enters at its rate on a seeded side, with the exits of the model's latest setup", () => {
    const inner = scripted(new Set([0, 500]));
    const random = new RandomEntry(inner, 7, 0.1);
    const setups = minutes(["2024-03-04", "2024-03-05", "2024-03-06"], 375).map((bar) =>
      random.update(bar),
    );
    expect(inner.seen).toBe(1125); // the model reads every bar
    const entries = setups.filter((setup) => setup !== undefined);
    expect(entries.length).toBeGreaterThan(80);
    expect(entries.length).toBeLessThan(150);
    const sides = new Set(entries.map((setup) => setup?.optionType));
    expect(sides).toEqual(new Set(["CE", "PE"]));
    // Exits: the first setup's until bar 500, the second's after.
    expect(setups.slice(1, 500).every((s) => s === undefined || s.targetMove === 40)).toBe(true);
    expect(setups.slice(501).every((s) => s === undefined || s.targetMove === 540)).toBe(true);
    // The same seed, the same entries; another seed, others.
    const again = new RandomEntry(scripted(new Set([0, 500])), 7, 0.1);
    const replayed = minutes(["2024-03-04", "2024-03-05", "2024-03-06"], 375).map((bar) =>
      again.update(bar),
    );
    expect(replayed).toEqual(setups);
    const other = new RandomEntry(scripted(new Set([0, 500])), 8, 0.1);
    const others = minutes(["2024-03-04", "2024-03-05", "2024-03-06"], 375).map((bar) =>
      other.update(bar),
    );
    expect(others).not.toEqual(setups);
  });

  it("makes no entry before the model's first setup gives it exits", () => {
    const random = new RandomEntry(scripted(new Set()), 1, 1);
    expect(minutes(["2024-03-04"], 30).map((bar) => random.update(bar))).toEqual(
      Array(30).fill(undefined),
    );
  });

  it("takes the model's setups per bar as its rate", () => {
    expect(randomEntryRate(81, 8700)).toBeCloseTo(0.00931, 5);
    expect(randomEntryRate(5, 0)).toBe(0);
    expect(randomEntryRate(10, 5)).toBe(1);
  });
});

describe("the fixed 09:20 baseline", () => {
  it("enters once a day on the bar that ends at 09:20, on the side of the day's move, without the quiet opening", () => {
    const inner = scripted(new Set([0]));
    const fixed = new FixedTimeEntry(inner);
    expect(fixed.rules.openingQuietMinutes).toBe(0);
    expect(fixed.rules.cooldownMinutes).toBe(inner.rules.cooldownMinutes);
    const bars = minutes(["2024-03-04", "2024-03-05"], 30);
    const setups = bars.map((bar) => fixed.update(bar));
    const entered = setups.flatMap((setup, i) => (setup ? [i] : []));
    // 09:19's bar ends at 09:20: the fifth of each day (index 4 and 34).
    expect(entered).toEqual([4, 34]);
    // Rising from the open: a call, with the model's exits.
    expect(setups[4]).toMatchObject({ optionType: "CE", targetMove: 40, stopMove: 20 });
  });

  it("buys a put on a day that has fallen by 09:20", () => {
    const fixed = new FixedTimeEntry(scripted(new Set([0])));
    const falling = minutes(["2024-03-04"], 10).map((bar, i) => ({
      ...bar,
      open: 200 - i,
      high: 201 - i,
      low: 199 - i,
      close: 200 - i,
    }));
    expect(falling.map((bar) => fixed.update(bar))[4]?.optionType).toBe("PE");
  });
});
