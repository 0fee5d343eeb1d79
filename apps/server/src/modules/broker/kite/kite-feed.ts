/**
 * The Kite Connect market feed (MarketFeed, kind "broker"): the stream of the two indices and the current
 * CRUDEOIL future, and of every option contract a live signal trades, turned into the engine's ticks and
 * option quotes. It manages its own connection, so the engine never waits on the broker:
 *
 * - `start()` makes one attempt and resolves whatever its outcome: the stored access token (none, expired
 *   or refused: "login needed", and it waits for the next login), the instrument list (downloaded once a
 *   day), the 1-minute candles from `from` to now (the gap; stored, and replayed ahead of the live ticks so
 *   the models and bars are whole), then the stream, subscribed in full mode.
 * - After a failure or a close it tries again with a backoff (1 s doubling to 60 s), catching up the gap
 *   from its last tick each time; a refused token is confirmed through the REST API before a login is asked
 *   for. At the token's documented expiry (06:00 India time) it stops and asks for a login.
 * - Ticks: exchange time (clamped to the clock's now: a broker's clock may run ahead of ours), rupees, the
 *   volume traded since the previous packet (the future's cumulative day volume differenced; 0 for an
 *   index). Malformed messages and unknown packets are dropped and counted, never thrown.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { decodeKiteMessage } from "@kalpa/market/broker/kite/ticker-wire";
import type { MarketFeed } from "@kalpa/market/feed/market-feed";
import type { OptionQuote } from "@kalpa/market/feed/option-quote";
import type { Tick } from "@kalpa/market/feed/tick";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { UsableToken } from "../broker-sessions";
import { KiteError } from "./kite-api";
import { type KiteStream, KiteStreamRefused, openKiteStream } from "./kite-stream";

export const RETRY_MIN_MS = 1000;
export const RETRY_MAX_MS = 60_000;
/**
 * The longest `start()` waits for its first attempt (the server's start-up waits on it): a broker that does
 * not answer must not hold the site back; the attempt goes on in the background.
 */
export const START_WAIT_MS = 15_000;
/** While a login is needed, the stored session is read this often for a new one. */
export const LOGIN_POLL_MS = 2000;
/** While streaming, the stored session is read this often: a logout or a new login elsewhere is followed. */
export const SESSION_CHECK_MS = 5000;

/** What the feed needs of the broker connection it belongs to (kite-broker.ts). */
export interface KiteFeedContext {
  readonly log: Logger;
  readonly wsRoot: string;
  readonly apiKey: string;
  now(): number;
  /** The stored access token and its expiry, or why there is none. */
  session(): Promise<UsableToken>;
  /**
   * The token of session `version` was refused or expired: stored as invalid (unless a newer login has
   * replaced it meanwhile), the operator told once.
   */
  invalidate(reason: string, version: number | undefined): Promise<void>;
  /** The broker's answer to "does this token still work?" (false: refused). */
  tokenWorks(accessToken: string): Promise<boolean>;
  /** Makes sure the instrument list of `day` is loaded (downloading it when older). */
  prepare(accessToken: string, day: string): Promise<void>;
  /** The token streaming each symbol on `day`, when the list has it. */
  underlyingToken(symbol: MarketSymbol, day: string): number | undefined;
  /** The token of a listed option contract (by contractKey), when the list has it. */
  optionToken(key: string): number | undefined;
  /** Fetches, stores and answers as ticks the 1-minute candles of the symbols from `from` to now. */
  catchUp(accessToken: string, symbols: readonly MarketSymbol[], from: number): Promise<Tick[]>;
  report(state: "connecting" | "connected" | "login-needed" | "error", message: string): void;
  /** A live tick arrived (the status's last price time). */
  ticked(at: number): void;
  dropped(count: number): void;
}

export class KiteFeed implements MarketFeed {
  readonly kind = "broker";
  readonly #ctx: KiteFeedContext;
  #symbols: readonly MarketSymbol[] = ["NIFTY", "BANKNIFTY", "CRUDEOIL"];
  #watched: readonly string[] = [];
  #from: number;
  #stopped = false;
  /**
   * Every attempt, and stop(), starts a new generation: a timer, a socket or an await of an older one
   * finds the generation moved on and does nothing, so two attempts never run at once and a stale socket's
   * close never touches the live one.
   */
  #generation = 0;
  #stream: KiteStream | undefined;
  #streamDay = "";
  /** token → what it streams. */
  #tokens = new Map<number, { symbol: MarketSymbol } | { key: string }>();
  #subscribed = new Set<number>();
  #buffer: Tick[] = [];
  #quotes = new Map<string, OptionQuote>();
  #lastVolume = new Map<number, number>();
  #retryDelay = 0;
  /** The one pending retry or login poll. */
  #timer: NodeJS.Timeout | undefined;
  #expiryTimer: NodeJS.Timeout | undefined;
  #sessionTimer: NodeJS.Timeout | undefined;
  #attempt: Promise<void> | undefined;
  #attempting = false;

  constructor(ctx: KiteFeedContext, from: number) {
    this.#ctx = ctx;
    this.#from = from;
  }

  subscribe(symbols: readonly MarketSymbol[]): void {
    this.#symbols = [...symbols];
    this.#applySubscriptions();
  }

  watchOptions(keys: readonly string[]): void {
    this.#watched = [...keys];
    this.#applySubscriptions();
  }

  /** One attempt (or the one in flight), waited for at most START_WAIT_MS. */
  start(): Promise<void> {
    this.#stopped = false;
    const attempt = this.#attempting && this.#attempt ? this.#attempt : this.#begin();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, START_WAIT_MS);
      timer.unref();
    });
    return Promise.race([attempt, waited]).finally(() => clearTimeout(timer));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#generation += 1;
    this.#clearTimers();
    this.#closeStream();
    await this.#attempt?.catch(() => undefined);
    this.#buffer = [];
    this.#quotes.clear();
  }

  waiting(): string | undefined {
    return this.#stream ? undefined : "reconnecting or waiting for a login";
  }

  poll(now: number): readonly Tick[] {
    this.#rollDay(now);
    if (this.#buffer.length === 0) return [];
    const due: Tick[] = [];
    const later: Tick[] = [];
    for (const tick of this.#buffer) (tick.time <= now ? due : later).push(tick);
    this.#buffer = later;
    due.sort((a, b) => a.time - b.time);
    return due;
  }

  pollQuotes(): readonly OptionQuote[] {
    if (this.#quotes.size === 0) return [];
    const quotes = [...this.#quotes.values()];
    this.#quotes.clear();
    return quotes;
  }

  #clearTimers() {
    clearTimeout(this.#timer);
    clearTimeout(this.#expiryTimer);
    clearInterval(this.#sessionTimer);
  }

  #closeStream() {
    this.#stream?.close();
    this.#stream = undefined;
  }

  /** A new generation's attempt: whatever the last one left (a socket, timers) is ended first. */
  #begin(): Promise<void> {
    const generation = ++this.#generation;
    this.#clearTimers();
    this.#closeStream();
    this.#attempting = true;
    const attempt = this.#connect(generation).finally(() => {
      if (generation === this.#generation) this.#attempting = false;
    });
    this.#attempt = attempt;
    return attempt;
  }

  #current(generation: number): boolean {
    return generation === this.#generation && !this.#stopped;
  }

  /** One attempt; on anything but success, the next is scheduled (or waits for a login). */
  async #connect(generation: number): Promise<void> {
    const ctx = this.#ctx;
    const session = await ctx.session().catch((error: unknown) => ({
      ok: false as const,
      reason: `The stored broker session could not be read: ${(error as Error).message}`,
      version: undefined,
    }));
    if (!this.#current(generation)) return;
    if (!session.ok) {
      ctx.report("login-needed", session.reason);
      this.#waitForLogin(generation, session.version);
      return;
    }
    if (Date.now() >= session.expiresAt) {
      await this.#loginNeeded(
        generation,
        "Kite's access token expired (they expire at 06:00 India time).",
        session.version,
      );
      return;
    }
    ctx.report("connecting", "Loading the instrument list and history, then opening the stream.");
    let stream: KiteStream | undefined;
    try {
      const day = dayKeyOf(ctx.now());
      await ctx.prepare(session.accessToken, day);
      if (!this.#current(generation)) return;
      const history = await this.#catchUp(session.accessToken);
      if (!this.#current(generation)) return;
      stream = await openKiteStream(
        { root: ctx.wsRoot, apiKey: ctx.apiKey, accessToken: session.accessToken },
        {
          binary: (data) => {
            if (generation === this.#generation) this.#onBinary(data);
          },
          text: (type, data) => {
            if (type === "error") ctx.log.warn({ data }, "Kite ticker reported an error");
          },
          closed: (reason) => this.#onClosed(generation, reason),
        },
      );
      if (!this.#current(generation)) {
        stream.close();
        return;
      }
      this.#buffer.push(...history);
      this.#stream = stream;
      this.#streamDay = day;
      this.#subscribed.clear();
      this.#lastVolume.clear();
      this.#applySubscriptions();
      this.#retryDelay = 0;
      this.#armExpiry(generation, session.expiresAt, session.version);
      this.#watchSession(generation, session.version);
      ctx.report("connected", "Live prices are streaming from Kite.");
    } catch (error) {
      if (!this.#current(generation)) return;
      await this.#failed(generation, error, session.accessToken, session.version);
    }
  }

  /**
   * The gap's minutes since the last tick delivered. A failure other than a refused token is logged and the
   * stream opens anyway: live prices matter more than a complete history.
   */
  async #catchUp(accessToken: string): Promise<Tick[]> {
    try {
      const history = await this.#ctx.catchUp(accessToken, this.#symbols, this.#from);
      const last = history.at(-1);
      // A reconnect before any live tick does not replay the same minutes again.
      if (last) this.#from = Math.max(this.#from, last.time + 1);
      return history;
    } catch (error) {
      if (error instanceof KiteError && error.tokenRefused) throw error;
      this.#ctx.log.warn({ err: error }, "Kite history could not be fetched; streaming without it");
      return [];
    }
  }

  async #failed(generation: number, error: unknown, accessToken: string, version: number) {
    const refused =
      (error instanceof KiteStreamRefused && error.status === 403) ||
      (error instanceof KiteError && error.tokenRefused);
    if (refused && !(await this.#ctx.tokenWorks(accessToken).catch(() => true))) {
      await this.#loginNeeded(
        generation,
        "Kite refused the stored access token (it expires every morning, or was logged out).",
        version,
      );
      return;
    }
    if (!this.#current(generation)) return;
    const message = error instanceof Error ? error.message : String(error);
    this.#ctx.log.warn({ err: error }, "Kite feed: could not connect; trying again");
    this.#ctx.report("error", `Kite could not be reached: ${message}`);
    this.#retry(generation);
  }

  async #loginNeeded(generation: number, reason: string, version: number | undefined) {
    if (!this.#current(generation)) return;
    clearInterval(this.#sessionTimer);
    clearTimeout(this.#expiryTimer);
    this.#closeStream();
    await this.#ctx
      .invalidate(reason, version)
      .catch((error: unknown) =>
        this.#ctx.log.error({ err: error }, "could not mark the broker session invalid"),
      );
    if (!this.#current(generation)) return;
    this.#ctx.report("login-needed", reason);
    this.#waitForLogin(generation, version);
  }

  #retry(generation: number) {
    if (!this.#current(generation)) return;
    this.#retryDelay = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, this.#retryDelay * 2));
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (this.#current(generation)) void this.#begin();
    }, this.#retryDelay);
    this.#timer.unref();
  }

  /** Reads the stored session until it changes (a new login), then connects. */
  #waitForLogin(generation: number, version: number | undefined) {
    if (!this.#current(generation)) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(async () => {
      const session = await this.#ctx.session().catch(() => undefined);
      if (!this.#current(generation)) return;
      if (session?.ok && session.version !== version) void this.#begin();
      else this.#waitForLogin(generation, version);
    }, LOGIN_POLL_MS);
    this.#timer.unref();
  }

  /** A logout (or a new login) in any process reaches the stream within SESSION_CHECK_MS. */
  #watchSession(generation: number, version: number) {
    clearInterval(this.#sessionTimer);
    this.#sessionTimer = setInterval(async () => {
      const session = await this.#ctx.session().catch(() => undefined);
      if (!session || !this.#current(generation) || !this.#stream) return;
      if (session.ok && session.version === version) return;
      if (session.ok) {
        void this.#begin();
      } else {
        clearInterval(this.#sessionTimer);
        this.#closeStream();
        this.#ctx.report("login-needed", session.reason);
        this.#waitForLogin(generation, session.version);
      }
    }, SESSION_CHECK_MS);
    this.#sessionTimer.unref();
  }

  #armExpiry(generation: number, expiresAt: number, version: number) {
    clearTimeout(this.#expiryTimer);
    // Real time: the token dies at the broker's 06:00, whatever the market clock says.
    const wait = Math.min(expiresAt - Date.now(), 2 ** 31 - 1);
    if (wait <= 0) return;
    this.#expiryTimer = setTimeout(() => {
      void this.#loginNeeded(
        generation,
        "Kite's access token expired (they expire at 06:00 India time): log in again.",
        version,
      );
    }, wait);
    this.#expiryTimer.unref();
  }

  #onClosed(generation: number, reason: string) {
    if (!this.#current(generation)) return;
    this.#stream = undefined;
    clearInterval(this.#sessionTimer);
    clearTimeout(this.#expiryTimer);
    this.#ctx.log.warn({ reason }, "Kite ticker closed; reconnecting");
    this.#ctx.report("connecting", `The stream closed (${reason}); reconnecting.`);
    // The next attempt catches the gap up from the last live tick.
    this.#retry(generation);
  }

  #onBinary(data: Uint8Array) {
    const decoded = decodeKiteMessage(data);
    if (decoded.heartbeat) return;
    const dropped = (decoded.malformed ? 1 : 0) + decoded.dropped;
    if (dropped > 0) this.#ctx.dropped(dropped);
    const now = this.#ctx.now();
    for (const packet of decoded.packets) {
      const target = this.#tokens.get(packet.token);
      if (!target) continue;
      const time = Math.min(packet.exchangeTime > 0 ? packet.exchangeTime * 1000 : now, now);
      if ("symbol" in target) {
        let volume = 0;
        if (packet.tradable && packet.volume > 0) {
          const last = this.#lastVolume.get(packet.token);
          volume =
            last === undefined ? 0 : packet.volume >= last ? packet.volume - last : packet.volume;
          this.#lastVolume.set(packet.token, packet.volume);
        }
        this.#buffer.push({ symbol: target.symbol, time, price: packet.lastPrice, volume });
        this.#from = Math.max(this.#from, time);
        this.#ctx.ticked(time);
      } else if (packet.lastPrice > 0) {
        const traded = packet.lastTradeTime > 0 ? packet.lastTradeTime * 1000 : time;
        this.#quotes.set(target.key, {
          key: target.key,
          time,
          tradedAt: Math.min(traded, now),
          ltp: packet.lastPrice,
          bid: packet.bid,
          ask: packet.ask,
          ...(packet.mode === "full" && packet.oi > 0 ? { oi: packet.oi } : {}),
        });
      }
    }
  }

  /** After midnight: the day's tokens (the CRUDEOIL future rolls the day after its expiry). */
  #rollDay(now: number) {
    const day = dayKeyOf(now);
    if (!this.#stream || day === this.#streamDay) return;
    this.#streamDay = day;
    this.#applySubscriptions();
  }

  #applySubscriptions() {
    const tokens = new Map<number, { symbol: MarketSymbol } | { key: string }>();
    const day = this.#streamDay || dayKeyOf(this.#ctx.now());
    for (const symbol of this.#symbols) {
      const token = this.#ctx.underlyingToken(symbol, day);
      if (token !== undefined) tokens.set(token, { symbol });
      else if (this.#stream) {
        this.#ctx.log.warn({ symbol, day }, "Kite feed: the instrument list has no token for it");
      }
    }
    for (const key of this.#watched) {
      const token = this.#ctx.optionToken(key);
      if (token !== undefined) tokens.set(token, { key });
    }
    this.#tokens = tokens;
    const stream = this.#stream;
    if (!stream) return;
    const added = [...tokens.keys()].filter((token) => !this.#subscribed.has(token));
    const removed = [...this.#subscribed].filter((token) => !tokens.has(token));
    stream.unsubscribe(removed);
    stream.subscribe(added, "full");
    this.#subscribed = new Set(tokens.keys());
  }
}
