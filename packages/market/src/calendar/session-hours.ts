/**
 * Each exchange's trading hours as dated facts (market-facts.md, "Sessions"), in Asia/Kolkata as "HH:MM".
 * An entry holds from its `from` day until the next entry's; a day before the first entry has no hours
 * recorded, and asking for it is an error rather than a guess. When an exchange changes its hours, add an
 * entry with the first day of the new hours and the circular as its source: everything that needs the
 * hours (sessions, market status, bars, expiry instants, the square-off, the simulator, the footer) reads
 * them from here for the day in question, so a 2024 day keeps its 15:30 close and a day from 3 Aug 2026
 * closes at 15:40. A day of the operator's calendar (calendar-book.ts) can close an exchange or add a
 * special session with its own hours; it does not change the regular hours.
 */
import type { DayKey, ExchangeName } from "@kalpa/contracts/names";
import { instantAt, parseTimeOfDay } from "../time/time-of-day";
import { isUsDst } from "./us-dst";

/** NSE's equity derivatives segment (NIFTY and BANKNIFTY options). */
export interface NseHours {
  /** The first day these hours hold. */
  readonly from: DayKey;
  /** The pre-open order window before the normal market (the models do not trade it). */
  readonly preOpen: { readonly open: string; readonly close: string };
  /** The normal market. */
  readonly open: string;
  readonly close: string;
  /**
   * From this time the NIFTY indices are computed from a cash market in its closing auction (their
   * constituents' official closes are discovered there), while the derivatives still trade continuously.
   */
  readonly cashAuctionFrom?: string;
  readonly source: string;
}

/** MCX's commodity derivatives (CRUDEOIL). */
export interface McxHours {
  readonly from: DayKey;
  readonly open: string;
  /** Close while US daylight saving time is in force. */
  readonly closeUsSummer: string;
  /** Close otherwise. */
  readonly closeUsWinter: string;
  /** On NSE holidays that are not full MCX closures, MCX trades from here to its close. */
  readonly eveningOpen: string;
  /** On a morning-only day (1 January), MCX closes here. */
  readonly morningClose: string;
  readonly source: string;
}

export const NSE_HOURS: readonly NseHours[] = [
  {
    from: "2018-01-01",
    preOpen: { open: "09:00", close: "09:08" },
    open: "09:15",
    close: "15:30",
    source:
      "NSE's normal market 09:15-15:30 with the 09:00-09:08 pre-open, in force over every year of recorded " +
      "prices the product reads (from 2018) until 31 Jul 2026.",
  },
  {
    from: "2026-08-03",
    preOpen: { open: "09:00", close: "09:08" },
    open: "09:15",
    close: "15:40",
    cashAuctionFrom: "15:15",
    source:
      "NSE circular of 29 May 2026: the equity derivatives segment's normal market closes at 15:40 from " +
      "3 Aug 2026, under SEBI's closing auction session for the cash market (15:15-15:35, which sets the " +
      "index constituents' official closes); pre-open and the 09:15 open unchanged; the derivatives' " +
      "closing price is the volume-weighted price of 15:10-15:40 (it was 15:00-15:30).",
  },
];

export const MCX_HOURS: readonly McxHours[] = [
  {
    from: "2018-01-01",
    open: "09:00",
    closeUsSummer: "23:30",
    closeUsWinter: "23:55",
    eveningOpen: "17:00",
    morningClose: "17:00",
    source:
      "MCX trading hours for non-agricultural commodities: 09:00 to 23:30 while the US is on daylight " +
      "saving time and 23:55 otherwise; the evening session from 17:00 on NSE holidays that are not full " +
      "closures; the morning session only (to 17:00) on 1 January (MCX holiday circulars).",
  },
];

function inForce<T extends { readonly from: DayKey }>(
  table: readonly T[],
  exchange: ExchangeName,
  day: DayKey,
): T {
  let found: T | undefined;
  for (const entry of table) if (entry.from <= day) found = entry;
  if (!found) {
    throw new RangeError(
      `No ${exchange} trading hours recorded for ${day} (the table starts ${table[0]?.from})`,
    );
  }
  return found;
}

/** NSE's hours in force on `day`. */
export function nseHoursOn(day: DayKey): NseHours {
  return inForce(NSE_HOURS, "NSE", day);
}

/** MCX's hours in force on `day`. */
export function mcxHoursOn(day: DayKey): McxHours {
  return inForce(MCX_HOURS, "MCX", day);
}

/** The close of MCX's regular session on `day`: by the US clock change (23:30 or 23:55 today). */
export function mcxCloseOn(day: DayKey): string {
  const hours = mcxHoursOn(day);
  return isUsDst(day) ? hours.closeUsSummer : hours.closeUsWinter;
}

/**
 * The first day of the hours in force now for NSE: an operator's NSE_CLOSE overrides the close from this day
 * on, never a day of an earlier set of hours (history keeps its own close).
 */
export function latestNseHoursFrom(): DayKey {
  return NSE_HOURS.at(-1)?.from ?? "9999-12-31";
}

/**
 * The part of NSE's regular session on `day` in which the cash market is in its closing auction (from
 * 3 Aug 2026: 15:15 to the 15:40 close), as instants; undefined on a day without one. The index is then not
 * a continuously traded price, and the models leave its bars out (model-runner.ts).
 */
export function cashAuctionOn(
  day: DayKey,
): { readonly from: number; readonly to: number } | undefined {
  const hours = nseHoursOn(day);
  if (hours.cashAuctionFrom === undefined) return undefined;
  return {
    from: instantAt(day, parseTimeOfDay(hours.cashAuctionFrom)),
    to: instantAt(day, parseTimeOfDay(hours.close)),
  };
}

/** The regular session's hours of `exchange` on an ordinary weekday `day`, as "HH:MM". */
export function regularHoursOn(
  exchange: ExchangeName,
  day: DayKey,
  nseClose?: string,
): { readonly open: string; readonly close: string } {
  if (exchange === "MCX") return { open: mcxHoursOn(day).open, close: mcxCloseOn(day) };
  const hours = nseHoursOn(day);
  const override = nseClose !== undefined && day >= latestNseHoursFrom();
  return { open: hours.open, close: override ? nseClose : hours.close };
}
