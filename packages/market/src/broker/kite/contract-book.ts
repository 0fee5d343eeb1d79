/**
 * The broker's instrument list as the engine needs it: the tokens to stream (the two indices and the
 * current CRUDEOIL future, rolled after its expiry), the option contract a model trades (its expiry, strike
 * and type must be listed; its lot size and tick come from the list), and where the list disagrees with the
 * product's own tables (lot sizes, expiries), which stay the fallback without a broker.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import { nearestExpiry } from "../../calendar/expiries";
import type { CalendarOptions } from "../../calendar/sessions";
import { lotSizeOf } from "../../instruments/lot-sizes";
import { optionUnderlying } from "../../instruments/option-underlyings";
import { expiryCloseAt } from "../../options/expiry-time";
import { contractKey, type OptionContract } from "../../options/option-contract";

export { contractKey };

import { dayKeyOf } from "../../time/day-key";
import { parseIndiaTime } from "../../time/india-time";
import type { KiteInstrument } from "./instruments";

/** How each symbol is listed: the index rows by trading symbol, the contracts by `name`. */
export const KITE_LISTING: Readonly<
  Record<
    MarketSymbol,
    { readonly exchange: "NSE" | "MCX"; readonly optionSegment: string; readonly index?: string }
  >
> = {
  NIFTY: { exchange: "NSE", optionSegment: "NFO-OPT", index: "NIFTY 50" },
  BANKNIFTY: { exchange: "NSE", optionSegment: "NFO-OPT", index: "NIFTY BANK" },
  CRUDEOIL: { exchange: "MCX", optionSegment: "MCX-OPT" },
};

/** A contract the broker lists, with what trading it needs. */
export interface ListedContract extends OptionContract {
  readonly token: number;
  readonly tradingSymbol: string;
  readonly tickSize: number;
}

export type ContractResolution =
  | { readonly ok: true; readonly contract: ListedContract }
  | { readonly ok: false; readonly reason: string };

export interface ListingDisagreement {
  readonly symbol: MarketSymbol;
  readonly field: "lotSize" | "expiry";
  /** The product's own table. */
  readonly table: string;
  /** The broker's list. */
  readonly broker: string;
  readonly message: string;
}

/** The instant a listed expiry stops trading: its exchange's close that day (the regular close if the
 * product's calendar has no session then, which the disagreement check reports). */
function closeOf(symbol: MarketSymbol, expiry: DayKey, calendar: CalendarOptions): number {
  try {
    return expiryCloseAt(symbol, expiry, calendar);
  } catch {
    const exchange = optionUnderlying(symbol).exchange;
    return parseIndiaTime(
      `${expiry} ${exchange === "NSE" ? (calendar.nseClose ?? "15:30") : "23:30"}`,
    );
  }
}

export class KiteContractBook {
  readonly #byToken = new Map<number, KiteInstrument>();
  readonly #options = new Map<string, KiteInstrument>();
  readonly #expiries = new Map<MarketSymbol, DayKey[]>();
  readonly #futures = new Map<MarketSymbol, KiteInstrument[]>();
  readonly #indices = new Map<MarketSymbol, KiteInstrument>();
  /** How many rows the book was built from. */
  readonly size: number;

  constructor(instruments: readonly KiteInstrument[]) {
    this.size = instruments.length;
    const symbols = Object.keys(KITE_LISTING) as MarketSymbol[];
    for (const instrument of instruments) {
      for (const symbol of symbols) {
        const listing = KITE_LISTING[symbol];
        if (
          listing.index !== undefined &&
          instrument.segment === "INDICES" &&
          instrument.tradingSymbol === listing.index
        ) {
          this.#indices.set(symbol, instrument);
          this.#byToken.set(instrument.token, instrument);
        }
        if (instrument.name !== symbol || instrument.expiry === null) continue;
        if (instrument.segment === listing.optionSegment) {
          if (instrument.instrumentType !== "CE" && instrument.instrumentType !== "PE") continue;
          this.#options.set(
            contractKey({
              symbol,
              expiry: instrument.expiry,
              strike: instrument.strike,
              optionType: instrument.instrumentType,
            }),
            instrument,
          );
          this.#byToken.set(instrument.token, instrument);
          const days = this.#expiries.get(symbol) ?? [];
          if (!days.includes(instrument.expiry)) days.push(instrument.expiry);
          this.#expiries.set(symbol, days);
        } else if (instrument.instrumentType === "FUT" && listing.index === undefined) {
          const list = this.#futures.get(symbol) ?? [];
          list.push(instrument);
          this.#futures.set(symbol, list);
          this.#byToken.set(instrument.token, instrument);
        }
      }
    }
    for (const days of this.#expiries.values()) days.sort();
    for (const list of this.#futures.values()) {
      list.sort((a, b) => (a.expiry ?? "").localeCompare(b.expiry ?? ""));
    }
  }

  instrument(token: number): KiteInstrument | undefined {
    return this.#byToken.get(token);
  }

  /**
   * What streams `symbol`'s price on `day`: the index, or (CRUDEOIL) the nearest future whose expiry is on
   * or after `day`, so the contract rolls the day after it expires.
   */
  underlying(symbol: MarketSymbol, day: DayKey): KiteInstrument | undefined {
    const index = this.#indices.get(symbol);
    if (index) return index;
    return this.#futures.get(symbol)?.find((future) => (future.expiry ?? "") >= day);
  }

  /** Every option expiry listed for `symbol`, in order. */
  expiries(symbol: MarketSymbol): readonly DayKey[] {
    return this.#expiries.get(symbol) ?? [];
  }

  /**
   * The nearest listed option expiry in which a fresh position can be opened at `at`: still trading, and
   * not expiring that day where brokers take no fresh positions on the expiry day (CRUDEOIL).
   */
  tradedExpiry(symbol: MarketSymbol, at: number, calendar: CalendarOptions = {}) {
    const day = dayKeyOf(at);
    const opensOnExpiryDay = optionUnderlying(symbol).opensOnExpiryDay;
    for (const expiry of this.expiries(symbol)) {
      if (expiry < day || (expiry === day && !opensOnExpiryDay)) continue;
      const expiresAt = closeOf(symbol, expiry, calendar);
      if (expiresAt > at) return { expiry, expiresAt };
    }
    return undefined;
  }

  /** The listed option of a contract key (contractKey), when the list has it. */
  optionByKey(key: string): KiteInstrument | undefined {
    return this.#options.get(key);
  }

  option(
    symbol: MarketSymbol,
    expiry: DayKey,
    strike: number,
    optionType: OptionType,
  ): KiteInstrument | undefined {
    return this.#options.get(contractKey({ symbol, expiry, strike, optionType }));
  }

  /**
   * The contract a model trades at `at`: the nearest listed expiry, the requested strike and type. Refused,
   * with the reason, when the list has no such contract (it is then never traded).
   */
  resolve(
    symbol: MarketSymbol,
    optionType: OptionType,
    strike: number,
    at: number,
    calendar: CalendarOptions = {},
  ): ContractResolution {
    const traded = this.tradedExpiry(symbol, at, calendar);
    if (!traded) {
      return {
        ok: false,
        reason: `the broker's instrument list has no ${symbol} option expiry ahead`,
      };
    }
    const row = this.option(symbol, traded.expiry, strike, optionType);
    if (!row) {
      return {
        ok: false,
        reason: `${symbol} ${traded.expiry} ${strike} ${optionType} is not in the broker's instrument list`,
      };
    }
    return {
      ok: true,
      contract: {
        symbol,
        optionType,
        strike,
        expiry: traded.expiry,
        expiresAt: traded.expiresAt,
        lotSize: row.lotSize,
        token: row.token,
        tradingSymbol: row.tradingSymbol,
        tickSize: row.tickSize,
      },
    };
  }

  /**
   * Where the list and the product's tables disagree on `day`: the nearest expiry of each symbol, and the
   * lot size of that expiry's contracts against the size the tables give that expiry.
   */
  disagreements(day: DayKey): ListingDisagreement[] {
    const found: ListingDisagreement[] = [];
    for (const symbol of Object.keys(KITE_LISTING) as MarketSymbol[]) {
      const listed = this.expiries(symbol).find((expiry) => expiry >= day);
      if (listed === undefined) continue;
      let table: string | undefined;
      try {
        table = nearestExpiry(symbol, day);
      } catch {
        table = undefined;
      }
      if (table !== listed) {
        found.push({
          symbol,
          field: "expiry",
          table: table ?? "none",
          broker: listed,
          message: `${symbol}: the broker lists the nearest option expiry as ${listed}; the product's calendar says ${table ?? "none"}.`,
        });
      }
      const row = [...this.#options.values()].find(
        (option) => option.name === symbol && option.expiry === listed,
      );
      let tableLot: number | undefined;
      try {
        tableLot = lotSizeOf(symbol, listed);
      } catch {
        tableLot = undefined;
      }
      if (row && row.lotSize !== tableLot) {
        found.push({
          symbol,
          field: "lotSize",
          table: String(tableLot ?? "none"),
          broker: String(row.lotSize),
          message: `${symbol}: the broker's lot size for the ${listed} contracts is ${row.lotSize}; the product's table says ${tableLot ?? "none"}.`,
        });
      }
    }
    return found;
  }
}
