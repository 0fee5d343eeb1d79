/**
 * The option contract a model trades: the strike (at the money, or some steps in or out of the money on
 * the instrument's strike grid), the expiry (NIFTY the nearest weekly, BANKNIFTY the monthly, CRUDEOIL
 * from the MCX expiry table, the next month's from the options' expiry day) and the lot size of the
 * contract's expiry.
 */
import { type DayKey, MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import { nearestExpiry } from "../calendar/expiries";
import type { CalendarOptions } from "../calendar/sessions";
import { lotSizeOf } from "../instruments/lot-sizes";
import { optionUnderlying } from "../instruments/option-underlyings";
import { nearestStrike } from "../instruments/price-steps";
import { roundRupees } from "../journal/charges";
import { dayKeyOf } from "../time/day-key";
import { addDays } from "../time/day-math";
import { expiryCloseAt } from "./expiry-time";

export interface OptionContract {
  readonly symbol: MarketSymbol;
  readonly optionType: OptionType;
  readonly strike: number;
  readonly expiry: DayKey;
  /** The instant the contract stops trading (the exchange's close on the expiry day). */
  readonly expiresAt: number;
  /** Units per lot on the trading day the contract was chosen. */
  readonly lotSize: number;
}

/**
 * The strike `steps` grid steps in the money from the at-the-money strike (negative: out of the money).
 * A call is in the money below the underlying, a put above it.
 */
export function strikeFor(
  symbol: MarketSymbol,
  optionType: OptionType,
  underlyingPrice: number,
  steps = 0,
): number {
  const step = optionUnderlying(symbol).strikeStep;
  const atm = nearestStrike(underlyingPrice, step);
  return atm - (optionType === "CE" ? 1 : -1) * steps * step;
}

/**
 * The nearest expiry in which a fresh position can be opened at `at`, with its closing instant: the
 * nearest one still trading, except that on a CRUDEOIL options' expiry day the next month's series
 * (`opensOnExpiryDay`, option-underlyings.ts).
 */
export function tradedExpiry(
  symbol: MarketSymbol,
  at: number,
  calendar: CalendarOptions = {},
): { expiry: DayKey; expiresAt: number } {
  const day = dayKeyOf(at);
  const expiry = nearestExpiry(symbol, day);
  const expiresAt = expiryCloseAt(symbol, expiry, calendar);
  const opens = expiry !== day || optionUnderlying(symbol).opensOnExpiryDay;
  if (opens && expiresAt > at) return { expiry, expiresAt };
  const next = nearestExpiry(symbol, addDays(expiry, 1));
  return { expiry: next, expiresAt: expiryCloseAt(symbol, next, calendar) };
}

/** The contract to trade at `at` for a view on `symbol` expressed by `optionType`. */
export function contractAt(
  symbol: MarketSymbol,
  optionType: OptionType,
  underlyingPrice: number,
  at: number,
  options: { readonly stepsInTheMoney?: number; readonly calendar?: CalendarOptions } = {},
): OptionContract {
  const { expiry, expiresAt } = tradedExpiry(symbol, at, options.calendar);
  return {
    symbol,
    optionType,
    strike: strikeFor(symbol, optionType, underlyingPrice, options.stepsInTheMoney ?? 0),
    expiry,
    expiresAt,
    lotSize: lotSizeOf(symbol, expiry),
  };
}

/**
 * A contract's key across the engine, the feeds and the forecasts: "NIFTY:2026-12-01:26000:CE".
 */
export function contractKey(contract: {
  readonly symbol: MarketSymbol;
  readonly expiry: DayKey;
  readonly strike: number;
  readonly optionType: OptionType;
}): string {
  return `${contract.symbol}:${contract.expiry}:${contract.strike}:${contract.optionType}`;
}

/** The contract a key names, as contractKey writes it; undefined for anything else. */
export function parseContractKey(
  key: string,
): Pick<OptionContract, "symbol" | "expiry" | "strike" | "optionType"> | undefined {
  const [symbol, expiry, strike, optionType] = key.split(":");
  if (!MARKET_SYMBOLS.includes(symbol as MarketSymbol)) return undefined;
  if (optionType !== "CE" && optionType !== "PE") return undefined;
  if (expiry === undefined || !Number.isFinite(Number(strike))) return undefined;
  return { symbol: symbol as MarketSymbol, expiry, strike: Number(strike), optionType };
}

/** Rupees for one lot at `premium` per unit. */
export function premiumPerLot(premium: number, lotSize: number): number {
  return roundRupees(premium * lotSize);
}
