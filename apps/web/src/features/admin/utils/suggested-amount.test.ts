import { describe, expect, it } from "vitest";
import { monthsFor, suggestedAmount } from "./suggested-amount";

describe("the suggested contribution", () => {
  it.each([
    [1, 1],
    [30, 1],
    [31, 1],
    [45, 2],
    [60, 2],
    [90, 3],
    [180, 6],
    [365, 12],
    [366, 12],
  ])("%i days is %i month(s)", (days, months) => {
    expect(monthsFor(days)).toBe(months);
  });

  it("is ₹4,999 per instrument per month", () => {
    expect(suggestedAmount(1, 30)).toBe(4999);
    expect(suggestedAmount(2, 30)).toBe(9998);
    expect(suggestedAmount(3, 90)).toBe(44991);
  });
});
