/**
 * Puts the market together from the configuration: the calendar options, the market clock, the feed
 * (simulated or replay) and, for the simulated feed and a recorded replay, the history a newcomer's charts
 * and models need.
 */
import { readFile } from "node:fs/promises";
import type { Bar } from "@kalpa/contracts/market";
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import type { MinuteBarSource } from "@kalpa/market/backtest/bar-source";
import type { CalendarOptions } from "@kalpa/market/calendar/sessions";
import { isTradingDay, previousTradingDay } from "@kalpa/market/calendar/sessions";
import type { MarketFeed } from "@kalpa/market/feed/market-feed";
import { RecordedFeed, recordedSessions } from "@kalpa/market/feed/recorded-feed";
import {
  type RecordedMarket,
  recordedContracts,
  recordedMarket,
} from "@kalpa/market/feed/recorded-market";
import { parseReplayCsv, type ReplayBar } from "@kalpa/market/feed/replay-csv";
import { ReplayFeed, ReplayTicks } from "@kalpa/market/feed/replay-feed";
import { SimulatedFeed } from "@kalpa/market/feed/simulated-feed";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import type { ContractMarket } from "@kalpa/market/models/signal-intent";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { MarketConfig } from "../config/app-config";
import type { KiteBroker } from "../modules/broker/kite/kite-broker";
import type { MarketRepository } from "../modules/market/repository";
import { createMarketClock, createSessionWalkClock, type MarketClockHandle } from "./market-clock";
import { MINUTE_BAR_SESSIONS } from "./market-engine";
import { readRecordedFolder } from "./recorded-folder";

/** Daily history written on a first start with the simulated feed, so indicators have data. */
export const HISTORY_DAYS = 365;
/** Days generated per slice while seeding, so the event loop is never held for long. */
const SEED_SLICE_DAYS = 20;

export interface MarketSource {
  kind: MarketFeed["kind"];
  calendar: CalendarOptions;
  clock: MarketClockHandle;
  createFeed: (from: number) => MarketFeed;
  previousClose?: (symbol: (typeof MARKET_SYMBOLS)[number], day: string) => number | undefined;
  /** `previousClose` is each day's (a recording's official close), not only the first replayed day's. */
  previousCloseEachDay?: boolean;
  /** The simulated market's past sessions (simulated feed only): the demo journal is run over them. */
  minuteBars?: MinuteBarSource;
  /**
   * Writes what history is missing (simulated feed only). `stopped` is asked before each write: once it
   * says true (the server is closing), no other write is begun.
   */
  seedHistory?: (
    repository: MarketRepository,
    log: Logger,
    stopped: () => boolean,
  ) => Promise<void>;
  /** The broker connection (MARKET_FEED=kite): its contract list decides what the models may trade. */
  broker?: KiteBroker;
  /**
   * A recorded replay (REPLAY_DATA): the option contracts the recording holds and their recorded prices,
   * which decide what a crude signal trades and at what premium (index options stay model-priced).
   */
  contracts?: ContractMarket;
  /**
   * False for a recorded replay: a gap in the recording (a crude minute with no traded pair, a day the
   * recording holds no index) is the market's, not a fault; restarting the feed cannot fill it.
   */
  watchesSilence?: boolean;
  /**
   * The engine computes the day so far on start when its clock starts after the day's open (the simulated
   * market on a simulated clock: market-engine.ts).
   */
  catchUp?: boolean;
}

/**
 * The market source of the configuration. With MARKET_FEED=kite, `createBroker` makes the broker connection
 * (on the source's clock and calendar); "auto" is then the real time, as a broker streams the real market.
 */
export async function createMarketSource(
  config: MarketConfig,
  realNow: () => number = Date.now,
  createBroker?: (clock: MarketClockHandle, calendar: CalendarOptions) => KiteBroker,
): Promise<MarketSource> {
  const calendar: CalendarOptions = config.nseClose ? { nseClose: config.nseClose } : {};
  if (config.feed === "kite") {
    if (!createBroker) throw new Error("MARKET_FEED=kite needs the broker connection");
    const clock = createMarketClock(
      { start: config.clockStart, speed: config.clockSpeed, calendar, live: true },
      realNow,
    );
    const broker = createBroker(clock, calendar);
    return {
      kind: "broker",
      calendar,
      clock,
      createFeed: (from) => broker.createFeed(from),
      seedHistory: (_repository, _log, stopped) => broker.seedHistory(stopped),
      broker,
    };
  }
  if (config.feed === "replay" && config.replayData) {
    return recordedSource(config, calendar, realNow);
  }
  if (config.feed === "replay") {
    const bars = await readReplayFile(config.replayFile as string);
    const first = bars.reduce((min, bar) => Math.min(min, bar.time), Number.POSITIVE_INFINITY);
    return {
      kind: "replay",
      calendar,
      // "auto" starts a replay at its first bar.
      clock: createMarketClock(
        {
          start: config.clockStart,
          speed: config.clockSpeed,
          epoch: config.clockEpoch,
          calendar,
          autoStart: () => first,
        },
        realNow,
      ),
      createFeed: (from) => new ReplayFeed(bars, from),
    };
  }
  const market = new SimulatedMarket({ seed: config.seed, calendar });
  const clock = createMarketClock(
    { start: config.clockStart, speed: config.clockSpeed, epoch: config.clockEpoch, calendar },
    realNow,
  );
  return {
    kind: "simulated",
    calendar,
    clock,
    createFeed: (from) => new SimulatedFeed(market, from),
    previousClose: (symbol, day) => market.previousClose(symbol, day),
    minuteBars: market,
    catchUp: clock.info().simulated,
    seedHistory: (repository, log, stopped) =>
      seedSimulatedHistory(market, calendar, repository, log, dayKeyOf(clock.now()), stopped),
  };
}

async function readReplayFile(file: string): Promise<ReplayBar[]> {
  const text = await readFile(file, "utf8").catch((error: unknown) => {
    throw new Error(`REPLAY_FILE ${file} could not be read: ${(error as Error).message}`);
  });
  const bars = parseReplayCsv(text);
  if (bars.length === 0) throw new Error(`REPLAY_FILE ${file} holds no bars`);
  return bars;
}

/**
 * REPLAY_DATA: the recorded market of a data folder. The clock walks its recorded sessions in time order
 * (within REPLAY_FROM–REPLAY_TO): the index days of 2024 one after another, then the crude days of June
 * 2025, each from its open to its close, never through the nights and months between them.
 */
async function recordedSource(
  config: MarketConfig,
  calendar: CalendarOptions,
  realNow: () => number,
): Promise<MarketSource> {
  const dir = config.replayData as string;
  const files = await readRecordedFolder(dir).catch((error: unknown) => {
    throw new Error(`REPLAY_DATA ${dir}: ${(error as Error).message}`);
  });
  let market: RecordedMarket;
  try {
    market = recordedMarket(files);
  } catch (error) {
    throw new Error(`REPLAY_DATA ${dir}: ${(error as Error).message}`);
  }
  const { from, to } = config.replayWindow;
  const sessions = recordedSessions(market, calendar, { from, to });
  if (sessions.length === 0) {
    const window = from || to ? ` from ${from ?? "the first"} to ${to ?? "the last"}` : "";
    throw new Error(`REPLAY_DATA ${dir} holds no recorded 1-minute session${window}`);
  }
  const clock = createSessionWalkClock(
    { sessions, start: config.clockStart, speed: config.clockSpeed, epoch: config.clockEpoch },
    realNow,
  );
  const ticks = new ReplayTicks(market.allMinuteBars());
  return {
    kind: "replay",
    calendar,
    clock,
    createFeed: (at) =>
      new RecordedFeed(market, ticks, at, { slippageTicks: config.slippageTicks }),
    previousClose: (symbol, day) => recordedCloseBefore(market, calendar, symbol, day),
    previousCloseEachDay: true,
    seedHistory: (repository, log, stopped) =>
      seedRecordedHistory(market, repository, log, dayKeyOf(clock.now()), stopped),
    contracts: recordedContracts(market),
    watchesSilence: false,
  };
}

/**
 * The recorded daily bars of `symbol` from `first` to `last`: the daily files' (index-daily: the official
 * close), else each day's 1-minute bars (or its 15-minute bars) made into one.
 */
function recordedDailyBars(
  market: RecordedMarket,
  symbol: (typeof MARKET_SYMBOLS)[number],
  first: string,
  last: string,
): Bar[] {
  const bars: Bar[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const recorded = market.dailyBar(symbol, day);
    if (recorded) {
      bars.push(recorded);
      continue;
    }
    const minutes = market.minuteBars(symbol, day);
    const dayBars = minutes.length > 0 ? minutes : market.quarterHourBars(symbol, day);
    const open = dayBars[0];
    const close = dayBars.at(-1);
    if (!open || !close) continue;
    bars.push({
      time: startOfDay(day).getTime(),
      open: open.open,
      high: Math.max(...dayBars.map((bar) => bar.high)),
      low: Math.min(...dayBars.map((bar) => bar.low)),
      close: close.close,
      volume: dayBars.reduce((sum, bar) => sum + bar.volume, 0),
    });
  }
  return bars;
}

/**
 * The close the engine should take as `symbol`'s previous close on `day`, the first day it replays: the
 * recorded close of the trading day before the first recorded day from `day` on (the days between have no
 * ticks, so the close stands until then). Undefined when the recording does not hold that close: an older
 * one would make a false change.
 */
function recordedCloseBefore(
  market: RecordedMarket,
  calendar: CalendarOptions,
  symbol: (typeof MARKET_SYMBOLS)[number],
  day: string,
): number | undefined {
  const next = market.days(symbol).find((recorded) => recorded >= day);
  if (next === undefined) return undefined;
  const before = previousTradingDay(OPTION_UNDERLYINGS[symbol].exchange, next, calendar);
  return recordedDailyBars(market, symbol, before, before)[0]?.close;
}

/**
 * The recorded history before `today`, as seedSimulatedHistory writes the simulator's: daily bars of the
 * recorded days in the HISTORY_DAYS before it (from their 1-minute bars, or the 15-minute bars where a
 * day has only those), and the 1-minute bars of the last MINUTE_BAR_SESSIONS recorded days. Stored bars
 * are written again over themselves.
 */
async function seedRecordedHistory(
  market: RecordedMarket,
  repository: MarketRepository,
  log: Logger,
  today: string,
  stopped: () => boolean,
): Promise<void> {
  let written = 0;
  for (const symbol of MARKET_SYMBOLS) {
    if (stopped()) return;
    const daily = recordedDailyBars(
      market,
      symbol,
      addDays(today, -HISTORY_DAYS),
      addDays(today, -1),
    );
    written += await saveBars(repository, symbol, "1d", daily);
    for (const day of market
      .days(symbol)
      .filter((day) => day < today)
      .slice(-MINUTE_BAR_SESSIONS)) {
      if (stopped()) return;
      written += await saveBars(repository, symbol, "1m", market.minuteBars(symbol, day));
      await yieldToEventLoop();
    }
  }
  if (written > 0) log.info({ bars: written }, "recorded market history written");
}

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

/** Stores `bars` of `symbol` at `interval`; how many. */
async function saveBars(
  repository: MarketRepository,
  symbol: (typeof MARKET_SYMBOLS)[number],
  interval: "1m" | "1d",
  bars: readonly Bar[],
): Promise<number> {
  await repository.saveBars(bars.map((bar) => ({ symbol, interval, ...bar })));
  return bars.length;
}

/**
 * Daily bars for the year before today (from the last stored one, when some are), and 1-minute bars of the
 * last sessions, generated by the same simulator the live feed runs, so history and live prices agree.
 */
async function seedSimulatedHistory(
  market: SimulatedMarket,
  calendar: CalendarOptions,
  repository: MarketRepository,
  log: Logger,
  today: string,
  stopped: () => boolean,
): Promise<void> {
  let written = 0;
  for (const symbol of MARKET_SYMBOLS) {
    const exchange = OPTION_UNDERLYINGS[symbol].exchange;
    const first = addDays(today, -HISTORY_DAYS);
    const last = addDays(today, -1);
    const stored = new Set(
      (
        await repository.bars(
          symbol,
          "1d",
          startOfDay(first).getTime(),
          startOfDay(today).getTime() - 1,
          HISTORY_DAYS + 1,
        )
      ).map((bar) => dayKeyOf(bar.time)),
    );
    // Generate only the slices that miss a trading day (a restart finds the year already written).
    for (let from = first; from <= last; from = addDays(from, SEED_SLICE_DAYS)) {
      const to =
        addDays(from, SEED_SLICE_DAYS - 1) < last ? addDays(from, SEED_SLICE_DAYS - 1) : last;
      let missing = false;
      for (let day = from; day <= to && !missing; day = addDays(day, 1)) {
        missing = isTradingDay(exchange, day, calendar) && !stored.has(day);
      }
      if (!missing) continue;
      if (stopped()) return;
      const bars = market
        .dailyBars(symbol, from, to)
        .filter((bar) => !stored.has(dayKeyOf(bar.time)));
      written += await saveBars(repository, symbol, "1d", bars);
      await yieldToEventLoop();
    }
    let day = today;
    for (let i = 0; i < MINUTE_BAR_SESSIONS; i++) {
      day = previousTradingDay(exchange, day, calendar);
      if (stopped()) return;
      written += await saveBars(repository, symbol, "1m", market.minuteBars(symbol, day));
      await yieldToEventLoop();
    }
  }
  if (written > 0) log.info({ bars: written }, "simulated market history written");
}
