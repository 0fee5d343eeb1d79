/**
 * SEBI's fee rules for research analysts' individual and HUF clients, dated and sourced. They apply only
 * while the operator has a research-analyst profile (docs/decisions/033-research-analyst-fees.md); the rule
 * in force on a day is the latest whose `from` is on or before it. A new circular is a new line here, never
 * an edit of an old one (grants recorded under it keep its meaning).
 */
import type { DayKey } from "./names";

export interface RaFeeRule {
  /** The first day the rule applies (Asia/Kolkata). */
  from: DayKey;
  /** Fees may be paid at most this many calendar months in advance. */
  advanceMonths: number;
  /** The most one client (SEBI: one family of clients) may pay in a year, in rupees, statutory charges excluded. */
  annualCapRupees: number;
  /** The circular that sets it. */
  source: string;
}

export const RA_FEE_RULES: readonly RaFeeRule[] = [
  {
    from: "2025-01-08",
    advanceMonths: 3,
    annualCapRupees: 151_000,
    source:
      "SEBI circular SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2025/004 of 8 January 2025 (Guidelines for Research Analysts): fees of at most ₹1,51,000 a year per family of individual or HUF clients; advance fees for at most one quarter",
  },
  {
    from: "2025-04-02",
    advanceMonths: 12,
    annualCapRupees: 151_000,
    source:
      "SEBI circular SEBI/HO/MIRSD/MIRSD-PoD/P/CIR/2025/48 of 2 April 2025: advance fees for at most one year, if the client agrees; the fee limit of 8 January 2025 stands",
  },
];

/** The rule in force on `day` (the first one for days before it, which no grant can have). */
export function raFeeRuleOn(day: DayKey): RaFeeRule {
  let found = RA_FEE_RULES[0] as RaFeeRule;
  for (const rule of RA_FEE_RULES) if (rule.from <= day) found = rule;
  return found;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The same day `months` calendar months later, or that month's last day when it has no such day (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(day: DayKey, months: number): DayKey {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(date, last))}` as DayKey;
}

/**
 * The last day of access that fees paid on `today` may cover: access may end at most `months` calendar
 * months after today starts, so its last day is the day before that date (paid on 28 Nov 2026 for three
 * months: through 27 Feb 2027).
 */
export function latestPaidLastDay(today: DayKey, months: number): DayKey {
  const end = new Date(`${addCalendarMonths(today, months)}T00:00:00Z`);
  return new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10) as DayKey;
}

/**
 * The refund of access ended early: what was paid for the period, pro rata by the whole days left after
 * today, rounded to the rupee. `periodDays` counts the period's days, its first and last included.
 */
export function proRataRefund(paidRupees: number, daysLeft: number, periodDays: number): number {
  if (paidRupees <= 0 || daysLeft <= 0 || periodDays <= 0) return 0;
  return Math.round((paidRupees * Math.min(daysLeft, periodDays)) / periodDays);
}
