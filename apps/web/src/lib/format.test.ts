import { describe, expect, it } from "vitest";
import { formatNumber, formatRupees } from "./format";

describe("formatNumber", () => {
  it("groups digits the Indian way and keeps at most two decimals", () => {
    expect(formatNumber(1234567.891)).toBe("12,34,567.89");
    expect(formatNumber(100000)).toBe("1,00,000");
    expect(formatNumber(999.5)).toBe("999.5");
    expect(formatNumber(0.005)).toBe("0.01");
  });

  it("shows negatives with a minus sign and never a negative zero", () => {
    expect(formatNumber(-1234.5)).toBe("-1,234.5");
    expect(formatNumber(-0)).toBe("0");
    expect(formatNumber(-0.001)).toBe("0");
  });

  it("shows a dash for values that are not finite numbers", () => {
    expect(formatNumber(Number.NaN)).toBe("—");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("—");
    expect(formatNumber(null)).toBe("—");
    expect(formatNumber(undefined)).toBe("—");
  });
});

describe("formatRupees", () => {
  it("prefixes the rupee sign and drops needless decimals", () => {
    expect(formatRupees(1234567.5)).toBe("₹12,34,567.5");
    expect(formatRupees(4999)).toBe("₹4,999");
    expect(formatRupees(10.126)).toBe("₹10.13");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("puts the minus sign before the rupee sign", () => {
    expect(formatRupees(-1200)).toBe("-₹1,200");
    expect(formatRupees(-0)).toBe("₹0");
  });

  it("shows a dash for values that are not finite numbers", () => {
    expect(formatRupees(Number.NaN)).toBe("—");
    expect(formatRupees(Number.NEGATIVE_INFINITY)).toBe("—");
    expect(formatRupees(undefined)).toBe("—");
  });
});

describe("agreement with the browser's own en-IN formats", () => {
  const intlNumber = new Intl.NumberFormat("en-IN", {
    maximumFractionDigits: 2,
    signDisplay: "negative",
  });
  const intlRupees = new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
    signDisplay: "negative",
  });
  /** Ties, values just beside them, tiny values, every grouping length and the far end of toFixed. */
  const values = [
    0.125, 2.675, 1.005, 0.015, 0.995, 99.995, 999.995, 0.0049, 1e-7, 5e-7, 123456789.125,
  ];
  // Past 1e21 JavaScript writes an exponent, and Intl formats them.
  values.push(1e21, 123456789e20, 1e300);
  for (let digits = 0; digits <= 20; digits++) values.push(10 ** digits, 10 ** digits - 0.5);
  // A fixed sequence of prices across magnitudes (a linear congruential generator, so runs agree).
  let seed = 20261121;
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    values.push((seed / 2 ** 31) * 10 ** (i % 12) * (i % 3 === 0 ? -1 : 1));
  }

  it("writes what Intl.NumberFormat writes for every value", () => {
    for (const value of [...values, ...values.map((v) => -v)]) {
      expect(formatNumber(value), String(value)).toBe(intlNumber.format(value));
      expect(formatRupees(value), String(value)).toBe(intlRupees.format(value));
    }
  });
});
