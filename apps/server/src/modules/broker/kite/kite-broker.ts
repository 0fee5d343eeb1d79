/**
 * The Kite Connect connection of the engine's process: the stored session, the instrument list and its
 * contract book, history through the historical API, the feeds (kite-feed.ts) and the status the console,
 * the market overview and the health check report. One per process running with MARKET_FEED=kite; only the
 * engine's leader creates feeds, so only it holds the broker's stream.
 */
import type { BrokerState, BrokerStatus } from "@kalpa/contracts/api/broker";
import { KITE_LOGIN_PATH } from "@kalpa/contracts/api/broker";
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import type {
  ContractResolution,
  KiteContractBook,
  ListingDisagreement,
  ListingNote,
} from "@kalpa/market/broker/kite/contract-book";
import { type CalendarOptions, previousTradingDay } from "@kalpa/market/calendar/sessions";
import { barToTicks } from "@kalpa/market/feed/replay-feed";
import type { Tick } from "@kalpa/market/feed/tick";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { contractKey, type OptionContract } from "@kalpa/market/options/option-contract";
import { dayKeyOf, IST_OFFSET_MS, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { KiteConfig } from "../../../config/app-config";
import { MINUTE_BAR_SESSIONS } from "../../../engine/market-engine";
import type { MarketRepository, StoredBar } from "../../market/repository";
import type { BrokerInstrumentStore } from "../broker-instruments";
import { type BrokerSessionStore, usableToken } from "../broker-sessions";
import { type KiteApi, type KiteCandle, KiteError, type KiteInterval } from "./kite-api";
import { KiteFeed, type KiteFeedContext } from "./kite-feed";
import type { KiteLogin } from "./kite-login";
import { BROKER } from "./kite-token";

export { BROKER } from "./kite-token";
/** Daily candles fetched at start: a year, as the simulator seeds. */
export const HISTORY_DAYS = 365;
/** Minute candles: the historical API's limit per request is 60 days. */
const MINUTE_LIMIT_DAYS = 59;
const MINUTE_MS = 60_000;

/** "yyyy-mm-dd hh:mm:ss" in India time, as the historical API takes it. */
export function indiaDateTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** What every process builds with MARKET_FEED=kite (the login works in any of them). */
export interface BrokerKit {
  api: KiteApi;
  sessions: BrokerSessionStore;
  instruments: BrokerInstrumentStore;
  login: KiteLogin;
}

export interface KiteBrokerOptions {
  config: KiteConfig;
  api: KiteApi;
  sessions: BrokerSessionStore;
  instruments: BrokerInstrumentStore;
  repository: MarketRepository;
  calendar: CalendarOptions;
  log: Logger;
  /** The market clock. */
  now: () => number;
  /** Tells the operator, once per dead token, that a login is needed. */
  notifyLoginNeeded: (reason: string) => void;
}

export interface KiteBroker {
  createFeed(from: number): KiteFeed;
  /** The contract a model would trade, from the broker's list (refused when not listed). */
  resolveContract(
    symbol: MarketSymbol,
    optionType: OptionType,
    strike: number,
    at: number,
  ): ContractResolution;
  /**
   * The listed contracts' last traded prices before `day` (the close of their latest daily candle): the
   * forecasts' premiums, for today's forecasts and later. Empty without a session or a list; a contract not
   * listed is left out.
   */
  premiumAnchors(
    contracts: readonly OptionContract[],
    day: string,
  ): Promise<ReadonlyMap<string, number>>;
  /** Daily candles for a year and the last sessions' minutes, stored (after the site is listening). */
  seedHistory(stopped: () => boolean): Promise<void>;
  status(stalled: readonly MarketSymbol[]): BrokerStatus;
  /** Called with every change of state (the market overview and the health check follow it); undo with the answer. */
  onChange(listener: (status: BrokerStatus) => void): () => void;
}

type CandleSource = Pick<KiteApi, "historical">;

/** Minute candles of a token from `from` to `to`, in requests of at most MINUTE_LIMIT_DAYS days. */
async function minuteCandles(
  api: CandleSource,
  accessToken: string,
  token: number,
  from: number,
  to: number,
): Promise<KiteCandle[]> {
  const candles: KiteCandle[] = [];
  for (let start = from; start <= to; start += MINUTE_LIMIT_DAYS * 24 * 60 * MINUTE_MS) {
    const end = Math.min(to, start + MINUTE_LIMIT_DAYS * 24 * 60 * MINUTE_MS - 1000);
    candles.push(
      ...(await api.historical(
        accessToken,
        token,
        "minute",
        indiaDateTime(start),
        indiaDateTime(end),
      )),
    );
  }
  return candles;
}

export function createKiteBroker(options: KiteBrokerOptions): KiteBroker {
  const { api, sessions, instruments, repository, calendar, log, config } = options;
  let book: KiteContractBook | undefined;
  let bookDay: string | undefined;
  let loadedAt: number | null = null;
  let disagreements: ListingDisagreement[] = [];
  let notes: ListingNote[] = [];
  let state: BrokerState = "connecting";
  let message = "Starting.";
  let since = Date.now();
  let userId: string | null = null;
  let tokenExpiresAt: number | null = null;
  let lastTickAt: number | null = null;
  let dropped = 0;
  let lastDropLog = 0;
  let stalledNow: readonly MarketSymbol[] = [];
  let token: string | undefined;
  const listeners: Array<(status: BrokerStatus) => void> = [];

  const status = (stalled: readonly MarketSymbol[] = stalledNow): BrokerStatus => ({
    broker: BROKER,
    state,
    message,
    since,
    userId,
    tokenExpiresAt,
    lastTickAt,
    stalled: [...stalled],
    instruments: { count: book?.size ?? 0, loadedAt, disagreements, notes },
    dropped,
    loginPath: KITE_LOGIN_PATH,
  });

  const report = (next: BrokerState, text: string) => {
    if (next === state && text === message) return;
    if (next !== state) since = Date.now();
    state = next;
    message = text;
    log.info({ broker: BROKER, state, message }, "broker state");
    const current = status();
    for (const listener of listeners) listener(current);
  };

  function useList(list: { book: KiteContractBook; loadedAt: number }, day: string) {
    book = list.book;
    bookDay = day;
    loadedAt = list.loadedAt;
    disagreements = list.book.disagreements(day);
    notes = list.book.notes(day);
    for (const found of disagreements) log.warn({ ...found }, `instrument list: ${found.message}`);
  }

  async function underlyingCandles(
    accessToken: string,
    symbol: MarketSymbol,
    interval: KiteInterval,
    from: number,
    to: number,
  ): Promise<KiteCandle[]> {
    const day = dayKeyOf(to);
    const instrument = book?.underlying(symbol, day);
    if (!instrument) return [];
    if (interval === "minute") return minuteCandles(api, accessToken, instrument.token, from, to);
    // A future's daily history spans its earlier contracts (continuous).
    const continuous = OPTION_UNDERLYINGS[symbol].exchange === "MCX";
    return api.historical(
      accessToken,
      instrument.token,
      "day",
      indiaDateTime(from),
      indiaDateTime(to),
      continuous,
    );
  }

  const context = (): KiteFeedContext => ({
    log,
    wsRoot: config.wsRoot,
    apiKey: config.apiKey,
    now: options.now,
    async session() {
      const stored = await sessions.current(BROKER);
      userId = stored?.userId ?? null;
      tokenExpiresAt = stored?.expiresAt ?? null;
      const usable = usableToken(stored);
      if (usable.ok) token = usable.accessToken;
      return usable;
    },
    async invalidate(reason, version) {
      token = undefined;
      const at = Date.now();
      await sessions.invalidate(BROKER, reason, at, version);
      if (await sessions.claimNotice(BROKER, at)) options.notifyLoginNeeded(reason);
    },
    async tokenWorks(accessToken) {
      try {
        await api.profile(accessToken);
        return true;
      } catch (error) {
        return !(error instanceof KiteError && error.tokenRefused);
      }
    },
    async prepare(accessToken, day) {
      if (book && bookDay === day) return;
      const stored = await instruments.load(BROKER);
      if (stored && dayKeyOf(stored.loadedAt) === day) {
        useList(stored, day);
        return;
      }
      try {
        useList(await instruments.refresh(BROKER, accessToken, Date.now()), day);
      } catch (error) {
        // Yesterday's list still resolves today's indices and most contracts: better than nothing.
        if (!stored) throw error;
        log.warn(
          { err: error },
          "Kite's instrument list could not be downloaded; using the stored one",
        );
        useList(stored, day);
      }
    },
    underlyingToken: (symbol, day) => book?.underlying(symbol, day)?.token,
    optionToken: (key) => book?.optionByKey(key)?.token,
    async catchUp(accessToken, symbols, from) {
      const now = options.now();
      const start = Math.max(from, now - MINUTE_LIMIT_DAYS * 24 * 60 * MINUTE_MS);
      const ticks: Tick[] = [];
      const bars: StoredBar[] = [];
      for (const symbol of symbols) {
        const candles = await underlyingCandles(accessToken, symbol, "minute", start, now);
        for (const candle of candles) {
          // Only whole minutes that began at or after `from`: the stream carries the forming one.
          if (candle.time < from || candle.time + MINUTE_MS > now) continue;
          bars.push({ symbol, interval: "1m", ...candle });
          ticks.push(...barToTicks({ symbol, ...candle }));
        }
      }
      await repository.saveBars(bars);
      if (bars.length > 0)
        log.info({ bars: bars.length }, "Kite history: the gap's minutes fetched");
      return ticks;
    },
    report,
    ticked(at) {
      lastTickAt = at;
    },
    dropped(count) {
      dropped += count;
      const now = Date.now();
      if (now - lastDropLog > 60_000) {
        lastDropLog = now;
        log.warn({ dropped }, "Kite feed: malformed messages or unknown packets dropped");
      }
    },
  });

  return {
    createFeed: (from) => new KiteFeed(context(), from),
    resolveContract(symbol, optionType, strike, at) {
      if (!book) {
        return { ok: false, reason: "the broker's instrument list is not loaded yet" };
      }
      return book.resolve(symbol, optionType, strike, at, calendar);
    },
    async premiumAnchors(contracts, day) {
      const anchors = new Map<string, number>();
      const accessToken = token;
      // Only the forecasts of today on: the history the page backfills stays on the model (and costs no
      // rate-limited requests).
      if (!accessToken || !book || day < dayKeyOf(options.now())) return anchors;
      const before = startOfDay(day).getTime() - 1000;
      for (const contract of contracts) {
        const row = book.option(
          contract.symbol,
          contract.expiry,
          contract.strike,
          contract.optionType,
        );
        if (!row) continue;
        const candles = await api.historical(
          accessToken,
          row.token,
          "day",
          indiaDateTime(startOfDay(addDays(day, -10)).getTime()),
          indiaDateTime(before),
        );
        const last = candles.filter((candle) => candle.time <= before).at(-1);
        if (last && last.close > 0) anchors.set(contractKey(contract), last.close);
      }
      return anchors;
    },
    async seedHistory(stopped) {
      // Waits for the first connection (a login may come hours after the start).
      while ((state !== "connected" || !token || !book) && !stopped()) {
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
      const accessToken = token;
      if (!accessToken || !book || stopped()) return;
      const now = options.now();
      const today = dayKeyOf(now);
      let written = 0;
      for (const symbol of MARKET_SYMBOLS) {
        if (stopped()) return;
        const exchange = OPTION_UNDERLYINGS[symbol].exchange;
        const daily = await underlyingCandles(
          accessToken,
          symbol,
          "day",
          startOfDay(addDays(today, -HISTORY_DAYS)).getTime(),
          startOfDay(today).getTime() - 1000,
        );
        let first = today;
        for (let i = 0; i < MINUTE_BAR_SESSIONS; i++) {
          first = previousTradingDay(exchange, first, calendar);
        }
        const minutes = await underlyingCandles(
          accessToken,
          symbol,
          "minute",
          startOfDay(first).getTime(),
          now,
        );
        const bars: StoredBar[] = [
          ...daily.map((c) => ({
            symbol,
            interval: "1d" as const,
            ...c,
            time: startOfDay(dayKeyOf(c.time)).getTime(),
          })),
          ...minutes
            .filter((c) => c.time + MINUTE_MS <= now)
            .map((c) => ({ symbol, interval: "1m" as const, ...c })),
        ];
        if (stopped()) return;
        await repository.saveBars(bars);
        written += bars.length;
      }
      log.info({ bars: written }, "Kite history: daily and minute candles stored");
    },
    status: (stalled) => {
      stalledNow = stalled;
      return status(stalled);
    },
    onChange(listener) {
      listeners.push(listener);
      return () => {
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
      };
    },
  };
}
