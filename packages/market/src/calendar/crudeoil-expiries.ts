/**
 * MCX CRUDEOIL expiries by contract month: the futures' last trading day and the options' (two MCX
 * business days before the futures; in-the-money options devolve into futures on their expiry day).
 *
 * The rule behind the dates (`crudeOilFuturesByRule`, `crudeOilOptionsByRule`):
 * - MCX's contract of month M follows NYMEX's WTI (CL) contract of month M + 1, whose last trading day
 *   falls in month M (nymex-days.ts: 3 NYMEX business days before the 25th, 4 when the 25th is not one).
 *   MCX's futures expire on the last day before it on which both MCX and NYMEX do business: MCX settles
 *   on NYMEX's price, so its last day is never a US holiday (Jan 2025: NYMEX 21 Jan, MCX Friday 17 Jan,
 *   since Monday 20 Jan was Martin Luther King Jr. Day; Jun 2025 and Jun 2026 skip Juneteenth the same
 *   way). MCX publishes the dates in its contract launch calendar, not the rule: the rule is derived, and
 *   reproduces every row of 2025 and 2026 below.
 * - Options: "two business days prior to the expiry day of the underlying futures contract" (MCX's option
 *   specification, as Zerodha's bulletin of 23 Apr 2024 reproduces it for Crude Oil Mini options; the same
 *   for CRUDEOIL, whose published option dates all agree). MCX business days: evening-only days count.
 *
 * Sources of the rows:
 * - 2025 and 2026 futures: MCX's contract launch calendar as Groww republishes it ("Crude Oil Futures &
 *   Options Expiry", 2025 and 2026 editions); MCX's own site was not reachable. Option dates derived by
 *   the two-day rule; checks against published notices: Jan 2025 options 15 Jan, Feb 2025 17 Feb
 *   (Groww), May 2024 16 May and Aug 2025 14 Aug (Zerodha bulletins), Jan 2026 14 Jan all agree.
 * - 2027: derived by the rule above, before MCX lists the contracts (January 2027 lists in July 2026).
 *   They depend on US holidays (Jan: MLK Day 18 Jan does not matter for the futures but lies between
 *   them and the options; Jun: NYMEX 22 Jun; Nov: Thanksgiving on the 25th, so 4 days before; Dec:
 *   Christmas observed Friday 24 Dec) and on MCX's 2027 calendar, which is provisional: an MCX holiday of
 *   the lunar calendar that closes MCX all day inside a window would move a date (an NSE holiday leaves
 *   MCX its evening session, still a business day). Replace the 2027 rows with MCX's launch calendar
 *   when it is published.
 * Replace a row when MCX's circular says otherwise; the test beside expiries.ts re-derives every option
 * date from its futures date and every futures date from the NYMEX rule.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { addDays } from "../time/day-math";
import { isNymexBusinessDay, wtiLastTradingDay } from "./nymex-days";
import { isBusinessDay, MAX_CLOSED_DAYS, previousBusinessDay } from "./sessions";

export interface CrudeOilExpiry {
  /** Contract month as YYYY-MM. */
  readonly month: string;
  readonly futures: DayKey;
  readonly options: DayKey;
  /** Set where the futures date is the rule's, not yet MCX's published one (2027). */
  readonly derived?: true;
}

export const CRUDEOIL_EXPIRIES: readonly CrudeOilExpiry[] = [
  { month: "2025-01", futures: "2025-01-17", options: "2025-01-15" },
  { month: "2025-02", futures: "2025-02-19", options: "2025-02-17" },
  { month: "2025-03", futures: "2025-03-19", options: "2025-03-17" },
  { month: "2025-04", futures: "2025-04-21", options: "2025-04-16" },
  { month: "2025-05", futures: "2025-05-19", options: "2025-05-15" },
  { month: "2025-06", futures: "2025-06-18", options: "2025-06-16" },
  { month: "2025-07", futures: "2025-07-21", options: "2025-07-17" },
  { month: "2025-08", futures: "2025-08-19", options: "2025-08-14" },
  { month: "2025-09", futures: "2025-09-19", options: "2025-09-17" },
  { month: "2025-10", futures: "2025-10-20", options: "2025-10-16" },
  { month: "2025-11", futures: "2025-11-19", options: "2025-11-17" },
  { month: "2025-12", futures: "2025-12-18", options: "2025-12-16" },
  { month: "2026-01", futures: "2026-01-16", options: "2026-01-14" },
  { month: "2026-02", futures: "2026-02-19", options: "2026-02-17" },
  { month: "2026-03", futures: "2026-03-19", options: "2026-03-17" },
  { month: "2026-04", futures: "2026-04-20", options: "2026-04-16" },
  { month: "2026-05", futures: "2026-05-18", options: "2026-05-14" },
  { month: "2026-06", futures: "2026-06-18", options: "2026-06-16" },
  { month: "2026-07", futures: "2026-07-20", options: "2026-07-16" },
  { month: "2026-08", futures: "2026-08-19", options: "2026-08-17" },
  { month: "2026-09", futures: "2026-09-21", options: "2026-09-17" },
  { month: "2026-10", futures: "2026-10-19", options: "2026-10-15" },
  { month: "2026-11", futures: "2026-11-19", options: "2026-11-17" },
  { month: "2026-12", futures: "2026-12-18", options: "2026-12-16" },
  { month: "2027-01", futures: "2027-01-19", options: "2027-01-15", derived: true },
  { month: "2027-02", futures: "2027-02-19", options: "2027-02-17", derived: true },
  { month: "2027-03", futures: "2027-03-19", options: "2027-03-17", derived: true },
  { month: "2027-04", futures: "2027-04-19", options: "2027-04-15", derived: true },
  { month: "2027-05", futures: "2027-05-19", options: "2027-05-17", derived: true },
  { month: "2027-06", futures: "2027-06-21", options: "2027-06-17", derived: true },
  { month: "2027-07", futures: "2027-07-19", options: "2027-07-15", derived: true },
  { month: "2027-08", futures: "2027-08-19", options: "2027-08-17", derived: true },
  { month: "2027-09", futures: "2027-09-20", options: "2027-09-16", derived: true },
  { month: "2027-10", futures: "2027-10-19", options: "2027-10-15", derived: true },
  { month: "2027-11", futures: "2027-11-18", options: "2027-11-16", derived: true },
  { month: "2027-12", futures: "2027-12-17", options: "2027-12-15", derived: true },
];

/** The month after `month` (1-12) of `year`. */
function nextMonth(year: number, month: number): [number, number] {
  return month === 12 ? [year + 1, 1] : [year, month + 1];
}

/**
 * The futures expiry of contract month `month` (1-12) of `year` by the rule: the last day before NYMEX's
 * WTI last trading day of the next contract month on which both MCX and NYMEX do business.
 */
export function crudeOilFuturesByRule(year: number, month: number): DayKey {
  const nymexLast = wtiLastTradingDay(...nextMonth(year, month));
  let day = addDays(nymexLast, -1);
  for (let i = 0; i < MAX_CLOSED_DAYS; i += 1) {
    if (isBusinessDay("MCX", day) && isNymexBusinessDay(day)) return day;
    day = addDays(day, -1);
  }
  throw new RangeError(`No day open on both MCX and NYMEX before ${nymexLast}`);
}

/** The options' expiry by the rule: two MCX business days before the futures' expiry. */
export function crudeOilOptionsByRule(futures: DayKey): DayKey {
  return previousBusinessDay("MCX", previousBusinessDay("MCX", futures));
}

/**
 * The expiries of contract month `month` (1-12) of `year`: the table's row, else the rule's dates
 * (`estimated`: true), for simulated clocks beyond the table.
 */
export function crudeOilExpiriesOf(
  year: number,
  month: number,
): CrudeOilExpiry & { readonly estimated: boolean } {
  const key = `${year}-${String(month).padStart(2, "0")}`;
  const row = CRUDEOIL_EXPIRIES.find((entry) => entry.month === key);
  if (row) return { ...row, estimated: false };
  const futures = crudeOilFuturesByRule(year, month);
  return { month: key, futures, options: crudeOilOptionsByRule(futures), estimated: true };
}
