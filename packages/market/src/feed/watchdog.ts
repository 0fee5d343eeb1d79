/**
 * Is a feed stalled? Broker feeds go silent without closing their socket, so the engine asks this on
 * every loop: a symbol is stalled when its exchange is in a session and no tick has come for longer than
 * `maxSilenceMs` (counting from the session's open, so a feed is not blamed for the night). The server
 * restarts a stalled feed and shows the stall beside the market status.
 */
import type { ExchangeName, MarketSymbol } from "@kalpa/contracts/names";
import { sessionAt } from "../calendar/session-search";
import type { CalendarOptions } from "../calendar/sessions";
import { OPTION_UNDERLYINGS } from "../instruments/option-underlyings";

/** Silence tolerated during a session before a feed counts as stalled. */
export const DEFAULT_MAX_SILENCE_MS = 30_000;

export interface StallOptions {
  readonly maxSilenceMs?: number;
  readonly calendar?: CalendarOptions;
}

export interface SymbolSilence {
  /** Whether the symbol's exchange is in a session at `now`. */
  readonly inSession: boolean;
  /** How long the symbol has been silent within the current session (0 outside sessions). */
  readonly silentMs: number;
  readonly stalled: boolean;
}

/** How silent `symbol` is at `now`, given the time of its last tick (undefined: none yet). */
export function symbolSilence(
  symbol: MarketSymbol,
  lastTickAt: number | undefined,
  now: number,
  options: StallOptions = {},
): SymbolSilence {
  const session = sessionAt(OPTION_UNDERLYINGS[symbol].exchange, now, options.calendar);
  if (!session) return { inSession: false, silentMs: 0, stalled: false };
  const silentMs = now - Math.max(lastTickAt ?? Number.NEGATIVE_INFINITY, session.open);
  return {
    inSession: true,
    silentMs,
    stalled: silentMs > (options.maxSilenceMs ?? DEFAULT_MAX_SILENCE_MS),
  };
}

export interface FeedHealth {
  readonly stalledSymbols: MarketSymbol[];
  /** The symbols whose exchange is in a session now (stalled or not). */
  readonly inSessionSymbols: MarketSymbol[];
  /** Exchanges with at least one stalled symbol. */
  readonly stalledExchanges: ExchangeName[];
}

/** Which of `symbols` are stalled at `now`, from the last tick time of each. */
export function feedHealth(
  symbols: readonly MarketSymbol[],
  lastTickAt: Readonly<Partial<Record<MarketSymbol, number>>>,
  now: number,
  options: StallOptions = {},
): FeedHealth {
  const stalledSymbols: MarketSymbol[] = [];
  const inSessionSymbols: MarketSymbol[] = [];
  for (const symbol of symbols) {
    const silence = symbolSilence(symbol, lastTickAt[symbol], now, options);
    if (silence.inSession) inSessionSymbols.push(symbol);
    if (silence.stalled) stalledSymbols.push(symbol);
  }
  const stalledExchanges = [
    ...new Set(stalledSymbols.map((symbol) => OPTION_UNDERLYINGS[symbol].exchange)),
  ];
  return { stalledSymbols, inSessionSymbols, stalledExchanges };
}
