/**
 * The next option expiry of an instrument on or after a day: the contract a trader would take.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { ExpiryKind } from "../instruments/instrument";
import { optionUnderlying } from "../instruments/option-underlyings";
import { calendarVersion } from "./calendar-book";
import { crudeOilExpiriesOf } from "./crudeoil-expiries";
import {
  hasWeekliesOn,
  NSE_EXPIRY_RULES_FROM,
  nseMonthlyExpiryInMonth,
  nseWeeklyExpiriesInMonth,
} from "./nse-expiries";

/** Months scanned from the day's own: an expiry is never more than two months away. */
const MONTHS_AHEAD = 3;

function monthsFrom(day: DayKey): Array<[number, number]> {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return Array.from({ length: MONTHS_AHEAD }, (_, i) => {
    const index = month - 1 + i;
    return [year + Math.floor(index / 12), (index % 12) + 1];
  });
}

function computeExpiriesInMonth(
  symbol: MarketSymbol,
  kind: ExpiryKind,
  year: number,
  month: number,
): readonly DayKey[] {
  if (symbol === "CRUDEOIL") return [crudeOilExpiriesOf(year, month).options];
  if (kind === "weekly") return nseWeeklyExpiriesInMonth(symbol, year, month);
  return [nseMonthlyExpiryInMonth(symbol, year, month)];
}

/** Each month's expiries as computed for the calendar book's version (an operator's edit recomputes them). */
const monthExpiries = new Map<string, readonly DayKey[]>();
let monthExpiriesVersion = -1;

function expiriesInMonth(symbol: MarketSymbol, kind: ExpiryKind, year: number, month: number) {
  if (monthExpiriesVersion !== calendarVersion()) {
    monthExpiries.clear();
    monthExpiriesVersion = calendarVersion();
  }
  const key = `${symbol} ${kind} ${year} ${month}`;
  let expiries = monthExpiries.get(key);
  if (!expiries) {
    expiries = computeExpiriesInMonth(symbol, kind, year, month);
    monthExpiries.set(key, expiries);
  }
  return expiries;
}

/**
 * The kinds of contract `symbol` lists on `day`, nearest first: NIFTY weekly and monthly; BANKNIFTY the
 * same from 2018 until its weeklies ended (13 Nov 2024), monthly after; NIFTY monthly only before its
 * weeklies began (11 Feb 2019); CRUDEOIL monthly.
 */
export function expiryKindsOn(symbol: MarketSymbol, day: DayKey): readonly ExpiryKind[] {
  if (symbol === "CRUDEOIL") return optionUnderlying(symbol).expiryKinds;
  checkNseDay(day);
  return hasWeekliesOn(symbol, day) ? ["weekly", "monthly"] : ["monthly"];
}

function checkNseDay(day: DayKey): void {
  if (day < NSE_EXPIRY_RULES_FROM) {
    throw new RangeError(`NSE expiry rules are recorded from ${NSE_EXPIRY_RULES_FROM}`);
  }
}

/**
 * The first `kind` expiry of `symbol` on or after `day` (the expiry day itself counts: the contract trades
 * until the close, though a CRUDEOIL option takes no fresh positions that day, see option-contract.ts).
 * A weekly list includes the month's monthly expiry. BANKNIFTY has had no weekly contracts since
 * 13 Nov 2024, CRUDEOIL none at all.
 */
export function nextExpiry(symbol: MarketSymbol, day: DayKey, kind: ExpiryKind): DayKey {
  if (!expiryKindsOn(symbol, day).includes(kind)) {
    throw new RangeError(`${symbol} has no ${kind} contracts on ${day}`);
  }
  const candidates = monthsFrom(day)
    .flatMap(([year, month]) => expiriesInMonth(symbol, kind, year, month))
    .filter((expiry) => expiry >= day)
    .sort();
  const first = candidates[0];
  if (!first) throw new RangeError(`No ${symbol} expiry found after ${day}`);
  return first;
}

/**
 * The nearest expiry of `symbol` on or after `day`: the weekly where the index lists weeklies that day
 * (NIFTY; BANKNIFTY until 13 Nov 2024), else the monthly.
 */
export function nearestExpiry(symbol: MarketSymbol, day: DayKey): DayKey {
  const [kind] = expiryKindsOn(symbol, day);
  return nextExpiry(symbol, day, kind ?? "monthly");
}
