/**
 * A broker's quote of an option contract: its last traded price and the best bid and offer (0 when the
 * book is empty on that side). A signal's premium, LTP and P&L use it when it is fresh; the pricer's model
 * value is only the fallback (signals/model-runner.ts).
 */
export interface OptionQuote {
  /** The contract (contractKey: "NIFTY:2026-12-01:26000:CE"). */
  readonly key: string;
  /** Exchange time of the quote (epoch ms). */
  readonly time: number;
  readonly ltp: number;
  readonly bid: number;
  readonly ask: number;
}

/** A quote older than this (market time) is stale: the model price stands in for it. */
export const QUOTE_FRESH_MS = 60_000;
