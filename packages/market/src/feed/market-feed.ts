/**
 * The one interface every price source implements: the simulator, the CSV replay and (later) broker
 * adapters such as Kite Connect. docs/market-data.md explains it for an adapter's author.
 *
 * The engine owns the loop: it calls `poll(now)` on its own cadence (say every 250 ms of real time) with
 * the market clock's time and processes what comes back. A pull interface keeps this package free of
 * timers and sockets, keeps the order of ticks deterministic, and lets a push source (a broker's
 * WebSocket) simply buffer what arrives between polls.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import type { OptionQuote } from "./option-quote";
import type { Tick } from "./tick";

export type FeedKind = "simulated" | "replay" | "broker";

export interface MarketFeed {
  /** What the prices are; screens label anything but "broker" as simulated data. */
  readonly kind: FeedKind;
  /** The symbols to deliver from now on (replaces the previous set). */
  subscribe(symbols: readonly MarketSymbol[]): void;
  /** Connects (a broker logs in and opens its socket). Rejects when it cannot; may be called again. */
  start(): Promise<void>;
  /** Disconnects and drops anything buffered; no ticks are delivered after it resolves. Idempotent. */
  stop(): Promise<void>;
  /**
   * Every tick not delivered before with `time <= now`, in time order, for subscribed symbols only.
   * Never blocks: a source with nothing new returns an empty list (silence is what the watchdog sees).
   */
  poll(now: number): readonly Tick[];
  /**
   * Broker feeds quote option contracts too: the contracts to quote from now on (keys as contractKey in
   * broker/kite/contract-book.ts; replaces the set). Absent on feeds that have no option quotes.
   */
  watchOptions?(keys: readonly string[]): void;
  /** The latest quote of each watched contract that changed since the last call. */
  pollQuotes?(now: number): readonly OptionQuote[];
  /**
   * A feed that manages its own connection (a broker's) says why it is silent while it is reconnecting or
   * waiting for a login; the engine then reports the silence but does not restart it.
   */
  waiting?(): string | undefined;
}
