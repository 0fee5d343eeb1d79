/**
 * Puts the market together from the configuration: the calendar options, the market clock, the feed
 * (simulated or replay) and, for the simulated feed, the history a newcomer's charts and models need.
 */
import { readFile } from "node:fs/promises";
import { MARKET_SYMBOLS } from "@kalpa/contracts/names";
import type { MinuteBarSource } from "@kalpa/market/backtest/bar-source";
import type { CalendarOptions } from "@kalpa/market/calendar/sessions";
import { isTradingDay, previousTradingDay } from "@kalpa/market/calendar/sessions";
import type { MarketFeed } from "@kalpa/market/feed/market-feed";
import { parseReplayCsv, type ReplayBar } from "@kalpa/market/feed/replay-csv";
import { ReplayFeed } from "@kalpa/market/feed/replay-feed";
import { SimulatedFeed } from "@kalpa/market/feed/simulated-feed";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { KiteBroker } from "../broker/kite/kite-broker";
import type { MarketConfig } from "../config/env";
import type { MarketRepository } from "../modules/market/repository";
import { createMarketClock, type MarketClockHandle } from "./market-clock";
import { MINUTE_BAR_SESSIONS } from "./market-engine";

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

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

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
      await repository.saveBars(bars.map((bar) => ({ symbol, interval: "1d" as const, ...bar })));
      written += bars.length;
      await yieldToEventLoop();
    }
    let day = today;
    for (let i = 0; i < MINUTE_BAR_SESSIONS; i++) {
      day = previousTradingDay(exchange, day, calendar);
      if (stopped()) return;
      const bars = market.minuteBars(symbol, day);
      await repository.saveBars(bars.map((bar) => ({ symbol, interval: "1m" as const, ...bar })));
      written += bars.length;
      await yieldToEventLoop();
    }
  }
  if (written > 0) log.info({ bars: written }, "simulated market history written");
}
