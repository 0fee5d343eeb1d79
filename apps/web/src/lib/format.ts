/**
 * Indian-locale number formatting (spec section 9: Indian locale, at most 2 decimals, rupee symbol).
 * Lakh/crore grouping: 1234567.891 → "12,34,567.89".
 */

const PLACEHOLDER = "—";

/** Made on first use: building an Intl format loads its locale's data, which a page may never need. */
function lazyFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  return () => {
    format ??= new Intl.NumberFormat("en-IN", options);
    return format;
  };
}

const numberFormat = lazyFormat({
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: "negative",
});

const rupeeFormat = lazyFormat({
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: "negative",
});

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** 1234567.891 → "12,34,567.89"; non-finite or missing → "—". */
export function formatNumber(value: number | null | undefined): string {
  return isFiniteNumber(value) ? numberFormat().format(value) : PLACEHOLDER;
}

/** 1234567.5 → "₹12,34,567.5"; -1200 → "-₹1,200"; non-finite or missing → "—". */
export function formatRupees(value: number | null | undefined): string {
  return isFiniteNumber(value) ? rupeeFormat().format(value) : PLACEHOLDER;
}
