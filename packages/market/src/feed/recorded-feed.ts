/**
 * The replay of a recorded market (recorded-market.ts): its 1-minute bars as ticks (replay-feed.ts), the
 * sessions a replay's clock walks, and, for the crude options the recording holds, a quote per recorded
 * option minute, so a crude signal in a replay is priced, entered and closed at the option's recorded
 * prices (the engine's quote path, as with a broker).
 *
 * The book of a recorded minute: the recording holds trades (1-minute bars), not the order book, so the
 * quote's last price is the bar's close and its bid and ask are the close less and plus `slippageTicks`
 * option ticks (PAPER_SLIPPAGE_TICKS, one by default): the same book the lifecycle puts around a
 * model-priced fill (signals/lifecycle.ts), so a recorded fill costs what a model-priced one does. The
 * close ± half a tick would be a one-tick market, the tightest there is, which these bars do not show
 * (many strikes trade a few times an hour at zero volume), and it would quote prices off the 0.10 grid.
 *
 * A quote is sent at the bar's 45th second, with the tick that carries the underlying's close
 * (replay-feed.ts's barToTicks): the option and its underlying close their minute together.
 */
import {
  type DayKey,
  type ExchangeName,
  MARKET_SYMBOLS,
  type MarketSymbol,
} from "@kalpa/contracts/names";
import { type CalendarOptions, sessionsOn } from "../calendar/sessions";
import type { WalkedSession } from "../clock/session-walk";
import { OPTION_UNDERLYINGS } from "../instruments/option-underlyings";
import { roundToTick } from "../instruments/price-steps";
import { parseContractKey } from "../options/option-contract";
import { MINUTE_MS } from "../time/time-of-day";
import type { OptionQuote } from "./option-quote";
import type { RecordedMarket } from "./recorded-market";
import { ReplayFeed, type ReplayTicks } from "./replay-feed";

/** When, inside its minute, a recorded option bar is quoted: with the underlying's close tick. */
export const QUOTE_OFFSET_MS = 45_000;

/** A recorded session: a day the recording has 1-minute bars of, from its first open to its last close. */
export interface RecordedSession extends WalkedSession {
  readonly day: DayKey;
  /** The symbols with bars that day. */
  readonly symbols: readonly MarketSymbol[];
}

/**
 * The sessions of the recorded days from `from` to `to` (YYYY-MM-DD, both included), in time order: on
 * each day with 1-minute bars, the regular sessions of the exchanges of the symbols recorded that day (the
 * calendar's hours, widened to hold every recorded bar), one span from the earliest open to the latest close.
 * NSE's 2024 days are 09:15–15:30 (the recording has no crude then); MCX's June 2025 days 09:00–23:30.
 */
export function recordedSessions(
  market: RecordedMarket,
  calendar: CalendarOptions = {},
  window: { from?: DayKey | undefined; to?: DayKey | undefined } = {},
): RecordedSession[] {
  const symbolsOn = new Map<DayKey, MarketSymbol[]>();
  for (const symbol of MARKET_SYMBOLS) {
    for (const day of market.days(symbol)) {
      if ((window.from && day < window.from) || (window.to && day > window.to)) continue;
      symbolsOn.set(day, [...(symbolsOn.get(day) ?? []), symbol]);
    }
  }
  const sessions: RecordedSession[] = [];
  for (const day of [...symbolsOn.keys()].sort()) {
    const symbols = symbolsOn.get(day) as MarketSymbol[];
    let open = Number.POSITIVE_INFINITY;
    let close = Number.NEGATIVE_INFINITY;
    const exchanges = new Set<ExchangeName>(symbols.map((s) => OPTION_UNDERLYINGS[s].exchange));
    for (const exchange of exchanges) {
      const regular = sessionsOn(exchange, day, calendar).filter((s) => s.kind === "regular");
      for (const session of regular) {
        open = Math.min(open, session.open);
        close = Math.max(close, session.close);
      }
    }
    for (const symbol of symbols) {
      const bars = market.minuteBars(symbol, day);
      open = Math.min(open, bars[0]?.time ?? open);
      close = Math.max(close, (bars.at(-1)?.time ?? close) + MINUTE_MS);
    }
    sessions.push({ day, open, close, symbols });
  }
  return sessions;
}

/** The recorded market, replayed: the underlyings' ticks and the watched crude options' quotes. */
export class RecordedFeed extends ReplayFeed {
  readonly #market: RecordedMarket;
  readonly #spreadTicks: number;
  #watched: string[] = [];
  /** The bar last quoted per watched contract (its start). */
  readonly #quoted = new Map<string, number>();

  /**
   * `ticks`: the market's minute bars as ticks (made once: the engine makes a feed again after a
   * restart); ticks at or before `from` are skipped. `slippageTicks`: each side of the book (see above).
   */
  constructor(
    market: RecordedMarket,
    ticks: ReplayTicks,
    from: number,
    options: { slippageTicks: number },
  ) {
    super(ticks, from);
    this.#market = market;
    this.#spreadTicks = options.slippageTicks;
  }

  watchOptions(keys: readonly string[]): void {
    this.#watched = [...keys];
    for (const key of this.#quoted.keys()) if (!keys.includes(key)) this.#quoted.delete(key);
  }

  /** Each watched contract's recorded minute, once it has closed (at its 45th second), not sent before. */
  pollQuotes(now: number): readonly OptionQuote[] {
    const quotes: OptionQuote[] = [];
    for (const key of this.#watched) {
      const contract = parseContractKey(key);
      if (!contract) continue;
      const bar = this.#market.lastOptionBar(contract.symbol, contract, now - QUOTE_OFFSET_MS);
      if (!bar || this.#quoted.get(key) === bar.time) continue;
      this.#quoted.set(key, bar.time);
      const tick = OPTION_UNDERLYINGS[contract.symbol].optionTick;
      const spread = this.#spreadTicks * tick;
      const time = bar.time + QUOTE_OFFSET_MS;
      quotes.push({
        key,
        time,
        tradedAt: time,
        ltp: bar.close,
        bid: Math.max(tick, roundToTick(bar.close - spread, tick)),
        ask: roundToTick(bar.close + spread, tick),
      });
    }
    return quotes;
  }
}
