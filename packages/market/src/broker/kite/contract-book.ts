/**
 * The broker's instrument list as the engine needs it: the tokens to stream (the two indices and the
 * current CRUDEOIL future, rolled after its expiry), the option contract a model trades (its expiry, strike
 * and type must be listed; its tick comes from the list), and where the list disagrees with the product's
 * own tables (lot sizes, expiries), which stay the fallback without a broker.
 *
 * Lots: an NFO contract's lot is the list's `lot_size` (units). Kite counts MCX quantities in contracts and
 * lists MCX rows with `lot_size` 1 (instruments.ts), so an MCX contract's lot in units (100 barrels for
 * CRUDEOIL) comes from the product's multiplier table (instruments/contract-multipliers.ts), never from the
 * list; the contract keeps Kite's count too (`kiteLot`), in contracts. The console is told the convention
 * (`notes`) rather than warned of it; a `lot_size` other than 1 on MCX is a disagreement.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import { nearestExpiry } from "../../calendar/expiries";
import { regularHoursOn } from "../../calendar/session-hours";
import type { CalendarOptions } from "../../calendar/sessions";
import {
  isMcxContract,
  multiplierEntryOf,
  optionLotContracts,
  optionLotUnits,
} from "../../instruments/contract-multipliers";
import { lotSizeOf } from "../../instruments/lot-sizes";
import { optionUnderlying } from "../../instruments/option-underlyings";
import { expiryCloseAt } from "../../options/expiry-time";
import { contractKey, type OptionContract } from "../../options/option-contract";

export { contractKey };

import { dayKeyOf } from "../../time/day-key";
import { parseIndiaTime } from "../../time/india-time";
import { KITE_MCX_LOT_SIZE, type KiteInstrument } from "./instruments";

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

/** A quantity as Kite counts it where an order quantity would be sent: MCX in contracts, NFO in units. */
export type KiteQuantity = { readonly contracts: number } | { readonly units: number };

/**
 * A contract the broker lists, with what trading it needs. `lotSize` (OptionContract's) is in units (index
 * shares, barrels): what a premium per lot, a P&L and charges multiply. `kiteLot` is the same lot in Kite's
 * count.
 */
export interface ListedContract extends OptionContract {
  readonly token: number;
  readonly tradingSymbol: string;
  readonly tickSize: number;
  /** One lot as Kite counts it: `{ units: 65 }` for a NIFTY option, `{ contracts: 1 }` for CRUDEOIL. */
  readonly kiteLot: KiteQuantity;
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

/** How the product reads the list where it follows a broker's convention (shown, not flagged). */
export interface ListingNote {
  readonly symbol: MarketSymbol;
  readonly field: "lotSize";
  readonly message: string;
}

type ListedLot =
  | { readonly ok: true; readonly units: number; readonly kite: KiteQuantity }
  | { readonly ok: false; readonly reason: string };

type McxLot =
  | {
      readonly ok: true;
      /** Units (barrels) in a lot. */
      readonly units: number;
      /** Units in one contract. */
      readonly unitsPerContract: number;
      readonly unit: string;
      /** Contracts in a lot: Kite's count. */
      readonly contracts: number;
    }
  | { readonly ok: false; readonly reason: string };

/** An MCX row's lot, from the product's multiplier table alone (Kite's `lot_size` is not read). */
function mcxLotOf(row: KiteInstrument): McxLot {
  const expiry = row.expiry ?? "";
  if (!isMcxContract(row.name)) {
    return { ok: false, reason: `the product's MCX table has no ${row.name} contract` };
  }
  try {
    const entry = multiplierEntryOf(row.name, expiry);
    return {
      ok: true,
      units: optionLotUnits(row.name, expiry),
      unitsPerContract: entry.unitsPerContract,
      unit: `${entry.unit}s`,
      contracts: optionLotContracts(row.name, expiry),
    };
  } catch {
    return {
      ok: false,
      reason: `the product's MCX table has no ${row.name} contract multiplier for contracts expiring ${expiry}`,
    };
  }
}

/** A listed option's lot: an NFO row's from the list, an MCX row's from the product's multiplier table. */
function lotOf(row: KiteInstrument): ListedLot {
  if (row.exchange !== "MCX") return { ok: true, units: row.lotSize, kite: { units: row.lotSize } };
  const lot = mcxLotOf(row);
  return lot.ok ? { ok: true, units: lot.units, kite: { contracts: lot.contracts } } : lot;
}

/** The instant a listed expiry stops trading: its exchange's close that day (the regular close if the
 * product's calendar has no session then, which the disagreement check reports). */
function closeOf(symbol: MarketSymbol, expiry: DayKey, calendar: CalendarOptions): number {
  try {
    return expiryCloseAt(symbol, expiry, calendar);
  } catch {
    const { close } = regularHoursOn(optionUnderlying(symbol).exchange, expiry, calendar.nseClose);
    return parseIndiaTime(`${expiry} ${close}`);
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
   * What streams `symbol`'s price on `day`: the index, or (CRUDEOIL) the future of the month whose options
   * are traded that day: the nearest future expiring on or after the first option expiry still open to
   * fresh positions. So the future rolls with the options, on their expiry day (two business days before
   * the future's own), and the strikes and model prices of next month's options read next month's future.
   * With no options listed, the nearest future on or after `day`.
   */
  underlying(symbol: MarketSymbol, day: DayKey): KiteInstrument | undefined {
    const index = this.#indices.get(symbol);
    if (index) return index;
    const opensOnExpiryDay = optionUnderlying(symbol).opensOnExpiryDay;
    const traded = this.expiries(symbol).find((e) => e > day || (e === day && opensOnExpiryDay));
    const from = traded !== undefined && traded > day ? traded : day;
    return this.#futures.get(symbol)?.find((future) => (future.expiry ?? "") >= from);
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
    const lot = lotOf(row);
    if (!lot.ok) return lot;
    return {
      ok: true,
      contract: {
        symbol,
        optionType,
        strike,
        expiry: traded.expiry,
        expiresAt: traded.expiresAt,
        lotSize: lot.units,
        token: row.token,
        tradingSymbol: row.tradingSymbol,
        tickSize: row.tickSize,
        kiteLot: lot.kite,
      },
    };
  }

  /**
   * Where the list and the product's tables disagree on `day`: the nearest expiry of each symbol, and the
   * lot of that expiry's contracts: on NFO the listed `lot_size` against the size the tables give that
   * expiry; on MCX a `lot_size` other than Kite's 1 contract, or a contract the multiplier table lacks.
   */
  disagreements(day: DayKey): ListingDisagreement[] {
    return this.#review(day).disagreements;
  }

  /** How the list is read on `day` where it follows Kite's convention (MCX lots in contracts). */
  notes(day: DayKey): ListingNote[] {
    return this.#review(day).notes;
  }

  #review(day: DayKey): { disagreements: ListingDisagreement[]; notes: ListingNote[] } {
    const found: ListingDisagreement[] = [];
    const notes: ListingNote[] = [];
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
      if (!row) continue;
      if (row.exchange === "MCX") {
        this.#reviewMcxLot(symbol, listed, row, found, notes);
        continue;
      }
      let tableLot: number | undefined;
      try {
        tableLot = lotSizeOf(symbol, listed);
      } catch {
        tableLot = undefined;
      }
      if (row.lotSize !== tableLot) {
        found.push({
          symbol,
          field: "lotSize",
          table: String(tableLot ?? "none"),
          broker: String(row.lotSize),
          message: `${symbol}: the broker's lot size for the ${listed} contracts is ${row.lotSize}; the product's table says ${tableLot ?? "none"}.`,
        });
      }
    }
    return { disagreements: found, notes };
  }

  #reviewMcxLot(
    symbol: MarketSymbol,
    expiry: DayKey,
    row: KiteInstrument,
    found: ListingDisagreement[],
    notes: ListingNote[],
  ) {
    const lot = mcxLotOf(row);
    if (!lot.ok) {
      found.push({
        symbol,
        field: "lotSize",
        table: "none",
        broker: String(row.lotSize),
        message: `${symbol}: ${lot.reason}, so the ${expiry} contracts are not traded.`,
      });
      return;
    }
    if (row.lotSize !== KITE_MCX_LOT_SIZE) {
      found.push({
        symbol,
        field: "lotSize",
        table: String(KITE_MCX_LOT_SIZE),
        broker: String(row.lotSize),
        message: `${symbol}: the broker lists lot_size ${row.lotSize} for the ${expiry} contracts, where Kite counts MCX quantities in contracts (${KITE_MCX_LOT_SIZE} a lot); the product keeps its table's lot of ${lot.units} ${lot.unit}.`,
      });
      return;
    }
    notes.push({
      symbol,
      field: "lotSize",
      message: `${symbol}: Kite lists MCX contracts with lot_size ${KITE_MCX_LOT_SIZE} and counts their quantities in contracts; one ${row.name} contract is ${lot.unitsPerContract} ${lot.unit} (the product's MCX table), so a lot of the ${expiry} contracts counts ${lot.units} ${lot.unit} in premiums, P&L and charges.`,
    });
  }
}
