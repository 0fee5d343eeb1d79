/**
 * The market engine (MARKET_ENGINE): builds the configured market source and runs the engine in whichever
 * process holds the engine lock (this one at once on the embedded database). The leader publishes prices
 * and signals, runs the forecasts and the operators' calendar reminder, and publishes the ledger's day
 * heads; on a first start it writes the market history and the demo journal once the site listens. A replay
 * file that cannot be read stops the start-up.
 */
import { MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { startForecastScheduler } from "../../engine/forecast-scheduler";
import { createMarketEngine, type EngineLag } from "../../engine/market-engine";
import { createMarketSource } from "../../engine/market-runtime";
import type { MarketState } from "../../engine/market-state";
import { createSignalEngine } from "../../engine/signal-engine";
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import type { BrokerModule } from "../broker/module";
import type { ForecastService } from "../forecasts/service";
import { seedDemoJournal } from "../journal/demo-history";
import type { JournalModule } from "../journal/module";
import type { MarketModule } from "../market/module";
import { startIvRecorder } from "../signals/iv-history";
import type { SignalsModule } from "../signals/module";

export interface EngineDeps {
  market: MarketModule;
  signals: SignalsModule;
  forecasts: ForecastService;
  journal: JournalModule;
  broker: BrokerModule;
  calendar: { startReminders: () => () => void };
}

export async function registerEngine(app: HttpApp, kernel: Kernel, deps: EngineDeps) {
  /** The engine's step lateness while this process runs it (GET /api/health reports it). */
  let lag: (() => EngineLag) | undefined;
  if (kernel.config.market.engine) {
    await startMarketEngine(app, kernel, deps, (next) => {
      lag = next;
    });
  }
  return { lag: () => lag?.() };
}

async function startMarketEngine(
  app: HttpApp,
  kernel: Kernel,
  deps: EngineDeps,
  /** Hands over the running engine's lateness (undefined once it stops here). */
  reportLag: (lag: (() => EngineLag) | undefined) => void,
) {
  const { config, log, market: state, startUp } = kernel;
  const repository = deps.market.repository;
  const { ledger } = deps.journal;
  // The real time the clock starts from (the kernel's clock: a test may set it to a Saturday).
  const source = await createMarketSource(
    config.market,
    () => kernel.clock().getTime(),
    deps.broker.connect,
  );
  state.setFeed({
    kind: source.kind,
    simulated: source.kind !== "broker",
    stalled: [],
    ...(source.kind === "broker" ? { staleSince: null } : {}),
  });
  state.setClock(source.clock.info);
  const leadership = await kernel.lead("engine", async () => {
    const broadcast = deps.market.createBroadcast();
    const signalBroadcast = deps.signals.createBroadcast();
    // The demo journal is written once the site is up (below); day heads are published after it, so a
    // seeded day is never published before it is whole.
    let journalSeeded: () => void = () => {};
    const seeding = new Promise<void>((resolve) => {
      journalSeeded = resolve;
    });
    const demoJournal = config.seedDemo && source.minuteBars !== undefined;
    if (!demoJournal) journalSeeded();
    // A process starting with the site says "starting" until what it writes below is written (decision
    // 019); one taking the engine over later finds it written. A broker's history waits for a login.
    const firstStart = !app.server.listening;
    const noop = () => {};
    const journalWritten = firstStart && demoJournal ? startUp.begin("journal") : noop;
    const forecastsWritten =
      firstStart && source.kind !== "broker" ? startUp.begin("forecasts") : noop;
    let stopping = false;
    let publishing: Promise<unknown> = Promise.resolve();
    const broker = source.broker;
    let unfollowBroker: (() => void) | undefined;
    if (broker) {
      // Prices are stale whenever the stream is not live; every process's overview says so.
      unfollowBroker = broker.onChange((status) => {
        const { feed } = state.overview();
        const live = status.state === "connected";
        const staleSince = live ? null : (status.lastTickAt ?? status.since);
        if ((feed.staleSince ?? null) !== staleSince) state.setFeed({ ...feed, staleSince });
      });
      deps.broker.control.attach(() => broker.status(stalledSymbols(state)));
      deps.forecasts.useAnchors(broker.premiumAnchors);
    }
    const signals = createSignalEngine({
      ...(broker ? { contracts: broker.resolveContract } : {}),
      ...(source.contracts ? { recorded: source.contracts } : {}),
      repository: deps.signals.repository,
      publisher: signalBroadcast,
      calendar: source.calendar,
      squareOff: config.market.squareOff,
      slippageTicks: config.market.slippageTicks,
      stopLimitPercent: config.market.stopLimitPercent,
      log,
      marketClock: { now: source.clock.now, speed: () => source.clock.info().speed },
      dayOver: (today) => {
        // Waited for on stop: a publication in progress finishes before the database closes.
        publishing = seeding
          .then(() => (stopping ? undefined : ledger.publishFinishedDays(today)))
          .catch((error: unknown) =>
            log.error({ err: error }, "could not publish the ledger's day heads"),
          );
      },
    });
    // The engine's clock is the one everyone follows (another process's copy may have replaced it).
    state.setClock(source.clock.info);
    const engine = createMarketEngine({
      clock: source.clock,
      createFeed: source.createFeed,
      calendar: source.calendar,
      repository,
      publisher: broadcast,
      log,
      ...(source.previousClose ? { previousClose: source.previousClose } : {}),
      ...(source.watchesSilence === false ? { watchesSilence: false } : {}),
      ...(source.previousCloseEachDay ? { previousCloseEachDay: true } : {}),
      ...(source.catchUp ? { catchUp: true } : {}),
      signals,
    });
    await engine.start();
    reportLag(engine.lag);
    deps.signals.control.attach(signals, source.clock.now);
    deps.signals.chain.useQuotes(() => signals.optionQuotes?.() ?? new Map());
    const stopCalendarReminders = deps.calendar.startReminders();
    // At each session's close: the chain's at-the-money IV for the day and the trades' excursions.
    const stopIvRecorder = startIvRecorder({
      now: source.clock.now,
      calendar: source.calendar,
      repository: deps.signals.ivHistory,
      atmIv: (instrument) => deps.signals.chain.atmIv(instrument),
      recordExcursions: (since) => deps.journal.journal.recordExcursions(since),
      log,
    });
    // History is written once the site is up: on the embedded database (one connection) it would hold
    // every other start-up query back behind a year of bars.
    // The forecasts start once the history is there (their first pass fills in the recent days).
    let stopForecasts: (() => Promise<void>) | undefined;
    let historyRun: Promise<unknown> = Promise.resolve();
    const seedHistory = () => {
      historyRun = Promise.resolve(source.seedHistory?.(repository, log, () => stopping))
        .catch((error: unknown) => log.error({ err: error }, "could not write market history"))
        .then(() => {
          if (stopping) return;
          stopForecasts = startForecastScheduler({
            forecasts: deps.forecasts,
            now: source.clock.now,
            log,
            onFirstPass: forecastsWritten,
          });
        });
    };
    let journalRun: Promise<unknown> = Promise.resolve();
    const seedJournal = () => {
      if (!demoJournal || !source.minuteBars) return;
      const started = Date.now();
      journalRun = seedDemoJournal({
        db: kernel.db,
        journal: deps.journal.repository,
        source: source.minuteBars,
        calendar: source.calendar,
        squareOff: config.market.squareOff,
        slippageTicks: config.market.slippageTicks,
        stopLimitPercent: config.market.stopLimitPercent,
        today: dayKeyOf(source.clock.now()),
        stopped: () => stopping,
      })
        .then((seeded) => {
          if (seeded.days > 0) {
            log.info(
              { ...seeded, seconds: (Date.now() - started) / 1000 },
              "demo journal: past sessions run through the models and recorded",
            );
          }
        })
        .catch((error: unknown) => log.error({ err: error }, "could not write the demo journal"))
        .finally(() => {
          journalSeeded();
          journalWritten();
        });
    };
    const afterListening = () => {
      const pending = startUp.pending();
      if (pending.length > 0) {
        log.info(
          { writing: pending },
          'first start: writing what visitors read (GET /api/health says "starting" until it is there)',
        );
      }
      seedJournal();
      seedHistory();
    };
    if (app.server.listening) afterListening();
    else app.server.once("listening", afterListening);
    return async () => {
      reportLag(undefined);
      deps.signals.control.attach(undefined);
      deps.broker.control.attach(undefined);
      stopCalendarReminders();
      stopIvRecorder();
      deps.forecasts.useAnchors(undefined);
      unfollowBroker?.();
      stopping = true;
      // A publication waiting for a demo journal that never began (the site never listened) goes now, and
      // finds the process stopping.
      journalSeeded();
      // A day (or a slice of market history) being written is finished; no other is begun.
      await journalRun;
      await historyRun;
      await stopForecasts?.();
      await engine.stop();
      await publishing;
      broadcast.dispose();
      signalBroadcast.dispose();
    };
  });
  kernel.onClose("engine", () => leadership.stop());
}

/** The symbols of the exchanges the engine reports stalled. */
function stalledSymbols(state: MarketState): MarketSymbol[] {
  const { stalled } = state.overview().feed;
  return MARKET_SYMBOLS.filter((symbol) => stalled.includes(OPTION_UNDERLYINGS[symbol].exchangeId));
}
