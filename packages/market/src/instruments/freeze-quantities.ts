/**
 * Freeze quantities: the most units one order may carry. The exchange rejects a larger order, so a broker
 * splits it into child orders of at most this many units ("iceberg" or "slicing"), and each child is an
 * executed order on the contract note, charged its own brokerage (journal/charges.ts).
 *
 * NSE reviews the index limits monthly from the index's level (bands of NSE's circular of July 2021, as
 * 5paisa summarises it, and of its F&O consolidated circular NSE/FAOP/67775 of 30 Apr 2025, which the
 * later revisions cite: 17,250-27,500 → 1,800 units; 40,000-55,000 → 900; above 55,000 → 600), so NIFTY has stayed at 1,800 while BANKNIFTY
 * moves between 900 and 600 as it crosses 55,000. Each entry holds from its `from` day (inclusive) until
 * the next entry's. To record a revision: append an entry with its effective day and the circular. The
 * entries before Apr 2023 (for backtests on the recorded 2018-2023 bars) come from brokers' notices.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";

export interface FreezeQuantity {
  /** The first day (inclusive) the limit applies. */
  readonly from: DayKey;
  /** Units (NSE: index units; MCX: barrels) one order may carry. */
  readonly units: number;
  /** Where the number comes from; "unverified: ..." where no circular was seen. */
  readonly source: string;
}

const APRIL_2023 =
  "NSE circular effective 3 Apr 2023, as Angel One's notice of that day tabulates it (BANKNIFTY 900, " +
  "NIFTY 1,800 units); the table starts on 1 Apr 2023 with the charge rates, 1 and 2 Apr being a weekend";

const AUGUST_2021 =
  "NSE's revision of the index freeze limits effective 2 Aug 2021, as Zerodha's TradingQnA tabulates it " +
  "('Revision in Quantity Freeze Limits for Index Derivatives': BANKNIFTY 2,500 -> 1,200, NIFTY 5,000 -> " +
  "2,800 units)";
const NOVEMBER_2022 =
  "NSE's revision effective 1 Nov 2022 (Dhan's notice 'Revised quantity freeze limit on NSE': BANKNIFTY " +
  "900, NIFTY 1,800 units); unverified that no revision came between Aug 2021 and Nov 2022";

export const FREEZE_QUANTITIES: Readonly<Record<MarketSymbol, readonly FreezeQuantity[]>> = {
  NIFTY: [
    {
      from: "2018-01-01",
      units: 5000,
      source:
        "NIFTY's 'old limit' in NSE's revision of 2 Aug 2021 (Zerodha's TradingQnA, Jul 2021). Unverified " +
        "before 2021: no earlier circular was found, so the table takes this limit from 2018.",
    },
    { from: "2021-08-02", units: 2800, source: `${AUGUST_2021}.` },
    { from: "2022-11-01", units: 1800, source: `${NOVEMBER_2022}.` },
    {
      from: "2023-04-01",
      units: 1800,
      source:
        `${APRIL_2023}. Unchanged in every revision seen since: 1 Aug, 4 Nov and 5 Dec 2024 and ` +
        "3 Mar 2025 (Angel One's notices of NSE's circulars), 1 Jul 2025 (NSE circular of 30 Jun 2025), " +
        "1 Sep 2025 (circular of 29 Aug 2025), 3 Nov 2025 (31 Oct 2025), 1 Dec 2025 (NSE/FAOP/71540 of " +
        "28 Nov 2025) and 1 Feb 2026 (30 Jan 2026); NIFTY stayed inside the 17,250-27,500 band.",
    },
  ],
  BANKNIFTY: [
    {
      from: "2018-01-01",
      units: 2500,
      source:
        "Zerodha's bulletin of 26 Oct 2018 (BANKNIFTY's lot 40 -> 20): 'the maximum size per order (order " +
        "freeze quantity) remains the same at 2500'; the 'old limit' of the Aug 2021 revision. Unverified " +
        "from 1 Jan 2018 to Oct 2018 (the bulletin says it was unchanged then).",
    },
    { from: "2021-08-02", units: 1200, source: `${AUGUST_2021}.` },
    { from: "2022-11-01", units: 900, source: `${NOVEMBER_2022}.` },
    {
      from: "2023-04-01",
      units: 900,
      source: `${APRIL_2023}. Unchanged on 1 Aug 2024, 5 Dec 2024 and 3 Mar 2025 (Angel One's notices).`,
    },
    {
      from: "2025-05-02",
      units: 600,
      source:
        "Unverified day: the limits in force from May 2025 as Zerodha listed them (gizfy.com, 29 Aug 2025, " +
        "and Moneycontrol: BANKNIFTY 600 before 1 Sep 2025); BANKNIFTY closed April 2025 at 55,087, above " +
        "the 55,000 band. NSE's circular of 30 Jun 2025 kept 600 from 1 Jul 2025.",
    },
    {
      from: "2025-09-01",
      units: 900,
      source: "NSE circular of 29 Aug 2025, effective 1 Sep 2025 (Moneycontrol, Zee News).",
    },
    {
      from: "2025-11-03",
      units: 600,
      source:
        "NSE circular of 31 Oct 2025, effective 3 Nov 2025; kept by NSE/FAOP/71540 of 28 Nov 2025 " +
        "(1 Dec 2025) and the circular of 30 Jan 2026 (1 Feb 2026). NSE revised the limits again from " +
        "2 Mar 2026 and monthly after; those circulars' figures were not seen, so this entry stands until " +
        "one is recorded (a guess from the index's level would not be a fact).",
    },
  ],
  CRUDEOIL: [
    {
      from: "2023-04-01",
      units: 10_000,
      source:
        "MCX's CRUDEOIL futures specification (January 2020 contracts onwards): maximum order size " +
        "10,000 barrels, 100 contracts. Taken for the options, one option lot being one futures contract: " +
        "unverified, MCX's option specification was not seen.",
    },
  ],
};

/** The freeze quantity of `symbol` in force on `day`; a RangeError before the first entry. */
export function freezeQuantityOn(symbol: MarketSymbol, day: DayKey): number {
  let found: FreezeQuantity | undefined;
  for (const entry of FREEZE_QUANTITIES[symbol]) if (entry.from <= day) found = entry;
  if (!found) {
    throw new RangeError(`No ${symbol} freeze quantity is recorded for ${day}`);
  }
  return found.units;
}

/**
 * How many executed orders carry `quantity` units of `symbol` on `day`. Each child order holds whole lots,
 * as many as fit in the freeze quantity (NIFTY at 65 a lot: 27 lots, 1,755 units, under 1,800), so 55
 * lots take three orders, not two.
 */
export function childOrderCount(
  symbol: MarketSymbol,
  quantity: number,
  lotSize: number,
  day: DayKey,
): number {
  if (!(quantity > 0) || !Number.isFinite(quantity)) {
    throw new RangeError("quantity must be a positive number of units");
  }
  if (!(lotSize > 0) || !Number.isInteger(lotSize)) {
    throw new RangeError("lotSize must be a positive whole number of units");
  }
  const lotsPerOrder = Math.floor(freezeQuantityOn(symbol, day) / lotSize);
  if (lotsPerOrder < 1) {
    throw new RangeError(`${symbol}'s lot of ${lotSize} is above its freeze quantity on ${day}`);
  }
  return Math.ceil(Math.ceil(quantity / lotSize) / lotsPerOrder);
}
