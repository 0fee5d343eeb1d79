/**
 * The contribution a grant suggests: the plan's price (₹4,999) for each instrument and each month of the
 * period, which the operator can change (a discount, a complimentary grant).
 */
import { PLAN_PRICE_RUPEES } from "@kalpa/contracts/constants";

const DAYS_PER_MONTH = 30;

/** Whole months a period of `days` stands for, at least one: 30 → 1, 60 → 2, 365 → 12. */
export function monthsFor(days: number): number {
  return Math.max(1, Math.round(days / DAYS_PER_MONTH));
}

export function suggestedAmount(instruments: number, days: number): number {
  return PLAN_PRICE_RUPEES * instruments * monthsFor(days);
}
