/**
 * NSE index option expiries, as dated rules (market-facts.md, "Expiries"). Each rule holds for the
 * expiries scheduled in its first month and after, until the next rule's; every change so far took effect
 * at the start of a month. A scheduled day that is not an NSE business day moves to the previous business
 * day (the calendar decides, calendar-2018.ts onward).
 *
 * Weekly contracts expire on the weekly weekday of every week except the week of the monthly expiry, whose
 * contract serves that week; where the two weekdays are the same (NIFTY) the monthly is the month's last
 * weekly. The weekly list of a month includes its monthly expiry.
 *
 * To record a change: append a rule with its first month and the circular as its source.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { addDays, dayKeyFromParts, daysInMonth, weekdayOf } from "../time/day-math";
import { isBusinessDay, previousBusinessDay } from "./sessions";

const TUESDAY = 2;
const WEDNESDAY = 3;
const THURSDAY = 4;

export type NseIndex = Exclude<MarketSymbol, "CRUDEOIL">;

export interface NseExpiryRule {
  /** The first month (YYYY-MM) whose scheduled expiries follow the rule. */
  readonly fromMonth: string;
  /** Weekday (0 Sunday … 6 Saturday) of the monthly expiry: the month's last such day. */
  readonly monthlyWeekday: number;
  /** Weekday of the weekly contracts; absent when the index has none. */
  readonly weeklyWeekday?: number;
  /**
   * The first day weekly contracts traded, when they began while the rule held: no weekly expires before
   * it, and before it the index lists monthlies only.
   */
  readonly weekliesListedFrom?: DayKey;
  /** The last weekly expiry, when the weeklies ended while the rule held. */
  readonly lastWeekly?: DayKey;
  readonly source: string;
}

const SEP_2025 =
  "NSE circulars of 17 and 23 Jun 2025, under SEBI's circular of 26 May 2025: contracts expiring on or " +
  "after 1 Sep 2025 expire on Tuesday, NIFTY weekly every Tuesday and the monthlies on the last Tuesday; " +
  "existing contracts moved at the end of 28 Aug 2025, the last Thursday expiry (DSIJ; Business Today, " +
  "23 Jun 2025).";
const JAN_2025 =
  "NSE circular of 29 Nov 2024: from 1 Jan 2025 BANKNIFTY's monthly and quarterly contracts expire on the " +
  "last Thursday instead of the last Wednesday; NIFTY's expiries unchanged (Business Standard, 30 Nov 2024).";

export const NSE_EXPIRY_RULES: Readonly<Record<NseIndex, readonly NseExpiryRule[]>> = {
  NIFTY: [
    {
      fromMonth: "2018-01",
      monthlyWeekday: THURSDAY,
      source:
        "NIFTY's monthly options expire on the last Thursday, the previous trading day when it is a holiday " +
        "(NSE's contract specification, as its weekly-options release of 18 Dec 2018 restates it: livemint, " +
        "BloombergQuint); no NIFTY weeklies before February 2019.",
    },
    {
      fromMonth: "2019-02",
      monthlyWeekday: THURSDAY,
      weeklyWeekday: THURSDAY,
      weekliesListedFrom: "2019-02-11",
      source:
        "NIFTY weekly options from 11 Feb 2019 (BloombergQuint, 'Nifty 50 weekly options makes a stellar " +
        "start'), after SEBI's approval (NSE release of 18 Dec 2018, livemint): seven weeklies expiring every " +
        "Thursday except the week of the monthly, the previous trading day when Thursday is a holiday; the " +
        "first expired Thursday 14 Feb 2019. " +
        "NIFTY weekly every Thursday and monthly on the last Thursday through 2024 (NSE's expiry schedule as " +
        "livemint lists it on 1 Mar 2024: 'Thursday - Nifty 50'; NSE circular of 29 Nov 2024: NIFTY " +
        "unchanged from Jan 2025). NSE's proposed move to Monday from 4 Apr 2025 never took effect.",
    },
    { fromMonth: "2025-09", monthlyWeekday: TUESDAY, weeklyWeekday: TUESDAY, source: SEP_2025 },
  ],
  BANKNIFTY: [
    {
      fromMonth: "2018-01",
      monthlyWeekday: THURSDAY,
      weeklyWeekday: THURSDAY,
      source:
        "BANKNIFTY weekly options since 27 May 2016 (NSE's weekly-options release of 18 Dec 2018: 'in 2016, " +
        "NSE had launched weekly options ... on the Nifty Bank index'), expiring every Thursday except the " +
        "week of the monthly (the last Thursday), the previous trading day when Thursday is a holiday, as " +
        "NSE's NIFTY weekly specification of 2018 copies them. The move to Wednesday came with the " +
        "September 2023 contracts (next rule).",
    },
    {
      fromMonth: "2023-09",
      monthlyWeekday: THURSDAY,
      weeklyWeekday: WEDNESDAY,
      source:
        "BANKNIFTY weekly on Wednesday from 6 Sep 2023, except in the week of the monthly expiry (NSE " +
        "circular of 12 Jul 2023, livemint 13 Jul 2023); the January and February 2024 monthlies kept the " +
        "last Thursday (NSE circular of 28 Dec 2023, livemint 29 Dec 2023).",
    },
    {
      fromMonth: "2024-03",
      monthlyWeekday: WEDNESDAY,
      weeklyWeekday: WEDNESDAY,
      lastWeekly: "2024-11-13",
      source:
        "NSE circular of 28 Dec 2023: BANKNIFTY's monthly and quarterly contracts expire on the last " +
        "Wednesday from 1 Mar 2024, the first on 27 Mar 2024; the quarterly of 26 Dec 2024 moved to " +
        "24 Dec 2024, 25 Dec being a holiday (livemint, 29 Dec 2023 and 1 Mar 2024). Weeklies ended under " +
        "SEBI's circular of 1 Oct 2024 (one weekly index per exchange): the last BANKNIFTY weekly expired " +
        "13 Nov 2024 (NSE, Business Standard 11 Oct 2024).",
    },
    { fromMonth: "2025-01", monthlyWeekday: THURSDAY, source: JAN_2025 },
    { fromMonth: "2025-09", monthlyWeekday: TUESDAY, source: SEP_2025 },
  ],
};

/** First day these rules cover. */
export const NSE_EXPIRY_RULES_FROM: DayKey = "2018-01-01";

function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The rule for expiries scheduled in a month; a RangeError before the first. */
export function nseExpiryRuleFor(symbol: NseIndex, year: number, month: number): NseExpiryRule {
  const key = monthKey(year, month);
  let found: NseExpiryRule | undefined;
  for (const rule of NSE_EXPIRY_RULES[symbol]) if (rule.fromMonth <= key) found = rule;
  if (!found) throw new RangeError(`NSE expiry rules are recorded from ${NSE_EXPIRY_RULES_FROM}`);
  return found;
}

/** Moves a scheduled expiry that falls on a non-business day to the previous business day. */
function adjust(day: DayKey): DayKey {
  return isBusinessDay("NSE", day) ? day : previousBusinessDay("NSE", day);
}

function weekdaysInMonth(year: number, month: number, weekday: number): DayKey[] {
  const days: DayKey[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d += 1) {
    const day = dayKeyFromParts(year, month, d);
    if (weekdayOf(day) === weekday) days.push(day);
  }
  return days;
}

/** The Monday of `day`'s week. */
function mondayOf(day: DayKey): DayKey {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

function scheduledMonthly(rule: NseExpiryRule, year: number, month: number): DayKey {
  const last = weekdaysInMonth(year, month, rule.monthlyWeekday).at(-1);
  if (!last) throw new RangeError(`No expiry weekday in ${monthKey(year, month)}`);
  return last;
}

/** The monthly expiry of `symbol` in a month (its last scheduled weekday), after a holiday move. */
export function nseMonthlyExpiryInMonth(symbol: NseIndex, year: number, month: number): DayKey {
  return adjust(scheduledMonthly(nseExpiryRuleFor(symbol, year, month), year, month));
}

/**
 * Every weekly expiry of `symbol` in a month, its monthly included, after holiday moves; empty for a month
 * without weeklies.
 */
export function nseWeeklyExpiriesInMonth(symbol: NseIndex, year: number, month: number): DayKey[] {
  const rule = nseExpiryRuleFor(symbol, year, month);
  const { weeklyWeekday, weekliesListedFrom, lastWeekly } = rule;
  if (weeklyWeekday === undefined) return [];
  const monthly = scheduledMonthly(rule, year, month);
  const weeklies = weekdaysInMonth(year, month, weeklyWeekday).filter(
    (day) =>
      (weekliesListedFrom === undefined || day >= weekliesListedFrom) &&
      (lastWeekly === undefined || day <= lastWeekly) &&
      mondayOf(day) !== mondayOf(monthly),
  );
  if (weeklies.length === 0) return [];
  return [...new Set([...weeklies, monthly].map(adjust))].sort();
}

/** Whether `symbol` lists weekly contracts that expire on or after `day`. */
export function hasWeekliesOn(symbol: NseIndex, day: DayKey): boolean {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const rule = nseExpiryRuleFor(symbol, year, month);
  if (rule.weeklyWeekday === undefined) return false;
  if (rule.weekliesListedFrom !== undefined && day < rule.weekliesListedFrom) return false;
  return rule.lastWeekly === undefined || day <= rule.lastWeekly;
}
