/**
 * Lot sizes by contract (market-facts.md, "Instruments"). The exchanges revise lot sizes for contracts by
 * their expiry: contracts already listed keep the lot they were listed with until they expire, and the
 * revision names the first expiries that carry the new lot. So a contract's lot size is looked up by its
 * expiry, never by the day it is traded: a January 2026 NIFTY contract bought on 30 Dec 2025 carries 65.
 *
 * Each entry holds for the contracts expiring from `expiriesFrom` (inclusive) until the next entry's;
 * `exceptions` name single expiries that kept an earlier lot (monthly contracts listed before a revision
 * whose expiry falls after the first revised weekly). Expiries before the first entry are not covered.
 * To record a revision: add one entry with its first revised expiry and the circular as its source.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { MCX_CONTRACT_MULTIPLIERS, optionLotUnits } from "./contract-multipliers";

export interface LotSizeEntry {
  /** The first expiry whose contracts carry `lotSize`. */
  readonly expiriesFrom: DayKey;
  readonly lotSize: number;
  readonly source: string;
  /** Expiries from `expiriesFrom` on that kept another lot, with theirs. */
  readonly exceptions?: Readonly<Record<DayKey, number>>;
}

const APRIL_2024 =
  "NSE revision of 2 Apr 2024 (effective 26 Apr 2024), as Zerodha's bulletin reproduces its table: first " +
  "weekly expiry with the revised lot 2 May 2024, first monthly 30 May 2024.";
const NOVEMBER_2024 =
  "NSE circular of 18 Oct 2024 (under SEBI's circular of 1 Oct 2024): new contracts listed from " +
  "20 Nov 2024 carry the revised lot; weekly and monthly contracts already listed keep theirs until they " +
  "expire (Business Standard, 19 Oct 2024).";
const JANUARY_2026 =
  "NSE circular NSE/FAOP/70616 of 3 Oct 2025: the revised lot from the January 2026 contracts (every " +
  "contract expiring in January 2026 or later).";

export const LOT_SIZE_HISTORY: Readonly<Record<MarketSymbol, readonly LotSizeEntry[]>> = {
  NIFTY: [
    { expiriesFrom: "2024-01-01", lotSize: 50, source: "The lot before the April 2024 revision." },
    { expiriesFrom: "2024-05-02", lotSize: 25, source: APRIL_2024 },
    {
      expiriesFrom: "2025-01-01",
      lotSize: 75,
      source:
        `${NOVEMBER_2024} Contracts listed before kept 25: the last 25-lot weekly expired 19 Dec 2024 and ` +
        "the December monthly (26 Dec 2024) and January monthly (30 Jan 2025) kept 25; the first 75-lot " +
        "weekly expired 2 Jan 2025 and the first 75-lot monthly 27 Feb 2025 (Sharekhan's notice of " +
        "26 Nov 2024, 'Revised lot sizes for index derivatives', which tabulates the circular's dates).",
      exceptions: { "2025-01-30": 25 },
    },
    { expiriesFrom: "2026-01-01", lotSize: 65, source: JANUARY_2026 },
  ],
  BANKNIFTY: [
    {
      expiriesFrom: "2024-01-01",
      lotSize: 15,
      source: "The lot before the November 2024 revision.",
    },
    {
      expiriesFrom: "2025-02-01",
      lotSize: 30,
      source:
        `${NOVEMBER_2024} BANKNIFTY's weeklies ended in November 2024 and the monthly contracts of ` +
        "November and December 2024 and January 2025 were listed before, so February 2025 is the first.",
    },
    {
      expiriesFrom: "2025-07-01",
      lotSize: 35,
      source:
        "NSE circular of 28 Mar 2025: the contracts expiring 24 Apr, 29 May and 26 Jun 2025 keep 30; the " +
        "July 2025 monthly (31 Jul 2025) is the first with 35.",
    },
    { expiriesFrom: "2026-01-01", lotSize: 30, source: JANUARY_2026 },
  ],
  // MCX's lots come from the contract multipliers (contract-multipliers.ts), never from Kite's `lot_size`.
  CRUDEOIL: MCX_CONTRACT_MULTIPLIERS.CRUDEOIL.map((entry) => ({
    expiriesFrom: entry.expiriesFrom,
    lotSize: optionLotUnits("CRUDEOIL", entry.expiriesFrom),
    source: entry.source,
  })),
};

/** The lot size of `symbol`'s option contracts expiring on `expiry`. */
export function lotSizeOf(symbol: MarketSymbol, expiry: DayKey): number {
  let found: LotSizeEntry | undefined;
  for (const entry of LOT_SIZE_HISTORY[symbol]) if (entry.expiriesFrom <= expiry) found = entry;
  if (!found)
    throw new RangeError(`No ${symbol} lot size recorded for contracts expiring ${expiry}`);
  return found.exceptions?.[expiry] ?? found.lotSize;
}
