/**
 * The market engine: reads the feed on the market clock, keeps each symbol's snapshot, builds and stores
 * bars, works out each exchange's status, restarts a feed that goes silent during a session, and hands
 * every change to the publisher. One process runs it (engine-leader.ts).
 *
 * On start it replays the feed from the start of the previous trading day up to now, quietly, so the
 * snapshots (open, high, low, volume, change against the previous close) and today's bars are whole after
 * a restart; stored bars are written again over themselves.
 *
 * With `catchUp` (the simulated market), a clock that starts after the day's first open computes the day
 * so far before it goes live: the replay stops quietly at that open, and from there the engine runs its own
 * step (ticks, bars, models, transitions, the journal and the ledger) minute by minute up to the clock's
 * reading, as fast as it can rather than in real time. A day whose signals are stored already (a restart)
 * is not computed again.
 */
import type { MarketSnapshot, MarketStatus } from "@kalpa/contracts/market";
import {
  EXCHANGES,
  type ExchangeId,
  MARKET_SYMBOLS,
  type MarketSymbol,
} from "@kalpa/contracts/names";
import { BarBuilder, type CompletedBar } from "@kalpa/market/bars/bar-builder";
import { INTERVAL_MINUTES } from "@kalpa/market/bars/buckets";
import { SnapshotTracker } from "@kalpa/market/bars/snapshot-tracker";
import { marketStatuses } from "@kalpa/market/calendar/market-status";
import {
  type CalendarOptions,
  previousTradingDay,
  sessionsOn,
} from "@kalpa/market/calendar/sessions";
import type { MarketFeed } from "@kalpa/market/feed/market-feed";
import { DEFAULT_MAX_SILENCE_MS, feedHealth } from "@kalpa/market/feed/watchdog";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { MarketRepository, StoredBar } from "../modules/market/repository";
import type { MarketClockHandle } from "./market-clock";
import type { SignalEngine } from "./signal-engine";

/** The engine's cadence in real time: how often it reads the feed. */
export const ENGINE_LOOP_MS = 250;
/** Steps whose lateness is kept: ten seconds of them. */
const LAG_SAMPLES = 10_000 / ENGINE_LOOP_MS;

/** How late the engine's steps began against their schedule, in ms. */
export interface EngineLag {
  p50: number;
  p99: number;
  max: number;
}
/** 1-minute bars kept: this many NSE sessions back. */
export const MINUTE_BAR_SESSIONS = 5;
/**
 * A tick or bar older than this (market time) when it is applied is history catching up (a broker feed
 * back after an outage replays the gap's candles): it warms the models up and builds bars, but neither
 * fires a signal nor moves an open trade at a price nobody could still trade at.
 */
export const LATE_MS = 2 * 60_000;
/** The catch-up's step, in market time: the models see every tick; the clock's rules run this often. */
export const CATCH_UP_STEP_MS = 15_000;
/** Completed bars written together while catching up (one statement, not one per step). */
const CATCH_UP_BATCH_BARS = 600;
const DAY_MS = 24 * 60 * 60_000;

/** When a completed bar's bucket ended (a daily bar: the day's end). */
function barEnd({ interval, bar }: CompletedBar): number {
  return bar.time + (interval === "1d" ? DAY_MS : INTERVAL_MINUTES[interval] * 60_000);
}

export interface MarketPublisher {
  snapshot(snapshot: MarketSnapshot): void;
  statuses(changed: readonly MarketStatus[], all: readonly MarketStatus[]): void;
  stalled(exchanges: readonly ExchangeId[]): void;
}

export interface MarketEngineOptions {
  clock: MarketClockHandle;
  /** A feed that delivers ticks after `from` (epoch ms); called again to restart a stalled feed. */
  createFeed: (from: number) => MarketFeed;
  calendar: CalendarOptions;
  repository: MarketRepository;
  publisher: MarketPublisher;
  log: Logger;
  /** The close before `day`, when the source knows it (the simulator does); else the stored daily bar. */
  previousClose?: (symbol: MarketSymbol, day: string) => number | undefined;
  /**
   * True: `previousClose` is asked again at each new day's first tick, and its answer (when it has one)
   * is the day's previous close instead of the last price before it. A recording's official close is not
   * its last minute's price (NSE's close is an average of the last 30 minutes).
   */
  previousCloseEachDay?: boolean;
  loopMs?: number;
  maxSilenceMs?: number;
  /**
   * False: the feed's silences are not stalls (a recorded replay is silent where its recording is); it is
   * never restarted for them nor shown stalled. True by default.
   */
  watchesSilence?: boolean;
  /** The models: fed every live tick and completed bar, flushed once per loop (signal-engine.ts). */
  signals?: Pick<
    SignalEngine,
    "warmUp" | "onBar" | "onTick" | "onQuote" | "watched" | "resume" | "flush"
  > &
    Partial<Pick<SignalEngine, "catchingUp" | "recordedSince">>;
  /**
   * Compute the day so far on start (the simulated market): from the day's first open to the clock's
   * reading, through the live step. Needs `signals` with catchingUp and recordedSince.
   */
  catchUp?: boolean;
}

export interface MarketEngine {
  start(): Promise<void>;
  /** One pass of the loop (the timer calls it; exposed for tests that drive the clock). */
  step(): Promise<void>;
  stop(): Promise<void>;
  /** How late the engine's recent steps began (ms): the median, p99 and worst of the last ten seconds. */
  lag(): EngineLag;
}

const toStored = ({ symbol, interval, bar }: CompletedBar): StoredBar | undefined =>
  interval === "1m" || interval === "1d" ? { symbol, interval, ...bar } : undefined;

function statusKey(status: MarketStatus): string {
  return `${status.status}${status.stalled ? ":stalled" : ""}`;
}

export function createMarketEngine(options: MarketEngineOptions): MarketEngine {
  const { clock, calendar, repository, publisher, log } = options;
  const loopMs = options.loopMs ?? ENGINE_LOOP_MS;
  const tracker = new SnapshotTracker(MARKET_SYMBOLS);
  const signals = options.signals;
  const builder = new BarBuilder({
    intervals: signals ? ["1m", "5m", "15m", "1d"] : ["1m", "1d"],
    calendar,
  });
  const lastTickAt: Partial<Record<MarketSymbol, number>> = {};
  /** Each symbol's day of its last tick (previousCloseEachDay). */
  const tickDay: Partial<Record<MarketSymbol, string>> = {};
  const newDay = (tick: { symbol: MarketSymbol; time: number }) => {
    if (!options.previousCloseEachDay || !options.previousClose) return;
    const day = dayKeyOf(tick.time);
    if (tickDay[tick.symbol] === day) return;
    tickDay[tick.symbol] = day;
    const close = options.previousClose(tick.symbol, day);
    if (close !== undefined) tracker.setPreviousClose(tick.symbol, day, close);
  };
  let feed: MarketFeed | undefined;
  let delivered = 0;
  let statuses = new Map<ExchangeId, string>();
  let prunedDay = "";
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;

  /**
   * Applies ticks; returns the symbols whose snapshot changed and the bars completed. The models see each
   * completed bar, then the tick that completed it (while replaying at start-up: the bars only, to warm up).
   */
  function apply(now: number, replaying = false) {
    const changed = new Set<MarketSymbol>();
    const completed: StoredBar[] = [];
    const late = now - LATE_MS;
    /** `at`: the market time of the tick (or the clock's reading) that completed the bar. */
    const onBar = (bar: CompletedBar, at: number) => {
      const stored = toStored(bar);
      if (stored) completed.push(stored);
      if (!signals) return;
      if (replaying || barEnd(bar) < late) signals.warmUp(bar);
      else signals.onBar(bar, at);
    };
    for (const tick of feed?.poll(now) ?? []) {
      newDay(tick);
      tracker.push(tick);
      lastTickAt[tick.symbol] = tick.time;
      delivered = Math.max(delivered, tick.time);
      changed.add(tick.symbol);
      for (const bar of builder.push(tick)) onBar(bar, tick.time);
      if (!replaying && tick.time >= late) signals?.onTick(tick);
    }
    for (const bar of builder.closeUpTo(now)) onBar(bar, now);
    if (!replaying && signals) {
      for (const quote of feed?.pollQuotes?.(now) ?? []) signals.onQuote(quote);
    }
    return { changed, completed };
  }

  /** The contracts the feed quotes follow the signals (a broker feed; others have no quotes). */
  let watchedKey = "";
  function watchOptions(now: number) {
    if (!signals || !feed?.watchOptions) return;
    const keys = signals.watched(now);
    const key = keys.join(",");
    if (key === watchedKey) return;
    watchedKey = key;
    feed.watchOptions(keys);
  }

  async function save(bars: readonly StoredBar[]) {
    if (bars.length === 0) return;
    try {
      await repository.saveBars(bars);
    } catch (error) {
      log.error({ err: error, bars: bars.length }, "market engine: could not store bars");
    }
  }

  function updateStatuses(now: number, stalledExchanges: readonly ExchangeId[]) {
    const all = marketStatuses(now, calendar).map((status) =>
      stalledExchanges.includes(status.exchange) ? { ...status, stalled: true } : status,
    );
    const changed = all.filter((status) => statuses.get(status.exchange) !== statusKey(status));
    if (changed.length === 0) return;
    statuses = new Map(all.map((status) => [status.exchange, statusKey(status)]));
    publisher.statuses(changed, all);
  }

  async function restartFeed(reason: string) {
    log.warn({ reason, from: new Date(delivered).toISOString() }, "market feed restarted");
    await feed?.stop().catch(() => undefined);
    feed = options.createFeed(delivered);
    watchedKey = "";
    const started = feed.start();
    // A feed that manages its own connection is not waited for: the loop (flushes, square-offs) goes on.
    if (feed.waiting) {
      started.catch((error: unknown) => log.error({ err: error }, "market feed failed to start"));
    } else {
      await started;
    }
  }

  async function pruneMinuteBars(day: string) {
    if (day === prunedDay) return;
    prunedDay = day;
    let cut = day;
    for (let i = 0; i < MINUTE_BAR_SESSIONS; i++) cut = previousTradingDay("NSE", cut, calendar);
    try {
      await repository.pruneBefore("1m", startOfDay(cut).getTime());
    } catch (error) {
      log.warn({ err: error }, "market engine: could not prune old 1-minute bars");
    }
  }

  async function flushSignals(now: number) {
    try {
      await signals?.flush(now);
    } catch (error) {
      log.error({ err: error }, "signal engine: could not store or send signals");
    }
  }

  async function step() {
    if (running || stopped) return;
    running = true;
    try {
      const now = clock.now();
      const { changed, completed } = apply(now);
      // Persist, then broadcast: a bar is stored before anyone hears of the prices that completed it.
      await save(completed);
      for (const symbol of changed) publisher.snapshot(tracker.snapshot(symbol));
      await flushSignals(now);
      watchOptions(now);
      const health = feedHealth(
        options.watchesSilence === false ? [] : MARKET_SYMBOLS,
        lastTickAt,
        now,
        {
          calendar,
          maxSilenceMs: options.maxSilenceMs ?? DEFAULT_MAX_SILENCE_MS,
        },
      );
      const stalled = health.stalledExchanges.map((name) => EXCHANGES[name]);
      publisher.stalled(stalled);
      updateStatuses(now, stalled);
      // A feed reconnecting (or waiting for a login) by itself is reported stalled, not restarted; one that
      // manages itself and still streams something is restarted only when every symbol in session is silent
      // (one exchange's hiccup must not tear down the other's stream).
      const restart =
        health.stalledSymbols.length > 0 &&
        feed?.waiting?.() === undefined &&
        (feed?.waiting === undefined ||
          health.stalledSymbols.length === health.inSessionSymbols.length);
      if (restart) {
        await restartFeed(`no ticks for ${health.stalledSymbols.join(", ")}`);
        // Count the silence again from the restart, so a dead source is retried on the same cadence.
        for (const symbol of health.stalledSymbols) lastTickAt[symbol] = now;
      }
      await pruneMinuteBars(dayKeyOf(now));
    } catch (error) {
      log.error({ err: error }, "market engine step failed");
    } finally {
      running = false;
    }
  }

  // How late each step began against its schedule, the last LAG_SAMPLES of them (the engine's pace under
  // load: a busy event loop makes every step late).
  const lags = new Float64Array(LAG_SAMPLES);
  let lagCount = 0;
  function schedule() {
    if (stopped) return;
    const due = performance.now() + loopMs;
    timer = setTimeout(() => {
      lags[lagCount % LAG_SAMPLES] = Math.max(0, performance.now() - due);
      lagCount++;
      void step().finally(schedule);
    }, loopMs);
  }

  /** The day's first open (either exchange) when the engine should compute the day up to `now`. */
  async function catchUpFrom(now: number): Promise<number | undefined> {
    if (!options.catchUp || !signals?.catchingUp || !signals.recordedSince) return undefined;
    const today = dayKeyOf(now);
    const opens = (["NSE", "MCX"] as const)
      .map((exchange) => sessionsOn(exchange, today, calendar)[0]?.open)
      .filter((open): open is number => open !== undefined && open < now);
    if (opens.length === 0) return undefined;
    const open = Math.min(...opens);
    if (await signals.recordedSince(open)) return undefined;
    return open;
  }

  /**
   * The day from `from` to `to` through the live step's own work, minute after minute of market time,
   * without waiting for the real clock. Bars are written in batches.
   */
  async function catchUp(from: number, to: number) {
    signals?.catchingUp?.(true);
    let bars: StoredBar[] = [];
    let steps = 0;
    try {
      for (let at = from + CATCH_UP_STEP_MS; ; at = Math.min(to, at + CATCH_UP_STEP_MS)) {
        if (stopped) return;
        const { completed } = apply(at);
        bars.push(...completed);
        if (bars.length >= CATCH_UP_BATCH_BARS) {
          await save(bars);
          bars = [];
        }
        await flushSignals(at);
        // Let requests in now and then (the site already listens on a restart).
        if (++steps % 40 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (at >= to) break;
      }
    } finally {
      await save(bars);
      signals?.catchingUp?.(false);
    }
    log.info(
      { from: new Date(from).toISOString(), to: new Date(to).toISOString(), steps },
      "market engine: the day so far computed",
    );
  }

  return {
    lag(): EngineLag {
      const recent = [...lags.subarray(0, Math.min(lagCount, LAG_SAMPLES))].sort((a, b) => a - b);
      const at = (q: number) => recent[Math.max(0, Math.ceil(q * recent.length) - 1)] ?? 0;
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(recent.at(-1) ?? 0) };
    },
    async start() {
      const now = clock.now();
      const today = dayKeyOf(now);
      // Replay from the start of the earlier of the exchanges' previous trading days.
      const firstDay = MARKET_SYMBOLS.map((symbol) =>
        previousTradingDay(OPTION_UNDERLYINGS[symbol].exchange, today, calendar),
      ).sort()[0] as string;
      const from = startOfDay(firstDay).getTime();
      for (const symbol of MARKET_SYMBOLS) {
        const close =
          options.previousClose?.(symbol, firstDay) ??
          (await repository.lastBarBefore(symbol, "1d", from))?.close;
        if (close !== undefined) tracker.setPreviousClose(symbol, firstDay, close);
      }
      delivered = from;
      feed = options.createFeed(from);
      await feed.start();
      const dayFrom = await catchUpFrom(now).catch((error: unknown) => {
        log.error({ err: error }, "market engine: could not tell whether the day is computed");
        return undefined;
      });
      const quietTo = dayFrom ?? now;
      const { completed } = apply(quietTo, true);
      // Stored before anyone hears of the prices (persist, then broadcast).
      await save(completed);
      // Open signals continue; a square-off missed while down is recorded now.
      await signals?.resume(quietTo).catch((error: unknown) => {
        log.error({ err: error }, "signal engine: could not resume the stored signals");
      });
      if (dayFrom !== undefined) await catchUp(dayFrom, now);
      for (const symbol of MARKET_SYMBOLS) publisher.snapshot(tracker.snapshot(symbol));
      updateStatuses(now, []);
      log.info(
        { clock: new Date(now).toISOString(), feed: feed.kind, replayedBars: completed.length },
        "market engine started",
      );
      schedule();
    },
    step,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // Let a step in progress finish its writes.
      while (running) await new Promise((resolve) => setTimeout(resolve, 10));
      await feed?.stop().catch(() => undefined);
    },
  };
}
