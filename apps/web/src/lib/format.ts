/**
 * Indian-locale number formatting (spec section 9: Indian locale, at most 2 decimals, rupee symbol).
 * Lakh/crore grouping: 1234567.891 → "12,34,567.89". The same in every language of the site: en-IN, te-IN
 * and hi-IN all write Latin digits with lakh/crore grouping (format.test.ts checks the three agree), so
 * one formatter serves them all.
 */

const PLACEHOLDER = "—";

let huge: Intl.NumberFormat | undefined;
/** Intl, for the numbers past 1e21 that JavaScript writes with an exponent (made on first use). */
const hugeFormat = () => {
  huge ??= new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
  return huge;
};

/**
 * A number as en-IN writes it with at most two decimals: 1234567.891 → "12,34,567.89", -0.001 → "0".
 * Written by hand because the first Intl number format a page builds loads the locale's data, ~30 ms on a
 * phone in the task that paints the landing's ticker; format.test.ts checks it agrees with
 * Intl.NumberFormat("en-IN") on ties, tiny and large values.
 */
function formatIndian(value: number): string {
  const digits = roundToCents(Math.abs(value));
  if (digits === undefined) return hugeFormat().format(value);
  const whole = digits.slice(0, -2) || "0";
  const decimals = digits.slice(-2).replace(/0+$/, "");
  // The last three digits, then groups of two: 12,34,567.
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${whole.slice(-3)}` : whole;
  const sign = value < 0 && /[1-9]/.test(digits) ? "-" : "";
  return `${sign}${grouped}${decimals ? `.${decimals}` : ""}`;
}

/**
 * A non-negative number in cents, as a string of digits ("267" for 2.675: Intl rounds the shortest decimal
 * that reads back as the number, ties away from zero, not the binary value, which is 2.67499…), or
 * undefined past 1e21, where JavaScript writes numbers with an exponent.
 */
function roundToCents(value: number): string | undefined {
  const text = String(value);
  if (text.includes("e")) return value < 1 ? "000" : undefined;
  const [whole = "0", fraction = ""] = text.split(".");
  const cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, "0"));
  const roundUp = (fraction[2] ?? "0") >= "5";
  return String(roundUp ? cents + 1n : cents).padStart(3, "0");
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** 1234567.891 → "12,34,567.89"; non-finite or missing → "—". */
export function formatNumber(value: number | null | undefined): string {
  return isFiniteNumber(value) ? formatIndian(value) : PLACEHOLDER;
}

/** 1234567.5 → "₹12,34,567.5"; -1200 → "-₹1,200"; non-finite or missing → "—". */
export function formatRupees(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return PLACEHOLDER;
  const number = formatIndian(value);
  return number.startsWith("-") ? `-₹${number.slice(1)}` : `₹${number}`;
}

/** A hash shortened for reading: its first 10 and last 6 characters. */
export function shortHash(hash: string): string {
  return hash.length <= 20 ? hash : `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}
