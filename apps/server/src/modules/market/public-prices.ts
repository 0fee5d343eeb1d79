/**
 * Who sees which prices live (decision 034). On a broker's feed (MARKET_FEED=kite) the exchanges license
 * real-time data: a signed-in user whose access to an instrument is open (its instrument room: open access
 * and the agreements accepted) sees its live prices; everyone else sees them as they were
 * PUBLIC_PRICE_DELAY_MINUTES ago, over HTTP and over the socket alike. On the simulator, a replay, or with
 * the delay set to 0, everyone sees the same prices.
 */
import type { MarketOverview } from "@kalpa/contracts/api/market";
import type { MarketSnapshot } from "@kalpa/contracts/market";
import {
  type AccessKey,
  INSTRUMENTS,
  MARKET_SYMBOLS,
  type MarketSymbol,
} from "@kalpa/contracts/names";
import type { MarketState, PriceDelay } from "../../engine/market-state";

export const ALL_SYMBOLS: ReadonlySet<MarketSymbol> = new Set(MARKET_SYMBOLS);
export const NO_SYMBOLS: ReadonlySet<MarketSymbol> = new Set();

/** The instruments' access key by market symbol (NIFTY → Nifty). */
export const ACCESS_KEY_OF_SYMBOL = new Map<MarketSymbol, AccessKey>(
  INSTRUMENTS.map((instrument) => [instrument.symbol, instrument.key]),
);

/** The market symbols of the access keys a user holds open. */
export function symbolsOfKeys(keys: readonly AccessKey[]): ReadonlySet<MarketSymbol> {
  return new Set(
    INSTRUMENTS.filter((instrument) => keys.includes(instrument.key)).map(
      (instrument) => instrument.symbol,
    ),
  );
}

/**
 * A symbol's snapshot for a viewer: live when `live`, otherwise as it was the delay ago (undefined when no
 * price from that long ago is kept).
 */
export function snapshotFor(
  state: MarketState,
  delay: PriceDelay | null,
  symbol: MarketSymbol,
  live: boolean,
): MarketSnapshot | undefined {
  if (!delay || live) return state.snapshot(symbol);
  return state.delayedSnapshot(symbol, delay.ms);
}

/**
 * The market overview as a viewer may see it: the symbols in `live` as they are, the others delayed (and
 * named in `priceDelay`).
 */
export function overviewFor(
  state: MarketState,
  delay: PriceDelay | null,
  live: ReadonlySet<MarketSymbol>,
): MarketOverview {
  const overview = state.overview();
  if (!delay) return overview;
  const delayed = MARKET_SYMBOLS.filter((symbol) => !live.has(symbol));
  if (delayed.length === 0) return overview;
  const snapshots = overview.snapshots.flatMap((snapshot) => {
    const shown = snapshotFor(state, delay, snapshot.symbol, live.has(snapshot.symbol));
    return shown ? [shown] : [];
  });
  return { ...overview, snapshots, priceDelay: { minutes: delay.minutes, symbols: delayed } };
}
