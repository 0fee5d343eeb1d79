/**
 * The next option expiry of an instrument on or after a day: the contract a trader would take.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { ExpiryKind } from "../instruments/instrument";
import { optionUnderlying } from "../instruments/option-underlyings";
import { dayKeyFromParts } from "../time/day-math";
import { CRUDEOIL_EXPIRIES } from "./crudeoil-expiries";
import {
  NSE_EXPIRY_RULES_FROM,
  niftyWeeklyExpiriesInMonth,
  nseMonthlyExpiryInMonth,
} from "./nse-expiries";
import { isBusinessDay, previousBusinessDay } from "./sessions";

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

/**
 * A CRUDEOIL option expiry for a month the table does not hold: futures taken on the 19th (or the business
 * day before), options two business days before that. An estimate, for simulated clocks beyond the table.
 */
export function estimatedCrudeOilOptionExpiry(year: number, month: number): DayKey {
  let futures = dayKeyFromParts(year, month, 19);
  if (!isBusinessDay("MCX", futures)) futures = previousBusinessDay("MCX", futures);
  return previousBusinessDay("MCX", previousBusinessDay("MCX", futures));
}

function crudeOilOptionExpiry(year: number, month: number): DayKey {
  const key = `${year}-${String(month).padStart(2, "0")}`;
  const row = CRUDEOIL_EXPIRIES.find((entry) => entry.month === key);
  return row ? row.options : estimatedCrudeOilOptionExpiry(year, month);
}

function expiriesInMonth(symbol: MarketSymbol, kind: ExpiryKind, year: number, month: number) {
  if (symbol === "CRUDEOIL") return [crudeOilOptionExpiry(year, month)];
  if (kind === "weekly") return niftyWeeklyExpiriesInMonth(year, month);
  return [nseMonthlyExpiryInMonth(year, month)];
}

/**
 * The first `kind` expiry of `symbol` on or after `day` (the expiry day itself counts: the contract trades
 * until the close). NIFTY's weekly list includes its monthly expiry. BANKNIFTY and CRUDEOIL have no
 * weekly contracts.
 */
export function nextExpiry(symbol: MarketSymbol, day: DayKey, kind: ExpiryKind): DayKey {
  if (!optionUnderlying(symbol).expiryKinds.includes(kind)) {
    throw new RangeError(`${symbol} has no ${kind} contracts`);
  }
  if (symbol !== "CRUDEOIL" && day < NSE_EXPIRY_RULES_FROM) {
    throw new RangeError(`NSE expiry rules are recorded from ${NSE_EXPIRY_RULES_FROM}`);
  }
  const candidates = monthsFrom(day)
    .flatMap(([year, month]) => expiriesInMonth(symbol, kind, year, month))
    .filter((expiry) => expiry >= day)
    .sort();
  const first = candidates[0];
  if (!first) throw new RangeError(`No ${symbol} expiry found after ${day}`);
  return first;
}

/** The nearest expiry of `symbol` on or after `day`: weekly for NIFTY, monthly for the others. */
export function nearestExpiry(symbol: MarketSymbol, day: DayKey): DayKey {
  const [kind] = optionUnderlying(symbol).expiryKinds;
  return nextExpiry(symbol, day, kind ?? "monthly");
}
