/**
 * Dated lot sizes (market-facts.md, "Instruments"). An entry holds from its `since` day (the first trading
 * day it applies to) until the next entry. Days before the first entry are not covered.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";

export interface LotSizeEntry {
  readonly since: DayKey;
  readonly lotSize: number;
  readonly source: string;
}

const BEFORE_NOV_2024 = "The size before the Nov 2024 revision; no start date is recorded.";
const JAN_2026 =
  "NSE circular NSE/FAOP/70616 of 3 Oct 2025: contracts from Jan 2026. Taken to apply from the first " +
  "trading day after the Dec 2025 monthly expiry (30 Dec 2025); that day is derived.";

export const LOT_SIZE_HISTORY: Readonly<Record<MarketSymbol, readonly LotSizeEntry[]>> = {
  NIFTY: [
    { since: "2024-01-01", lotSize: 25, source: BEFORE_NOV_2024 },
    { since: "2024-11-20", lotSize: 75, source: "NSE revision effective 20 Nov 2024." },
    { since: "2025-12-31", lotSize: 65, source: JAN_2026 },
  ],
  BANKNIFTY: [
    { since: "2024-01-01", lotSize: 15, source: BEFORE_NOV_2024 },
    { since: "2024-11-20", lotSize: 30, source: "NSE revision effective 20 Nov 2024." },
    {
      since: "2025-06-27",
      lotSize: 35,
      source:
        "NSE revision from the July 2025 monthly contracts; taken to apply from the day after the " +
        "June 2025 monthly expiry (26 Jun 2025), a derived and unverified day.",
    },
    { since: "2025-12-31", lotSize: 30, source: JAN_2026 },
  ],
  CRUDEOIL: [
    {
      since: "2024-01-01",
      lotSize: 100,
      source: "MCX CRUDEOIL: one option lot is one futures contract of 100 barrels.",
    },
  ],
};

/** The lot size of `symbol`'s options traded on `day`. */
export function lotSizeOn(symbol: MarketSymbol, day: DayKey): number {
  const entries = LOT_SIZE_HISTORY[symbol];
  let found: LotSizeEntry | undefined;
  for (const entry of entries) if (entry.since <= day) found = entry;
  if (!found) throw new RangeError(`No ${symbol} lot size recorded for ${day}`);
  return found.lotSize;
}
