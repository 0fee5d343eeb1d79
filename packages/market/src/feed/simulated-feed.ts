/**
 * The simulated market as a MarketFeed: each poll returns the simulator's ticks since the last poll.
 */
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import type { SimulatedMarket } from "../sim/simulated-market";
import type { MarketFeed } from "./market-feed";
import type { Tick } from "./tick";

export class SimulatedFeed implements MarketFeed {
  readonly kind = "simulated";
  readonly #market: SimulatedMarket;
  #symbols: readonly MarketSymbol[] = MARKET_SYMBOLS;
  #running = false;
  #deliveredTo: number;

  /** Ticks after `from` (usually the clock's time at start) are delivered by the first poll. */
  constructor(market: SimulatedMarket, from: number) {
    this.#market = market;
    this.#deliveredTo = from;
  }

  subscribe(symbols: readonly MarketSymbol[]): void {
    this.#symbols = [...symbols];
  }

  async start(): Promise<void> {
    this.#running = true;
  }

  async stop(): Promise<void> {
    this.#running = false;
  }

  poll(now: number): readonly Tick[] {
    if (!this.#running || now <= this.#deliveredTo) return [];
    const ticks = this.#market.ticksBetween(this.#deliveredTo, now, this.#symbols);
    this.#deliveredTo = now;
    return ticks;
  }
}
