import { describe, expect, it } from "vitest";
import { Rsi } from "./rsi";

describe("Rsi", () => {
  it("follows Wilder's definition on a hand-worked series", () => {
    // closes 10 11 12 11 13 12 → changes +1 +1 −1 +2 −1, period 3.
    // first averages over the first three changes: gain (1 + 1 + 0)/3 = 2/3, loss 1/3 → RS 2 → 66.667
    // +2: gain (2/3·2 + 2)/3 = 10/9, loss (1/3·2 + 0)/3 = 2/9 → RS 5 → 83.333
    // −1: gain (10/9·2)/3 = 20/27, loss (2/9·2 + 1)/3 = 13/27 → RS 20/13 → 100 − 1300/33 = 60.606
    const rsi = new Rsi(3);
    const values = [10, 11, 12, 11, 13, 12].map((c) => rsi.update(c));
    expect(values.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(values[3]).toBeCloseTo(200 / 3, 10);
    expect(values[4]).toBeCloseTo(250 / 3, 10);
    expect(values[5]).toBeCloseTo(100 - 1300 / 33, 10);
  });

  it("is 100 with no losses and 50 on a flat series", () => {
    const rising = new Rsi(2);
    for (const c of [1, 2, 3, 4]) rising.update(c);
    expect(rising.value).toBe(100);
    const flat = new Rsi(2);
    for (const c of [5, 5, 5]) flat.update(c);
    expect(flat.value).toBe(50);
  });
});
