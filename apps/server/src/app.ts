/**
 * buildApp wires the kernel and the modules into a Fastify instance. It never listens: server.ts does, and
 * tests drive the result through `inject()` or listen on a free port.
 *
 * The kernel (kernel/kernel.ts) is built once; then each module registers its routes, sockets and timers in
 * the order below and hands on what later modules use. What a module starts, it stops in its stage of
 * kernel/shutdown.ts's SHUTDOWN_ORDER (decision 029).
 */
import { fileURLToPath } from "node:url";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Server as SocketServer } from "socket.io";
import type { AppConfig } from "./config/app-config";
import type { Database } from "./db/client";
import type { MarketState } from "./engine/market-state";
import { createHttpApp, registerHttpPlugins } from "./kernel/http";
import { createKernel } from "./kernel/kernel";
import type { Clock } from "./lib/clock";
import { createLogger, type Logger } from "./lib/logger";
import type { Mailer } from "./mail/mailer";
import { registerAccess, seedDemo } from "./modules/access/module";
import type { AccessRooms } from "./modules/access/rooms";
import { isOpen } from "./modules/access/rules";
import { registerAdmin } from "./modules/admin/module";
import { registerAlerts } from "./modules/alerts/module";
import { registerAccounts } from "./modules/auth/module";
import { registerBroker } from "./modules/broker/module";
import { registerCalendar } from "./modules/calendar/module";
import { registerEngine } from "./modules/engine/module";
import { registerForecasts } from "./modules/forecasts/module";
import type { ForecastService } from "./modules/forecasts/service";
import { registerHealth } from "./modules/health/module";
import { registerJournal } from "./modules/journal/module";
import type { LedgerService } from "./modules/ledger/service";
import { type MarketModule, registerMarket } from "./modules/market/module";
import { registerModelCards } from "./modules/models/module";
import {
  createResearchAnalyst,
  pastPerformanceIsPublic,
  registerResearchAnalyst,
} from "./modules/research-analyst/module";
import type { SignalControl } from "./modules/signals/control";
import { registerSignals } from "./modules/signals/module";
import type { SignalRepository } from "./modules/signals/repository";
import { registerSite } from "./modules/site/module";

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The built web app; by default WEB_DIST_DIR, else the repository's apps/web/dist. */
  webDistDir?: string | undefined;
  /** The process's logger; by default a JSON logger at the configured level. */
  logger?: Logger;
  /** What the account rules read as "now" (OTP expiry, cooldowns); by default the system clock. */
  clock?: Clock;
  /**
   * The model cards' real-history file (modules/models/real-history.ts); by default the published one,
   * if any; null: none.
   */
  realHistoryFile?: string | null;
}

export interface App {
  app: FastifyInstance;
  io: SocketServer;
  /** The market state (what every process knows of prices) and the engine's publisher of it. */
  market: { state: MarketState; createBroadcast: MarketModule["createBroadcast"] };
  mailer: Mailer;
  /** The instrument rooms' keeper (its sweep runs by itself; tests may run one at a chosen moment). */
  accessRooms: AccessRooms;
  /** The daily forecasts (the engine's process runs them; tests may run a pass at a chosen moment). */
  forecasts: ForecastService;
  /** The ledger (its heads are published by the engine's process; tests may publish at a chosen day). */
  ledger: LedgerService;
  /** Reaches the signal engine (tests attach one to drive the admin's routes). */
  signalControl: SignalControl;
  /** The signals as the engine commits them here (this process's current-signal answers forget on each). */
  signals: SignalRepository;
  /**
   * Starts draining before a graceful stop: the liveness check (GET /api/health/live) answers 503 so a load
   * balancer sends new requests elsewhere, while requests already here are answered as usual.
   */
  drain(): void;
}

/**
 * The web app's build in the repository. This file and the bundled dist/server.js both sit one folder
 * below apps/server, so the same relative path finds apps/web/dist from either.
 */
export const REPOSITORY_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  // Typed as Fastify's logger interface (which pino's satisfies) so plugins see the usual instance type.
  const logger: FastifyBaseLogger = options.logger ?? createLogger(config);
  const app = createHttpApp(config, logger);
  const kernel = await createKernel(app, { config, database, clock: options.clock });
  await registerHttpPlugins(app, kernel);

  // Accounts first: the hub knows sockets by their sessions, and every later route guard asks them.
  const accounts = await registerAccounts(app, kernel);
  // The research-analyst profile before access: with one, access asks for its terms too.
  const researchAnalyst = createResearchAnalyst(kernel);
  const access = await registerAccess(app, kernel, {
    accounts,
    researchAnalyst: researchAnalyst.service,
  });
  await registerAdmin(app, kernel, { accounts, access });
  await registerResearchAnalyst(app, kernel, { researchAnalyst, access });
  const market = await registerMarket(app, kernel, { access });
  const broker = await registerBroker(app, kernel, { market });
  // The operator's calendar rows are installed before anything asks the calendar (the engine).
  const calendar = await registerCalendar(app, kernel);
  const signals = await registerSignals(app, kernel, { access, market });
  await registerAlerts(app, kernel, {
    accounts,
    access,
    signals,
    researchAnalyst: researchAnalyst.service,
  });
  const forecasts = await registerForecasts(app, kernel, { market });
  const journal = await registerJournal(app, kernel, {
    statsArePublic: pastPerformanceIsPublic(researchAnalyst.service),
    // The models a subscriber follows: those of the instruments they have open access to now.
    openInstruments: async (userId) => {
      const now = kernel.clock();
      const held = await access.reader.accessOfOne(userId, now);
      return ACCESS_KEYS.filter((key) => isOpen(held.states.get(key), now));
    },
  });
  await registerModelCards(app, kernel, {
    journal,
    realHistoryFile: options.realHistoryFile,
    figuresArePublic: pastPerformanceIsPublic(researchAnalyst.service),
  });
  const engine = await registerEngine(app, kernel, {
    market,
    signals,
    forecasts,
    journal,
    broker,
    calendar,
  });
  const health = await registerHealth(app, kernel, { engine });
  await registerSite(app, kernel, {
    researchAnalyst: researchAnalyst.service,
    webDistDir:
      "webDistDir" in options ? options.webDistDir : (config.webDistDir ?? REPOSITORY_WEB_DIST),
  });
  await seedDemo(kernel, { accounts, access });

  return {
    app,
    io: kernel.io,
    /** The market state (what every process knows of prices) and the engine's publisher of it. */
    market: { state: kernel.market, createBroadcast: market.createBroadcast },
    mailer: kernel.mailer,
    accessRooms: access.notifier,
    forecasts,
    ledger: journal.ledger,
    signalControl: signals.control,
    signals: signals.repository,
    drain: health.drain,
  };
}
