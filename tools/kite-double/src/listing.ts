/**
 * The instrument list the double serves (GET /instruments), made from the product's own tables for the
 * double's clock day, as Kite regenerates its list every morning:
 *
 * - the NIFTY 50 and NIFTY BANK index rows (segment INDICES, exchange NSE; tokens 256265 and 260105);
 * - NIFTY options for every weekly expiry in the next 5 weeks and the next monthly; BANKNIFTY options for
 *   the next two monthly expiries; CRUDEOIL options for the next two (MCX-OPT); CRUDEOIL futures for the
 *   three nearest contract months (MCX-FUT, last trading days from crudeOilExpiriesOf);
 * - strikes 20 steps either side of the strike nearest the previous close (what Kite's morning list sees);
 * - `lot_size` in Kite's count, unless a test control overrides it: an NFO row's lot from lotSizeOf (by
 *   its expiry, in units); every MCX row 1, as Kite lists MCX (it counts MCX quantities in contracts; its
 *   documented MCX sample row carries 1), so the product must take CRUDEOIL's 100 barrels from its own
 *   table. An option row's `contract` (what the pricer takes) carries the lot in units either way;
 * - ticks from option-underlyings.
 *
 * Tokens: Kite's instrument_token is the exchange_token shifted left 8 bits with the segment in the low
 * byte (256265 = 1001 << 8 | 9; 408065 = 1594 << 8 | 1; 5720578 = 22346 << 8 | 2). The double's
 * exchange_token is a function of the contract alone, so a contract keeps its token every day it is
 * listed: (expiry day code << 13) | (strike / step mod 1024) << 3 | kind << 1 | put, the day code
 * being 1 + (days from 2024-01-01 mod 1023), never 0, so no contract meets the index tokens (1001, 1016).
 * It stays below 2^23, so tokens stay below 2^31 (the SDK reads them as signed 32-bit numbers).
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { KITE_LISTING } from "@kalpa/market/broker/kite/contract-book";
import {
  formatKiteCsv,
  KITE_MCX_LOT_SIZE,
  type KiteInstrument,
} from "@kalpa/market/broker/kite/instruments";
import { KITE_SEGMENT } from "@kalpa/market/broker/kite/ticker-wire";
import { crudeOilExpiriesOf } from "@kalpa/market/calendar/crudeoil-expiries";
import { nextExpiry } from "@kalpa/market/calendar/expiries";
import { nseMonthlyExpiryInMonth } from "@kalpa/market/calendar/nse-expiries";
import { lotSizeOf } from "@kalpa/market/instruments/lot-sizes";
import { optionUnderlying } from "@kalpa/market/instruments/option-underlyings";
import { nearestStrike } from "@kalpa/market/instruments/price-steps";
import { expiryCloseAt } from "@kalpa/market/options/expiry-time";
import type { OptionContract } from "@kalpa/market/options/option-contract";
import type { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { addDays, daysBetween } from "@kalpa/market/time/day-math";

export const INDEX_TOKENS = { NIFTY: 256_265, BANKNIFTY: 260_105 } as const;

/** Strikes listed either side of the one nearest the previous close. */
export const STRIKES_EACH_SIDE = 20;
/** How far ahead NIFTY's weekly expiries are listed. */
const NIFTY_WEEKLY_DAYS = 35;
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** NSE's month letters in weekly option symbols: 1-9, then O, N, D. */
const WEEKLY_MONTH = "123456789OND";
const TOKEN_EPOCH: DayKey = "2024-01-01";

export interface ListedRow extends KiteInstrument {
  /** The product's symbol the row belongs to. */
  readonly symbol: MarketSymbol;
  readonly kind: "index" | "future" | "option";
  /** Options: the contract as the product's pricer takes it; futures: undefined. */
  readonly contract: OptionContract | undefined;
  /** Futures and options: when the contract stops trading (epoch ms). */
  readonly expiresAt: number | undefined;
}

export interface ListingOverrides {
  /** The `lot_size` listed for a symbol's rows, in Kite's count (contracts on MCX). */
  readonly lotSizes: Readonly<Partial<Record<MarketSymbol, number>>>;
  readonly removedStrikes: Readonly<Partial<Record<MarketSymbol, readonly number[]>>>;
}

export const NO_OVERRIDES: ListingOverrides = { lotSizes: {}, removedStrikes: {} };

export interface Listing {
  readonly day: DayKey;
  readonly rows: readonly ListedRow[];
  readonly byToken: ReadonlyMap<number, ListedRow>;
}

const KIND_CODE = { NIFTY: 0, BANKNIFTY: 1, CRUDEOIL: 2 } as const;
const FUTURE_KIND_CODE = 3;

/** The exchange token of a contract (see the header). */
export function exchangeTokenOf(
  kind: number,
  expiry: DayKey,
  strikeIndex: number,
  put: boolean,
): number {
  const dayCode = 1 + (((daysBetween(TOKEN_EPOCH, expiry) % 1023) + 1023) % 1023);
  return (dayCode << 13) | ((strikeIndex & 1023) << 3) | (kind << 1) | (put ? 1 : 0);
}

function instrumentToken(exchangeToken: number, segment: number): number {
  return exchangeToken * 256 + segment;
}

/** `NIFTY26D0126000CE` (a weekly) or `NIFTY26DEC26000CE` (the month's last expiry, and every BANKNIFTY and CRUDEOIL one). */
export function optionSymbol(
  symbol: MarketSymbol,
  expiry: DayKey,
  strike: number,
  type: "CE" | "PE",
  monthly: boolean,
): string {
  const yy = expiry.slice(2, 4);
  const month = Number(expiry.slice(5, 7));
  const code = monthly ? MONTHS[month - 1] : `${WEEKLY_MONTH[month - 1]}${expiry.slice(8, 10)}`;
  return `${symbol}${yy}${code}${strike}${type}`;
}

/** A CRUDEOIL future's last trading day: the table's, else the NYMEX-derived rule's. */
export function crudeFuturesExpiry(year: number, month: number): DayKey {
  return crudeOilExpiriesOf(year, month).futures;
}

/** The `count` CRUDEOIL futures expiries on or after `day`. */
function crudeFuturesExpiries(day: DayKey, count: number): DayKey[] {
  const found: DayKey[] = [];
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7));
  while (found.length < count) {
    const expiry = crudeFuturesExpiry(year, month);
    if (expiry >= day) found.push(expiry);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return found;
}

/** The next `count` expiries of `kind` on or after `day`. */
function expiriesFrom(
  symbol: MarketSymbol,
  day: DayKey,
  kind: "weekly" | "monthly",
  until: (expiry: DayKey, index: number) => boolean,
): DayKey[] {
  const found: DayKey[] = [];
  let from = day;
  for (;;) {
    const expiry = nextExpiry(symbol, from, kind);
    if (!until(expiry, found.length)) return found;
    found.push(expiry);
    from = addDays(expiry, 1);
  }
}

function optionExpiries(symbol: MarketSymbol, day: DayKey): DayKey[] {
  if (symbol === "NIFTY") {
    const weeklies = expiriesFrom(
      symbol,
      day,
      "weekly",
      (expiry) => daysBetween(day, expiry) <= NIFTY_WEEKLY_DAYS,
    );
    const monthly = nextExpiry(symbol, day, "monthly");
    return [...new Set([...weeklies, monthly])].sort();
  }
  return expiriesFrom(symbol, day, "monthly", (_, index) => index < 2);
}

function isMonthlyExpiry(symbol: MarketSymbol, expiry: DayKey): boolean {
  if (symbol !== "NIFTY") return true;
  const [year, month] = [Number(expiry.slice(0, 4)), Number(expiry.slice(5, 7))];
  return nseMonthlyExpiryInMonth(symbol, year, month) === expiry;
}

function indexRow(symbol: "NIFTY" | "BANKNIFTY"): ListedRow {
  const token = INDEX_TOKENS[symbol];
  const name = KITE_LISTING[symbol].index ?? symbol;
  return {
    token,
    exchangeToken: token >> 8,
    tradingSymbol: name,
    name,
    expiry: null,
    strike: 0,
    tickSize: 0,
    lotSize: 0,
    instrumentType: "EQ",
    segment: "INDICES",
    exchange: "NSE",
    symbol,
    kind: "index",
    contract: undefined,
    expiresAt: undefined,
  };
}

function optionRows(
  market: SimulatedMarket,
  symbol: MarketSymbol,
  day: DayKey,
  overrides: ListingOverrides,
): ListedRow[] {
  const underlying = optionUnderlying(symbol);
  let reference: number;
  try {
    reference = market.previousClose(symbol, day);
  } catch {
    return [];
  }
  const mcx = underlying.exchange === "MCX";
  const segmentCode = mcx ? KITE_SEGMENT.MCX : KITE_SEGMENT.NFO;
  const removed = new Set(overrides.removedStrikes[symbol] ?? []);
  const step = underlying.strikeStep;
  const centre = nearestStrike(reference, step);
  const rows: ListedRow[] = [];
  for (const expiry of optionExpiries(symbol, day)) {
    const expiresAt = expiryCloseAt(symbol, expiry);
    const monthly = isMonthlyExpiry(symbol, expiry);
    // Kite's count (contracts on MCX) for the row; units for the pricer's contract.
    const units = lotSizeOf(symbol, expiry);
    const lotSize = overrides.lotSizes[symbol] ?? (mcx ? KITE_MCX_LOT_SIZE : units);
    const contractLot = mcx ? units : lotSize;
    for (let i = -STRIKES_EACH_SIDE; i <= STRIKES_EACH_SIDE; i += 1) {
      const strike = centre + i * step;
      if (strike <= 0 || removed.has(strike)) continue;
      for (const type of ["CE", "PE"] as const) {
        const exchangeToken = exchangeTokenOf(
          KIND_CODE[symbol],
          expiry,
          strike / step,
          type === "PE",
        );
        rows.push({
          token: instrumentToken(exchangeToken, segmentCode),
          exchangeToken,
          tradingSymbol: optionSymbol(symbol, expiry, strike, type, monthly),
          name: symbol,
          expiry,
          strike,
          tickSize: underlying.optionTick,
          lotSize,
          instrumentType: type,
          segment: KITE_LISTING[symbol].optionSegment,
          exchange: mcx ? "MCX" : "NFO",
          symbol,
          kind: "option",
          contract: { symbol, optionType: type, strike, expiry, expiresAt, lotSize: contractLot },
          expiresAt,
        });
      }
    }
  }
  return rows;
}

function crudeFutureRows(day: DayKey, overrides: ListingOverrides): ListedRow[] {
  const underlying = optionUnderlying("CRUDEOIL");
  return crudeFuturesExpiries(day, 3).map((expiry) => {
    const lotSize = overrides.lotSizes.CRUDEOIL ?? KITE_MCX_LOT_SIZE;
    const exchangeToken = exchangeTokenOf(FUTURE_KIND_CODE, expiry, 0, false);
    const month = MONTHS[Number(expiry.slice(5, 7)) - 1];
    return {
      token: instrumentToken(exchangeToken, KITE_SEGMENT.MCX),
      exchangeToken,
      tradingSymbol: `CRUDEOIL${expiry.slice(2, 4)}${month}FUT`,
      name: "CRUDEOIL",
      expiry,
      strike: 0,
      tickSize: underlying.underlyingTick,
      lotSize,
      instrumentType: "FUT",
      segment: "MCX-FUT",
      exchange: "MCX",
      symbol: "CRUDEOIL",
      kind: "future",
      contract: undefined,
      expiresAt: expiryCloseAt("CRUDEOIL", expiry),
    };
  });
}

/** The instrument list for `day`. */
export function buildListing(
  market: SimulatedMarket,
  day: DayKey,
  overrides: ListingOverrides = NO_OVERRIDES,
): Listing {
  const rows: ListedRow[] = [
    indexRow("NIFTY"),
    indexRow("BANKNIFTY"),
    ...optionRows(market, "NIFTY", day, overrides),
    ...optionRows(market, "BANKNIFTY", day, overrides),
    ...crudeFutureRows(day, overrides),
    ...optionRows(market, "CRUDEOIL", day, overrides),
  ];
  return { day, rows, byToken: new Map(rows.map((row) => [row.token, row])) };
}

/** The list as Kite's CSV: every row, or one exchange's (`NSE`, `NFO`, `MCX`). */
export function listingCsv(listing: Listing, exchange?: string): string {
  const rows =
    exchange === undefined ? listing.rows : listing.rows.filter((row) => row.exchange === exchange);
  return formatKiteCsv(rows);
}
