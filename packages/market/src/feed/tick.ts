/**
 * A trade print: what every feed produces.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";

export interface Tick {
  readonly symbol: MarketSymbol;
  /** Exchange time of the trade (epoch ms). */
  readonly time: number;
  readonly price: number;
  /** Quantity traded in this tick (not cumulative); 0 when the source gives none (an index). */
  readonly volume: number;
}
