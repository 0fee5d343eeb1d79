/**
 * Real option quotes from the recorded files, as chain quotes the calibration reads (pure fitting code in
 * src/options/chain-calibration.ts). Shared by scripts/calibrate-options.ts and the recorded checks.
 *
 * - The NSE chain of one day (nse-options-eod): per index and expiry, the forward by put–call parity on the
 *   closing prices; the quotes kept are the strikes within 0.5 % of the forward and the nearest one (calls and
 *   puts: "at the money") and the out-of-the-money calls above and puts below, out to 4 % of the forward, that traded that day
 *   and closed at 0.50 or more (a premium of a few ticks has no percentage error worth the name).
 * - The at-the-money 5-minute series (options-atm-5min): each session's 15:25 bar of the call and the put,
 *   at the strike nearest that day's index close (index-daily), on the expiry the product trades then
 *   (option-contract.ts's tradedExpiry); the expiry day itself is left out (five minutes to expiry).
 * - MCX crude options (crudeoil-options-1min): each session's last price at or before 17:00, per expiry, the same selection
 *   as the NSE chain around the parity forward.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import { type ChainQuote, type ParityPair, parityForward } from "../src/options/chain-calibration";
import { YEAR_MS } from "../src/options/expiry-time";
import { contractAt } from "../src/options/option-contract";
import { parseIndiaTime } from "../src/time/india-time";
import { csvRows, recordedFiles } from "./market-data";

/** The rate the calibration prices with (option-pricing.ts's DEFAULT_PRICING.rate). */
export const CALIBRATION_RATE = 0.055;

export interface ExpiryChain {
  readonly symbol: MarketSymbol;
  /** The day the quotes are of (YYYY-MM-DD). */
  readonly day: string;
  readonly expiry: string;
  readonly spot: number | undefined;
  readonly forward: number;
  readonly years: number;
  /** The calls and puts within 0.5 % of the forward, or of the strike nearest it. */
  readonly atm: readonly ChainQuote[];
  readonly otm: readonly ChainQuote[];
}

const BAND = 0.04;
const ATM_BAND = 0.005;
const MIN_PREMIUM = 0.5;

interface RawQuote {
  readonly strike: number;
  readonly type: OptionType;
  readonly price: number;
}

/** Groups one expiry's quotes into a chain around its parity forward. */
function expiryChain(
  symbol: MarketSymbol,
  day: string,
  expiry: string,
  spot: number | undefined,
  years: number,
  raw: readonly RawQuote[],
): ExpiryChain | undefined {
  const byStrike = new Map<number, { call?: number; put?: number }>();
  for (const q of raw) {
    const entry = byStrike.get(q.strike) ?? {};
    if (q.type === "CE") entry.call = q.price;
    else entry.put = q.price;
    byStrike.set(q.strike, entry);
  }
  const pairs: ParityPair[] = [];
  for (const [strike, { call, put }] of byStrike) {
    if (call !== undefined && put !== undefined) pairs.push({ strike, call, put });
  }
  if (pairs.length === 0 || !(years > 0)) return undefined;
  const forward = parityForward(pairs, CALIBRATION_RATE, years);
  const nearest = [...byStrike.keys()].sort(
    (a, b) => Math.abs(a - forward) - Math.abs(b - forward),
  )[0];
  const atTheMoney = (strike: number) =>
    strike === nearest || Math.abs(strike / forward - 1) <= ATM_BAND;
  const quote = (q: RawQuote): ChainQuote => ({ ...q, forward, years });
  const atm = raw.filter((q) => atTheMoney(q.strike) && q.price >= MIN_PREMIUM).map(quote);
  const otm = raw
    .filter(
      (q) =>
        !atTheMoney(q.strike) &&
        Math.abs(q.strike / forward - 1) <= BAND &&
        q.price >= MIN_PREMIUM &&
        (q.type === "CE" ? q.strike > forward : q.strike < forward),
    )
    .map(quote);
  return { symbol, day, expiry, spot, forward, years, atm, otm };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Index closes by day from index-daily. */
export function indexCloses(symbol: "NIFTY" | "BANKNIFTY"): Map<string, number> {
  const closes = new Map<string, number>();
  for (const file of recordedFiles("index-daily", `${symbol}.`)) {
    for (const row of csvRows(file)) {
      const [day, , , , close] = row.split(",");
      if (day && close) closes.set(day, Number(close));
    }
  }
  return closes;
}

/** The NSE chains of the recorded bhavcopies (every index and expiry), nearest expiry first. */
export function nseChains(): ExpiryChain[] {
  const groups = new Map<string, RawQuote[]>();
  for (const file of recordedFiles("nse-options-eod", "NIFTY_BANKNIFTY_options_")) {
    for (const row of csvRows(file)) {
      const [day, symbol, expiry, strike, type, , , , close, , contracts] = row.split(",");
      if (!day || !symbol || !expiry || !(Number(contracts) > 0) || !(Number(close) > 0)) continue;
      const key = `${symbol},${day},${expiry}`;
      const list = groups.get(key) ?? [];
      list.push({ strike: Number(strike), type: type as OptionType, price: Number(close) });
      groups.set(key, list);
    }
  }
  const closes = { NIFTY: indexCloses("NIFTY"), BANKNIFTY: indexCloses("BANKNIFTY") };
  const chains: ExpiryChain[] = [];
  for (const [key, raw] of groups) {
    const [symbol, day, expiry] = key.split(",") as ["NIFTY" | "BANKNIFTY", string, string];
    // NSE's options close at 15:30 on the quote day and on the expiry day: whole days apart.
    const years = (Date.parse(expiry) - Date.parse(day)) / YEAR_MS;
    const chain = expiryChain(symbol, day, expiry, closes[symbol].get(day), years, raw);
    if (chain) chains.push(chain);
  }
  return chains.sort(
    (a, b) => a.symbol.localeCompare(b.symbol) || a.expiry.localeCompare(b.expiry),
  );
}

/** The at-the-money call and put of each recorded session at 15:25, as a two-quote chain. */
export function atmSessions(symbol: "NIFTY" | "BANKNIFTY"): ExpiryChain[] {
  const closes = indexCloses(symbol);
  const lastBar = (type: OptionType) => {
    const prices = new Map<string, number>();
    for (const file of recordedFiles("options-atm-5min", `${symbol}_ATM_${type}_`)) {
      for (const row of csvRows(file)) {
        if (row.slice(11, 16) !== "15:25") continue;
        prices.set(row.slice(0, 10), Number(row.split(",")[4]));
      }
    }
    return prices;
  };
  const calls = lastBar("CE");
  const puts = lastBar("PE");
  const sessions: ExpiryChain[] = [];
  for (const [day, call] of calls) {
    const put = puts.get(day);
    const spot = closes.get(day);
    if (put === undefined || spot === undefined || !(call > 0) || !(put > 0)) continue;
    const at = parseIndiaTime(`${day} 15:25`);
    // The series follows the monthly contract (its premiums fit the month's time to expiry, not the
    // week's): NIFTY's monthly expiry is BANKNIFTY's (both the last expiry weekday of the month).
    const monthly = contractAt("BANKNIFTY", "CE", spot, at);
    const contract = {
      ...contractAt(symbol, "CE", spot, at),
      expiry: monthly.expiry,
      expiresAt: monthly.expiresAt,
    };
    if (contract.expiry === day) continue;
    const years = (contract.expiresAt - at) / YEAR_MS;
    if (years * 365 < 0.5) continue;
    const raw: RawQuote[] = [
      { strike: contract.strike, type: "CE", price: call },
      { strike: contract.strike, type: "PE", price: put },
    ];
    const chain = expiryChain(symbol, day, contract.expiry, spot, years, raw);
    if (chain) sessions.push(chain);
  }
  return sessions.sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * MCX crude chains: each recorded session's last price of every contract at or before 17:00 (illiquid
 * strikes trade seldom), per expiry.
 */
export function crudeChains(): ExpiryChain[] {
  const last = new Map<string, { time: string; price: number }>();
  for (const file of recordedFiles("crudeoil-options-1min", "CRUDEOIL_options_")) {
    for (const row of csvRows(file)) {
      const [time, expiry, strike, type, , , , close] = row.split(",");
      if (!time || !expiry || !(Number(close) > 0) || time.slice(11, 16) > "17:00") continue;
      const key = `${time.slice(0, 10)},${expiry},${strike},${type}`;
      const seen = last.get(key);
      if (!seen || seen.time < time) last.set(key, { time, price: Number(close) });
    }
  }
  const groups = new Map<string, RawQuote[]>();
  for (const [key, { price }] of last) {
    const [day, expiry, strike, type] = key.split(",") as [string, string, string, OptionType];
    if (day < "2025-06-02") continue; // a few stray bars from before the span
    const list = groups.get(`${day},${expiry}`) ?? [];
    list.push({ strike: Number(strike), type, price });
    groups.set(`${day},${expiry}`, list);
  }
  const chains: ExpiryChain[] = [];
  for (const [key, raw] of groups) {
    const [day, expiry] = key.split(",") as [string, string];
    // MCX crude options stop at 23:30 on the expiry day; the quote is of 17:00.
    const years = (Date.parse(expiry) - Date.parse(day) + (6.5 / 24) * DAY_MS) / YEAR_MS;
    const chain = expiryChain("CRUDEOIL", day, expiry, undefined, years, raw);
    if (chain) chains.push(chain);
  }
  return chains.sort((a, b) => a.day.localeCompare(b.day) || a.expiry.localeCompare(b.expiry));
}
