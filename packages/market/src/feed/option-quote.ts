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
  /** When the contract last traded (epoch ms): a quote whose last trade is old is not a fresh price. */
  readonly tradedAt: number;
  readonly ltp: number;
  readonly bid: number;
  readonly ask: number;
  /** Open interest (contracts' units) when the feed carries it (Kite's full mode); absent otherwise. */
  readonly oi?: number;
}

/**
 * A contract whose last trade is older than this (market time) has no fresh price: a new signal on it is
 * priced by the model instead (and stays on the model: signals/model-runner.ts).
 */
export const QUOTE_FRESH_MS = 60_000;
