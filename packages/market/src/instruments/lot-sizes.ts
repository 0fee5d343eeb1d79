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
    {
      expiriesFrom: "2018-01-01",
      lotSize: 75,
      source:
        "NIFTY's lot before the 2021 revision: 'Present Market Lot 75' in NSE's circular of 31 Mar 2021 " +
        "(statutoryboost.blogspot.com reproduces its index table; Moneycontrol, 1 Apr 2021). No revision " +
        "of NIFTY's lot between 2018 and 2021 was found (BANKNIFTY's of Oct 2018 and Jul 2020 left it); " +
        "unverified that none came.",
    },
    {
      expiriesFrom: "2021-07-29",
      lotSize: 50,
      source:
        "NSE circular of 31 Mar 2021, effective 30 Apr 2021: 75 -> 50 from the July 2021 monthly (29 Jul " +
        "2021) on; the May and June 2021 contracts and the July weeklies (1-22 Jul) kept 75, and the weeklies " +
        "from August 2021 carry 50 (CNBC-TV18, 5 Apr 2021). NIFTY's long-dated options were revised after " +
        "25 Jun 2021; looked up by expiry they carry 50 on earlier days too.",
    },
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
      expiriesFrom: "2018-01-01",
      lotSize: 40,
      source:
        "BANKNIFTY's lot until 25 Oct 2018 (Zerodha's bulletin of 26 Oct 2018: 'Bank Nifty lot size has " +
        "been changed from 40 to 20').",
    },
    {
      expiriesFrom: "2018-11-01",
      lotSize: 20,
      source:
        "NSE's revision effective 26 Oct 2018 split every open BANKNIFTY contract, a lot of 40 becoming two " +
        "of 20 (Zerodha's bulletin of 26 Oct 2018); 25 Oct 2018 was the October monthly, so 1 Nov 2018 is " +
        "the first expiry with 20. Looked up by expiry, a contract expiring after 25 Oct 2018 carries 20 " +
        "on the days before the split too, when it traded in lots of 40.",
    },
    {
      expiriesFrom: "2020-07-30",
      lotSize: 25,
      source:
        "NSE's revision for the July 2020 series: BANKNIFTY contracts expiring on and after 30 Jul 2020 " +
        "carry 25, the July weeklies of 2, 9, 16 and 23 Jul keep 20 (Zerodha's TradingQnA, 'Lot size " +
        "changed for Bank Nifty and 78 other scrips from July expiry'; Trade Brains).",
    },
    {
      expiriesFrom: "2023-07-27",
      lotSize: 15,
      source:
        "NSE circular of 31 Mar 2023, effective 28 Apr 2023: 25 -> 15 from the July 2023 monthly (27 Jul " +
        "2023); the April-June contracts and the July weeklies of 6, 13 and 20 Jul kept 25, the weeklies " +
        "from August 2023 carry 15 (livemint, 1 Apr 2023; Upstox community; Angel One's notice).",
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
