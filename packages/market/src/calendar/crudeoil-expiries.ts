/**
 * MCX CRUDEOIL expiries by contract month: the futures' last trading day and the options' (two MCX
 * business days before the futures; in-the-money options devolve into futures).
 *
 * Futures dates: MCX's contract launch calendar as republished by a broker (Groww, "Crude Oil Futures &
 * Options Expiry" for 2025 and 2026); MCX's own site was not reachable, so treat them as unverified.
 * Option dates: derived by the two-business-day rule with this package's MCX calendar (evening-only days
 * count as business days). Checks against published notices: Jan 2025 options 15 Jan, Feb 2025 17 Feb,
 * Aug 2025 14 Aug (Zerodha bulletin), Jan 2026 14 Jan all agree. Replace a row when MCX's circular says
 * otherwise; the test beside this file re-derives every option date from its futures date.
 */
import type { DayKey } from "@kalpa/contracts/names";

export interface CrudeOilExpiry {
  /** Contract month as YYYY-MM. */
  readonly month: string;
  readonly futures: DayKey;
  readonly options: DayKey;
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
];
