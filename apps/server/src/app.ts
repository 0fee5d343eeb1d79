/**
 * buildApp wires plugins and modules into a Fastify instance. It never listens: server.ts does, and tests
 * drive the result through `inject()` or listen on a free port.
 */
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { MarketFeedInfo } from "@kalpa/contracts/api/market";
import { EXCHANGES, MARKET_SYMBOLS, type MarketSymbol, MODEL_IDS } from "@kalpa/contracts/names";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { SIM_ANCHOR_DAY } from "@kalpa/market/sim/daily-path";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Server as SocketServer } from "socket.io";
import { createBrokerInstrumentStore } from "./broker/broker-instruments";
import { createBrokerSessionStore } from "./broker/broker-sessions";
import { createKiteApi } from "./broker/kite/kite-api";
import { type BrokerKit, createKiteBroker } from "./broker/kite/kite-broker";
import { createKiteLogin } from "./broker/kite/kite-login";
import { type BrokerControl, brokerRoutes, createBrokerControl } from "./broker/routes";
import type { AppConfig } from "./config/env";
import type { AppDb, Database } from "./db/client";
import { runWhenLeader } from "./engine/engine-leader";
import { startForecastScheduler } from "./engine/forecast-scheduler";
import { createMarketEngine, type EngineLag } from "./engine/market-engine";
import { createMarketSource } from "./engine/market-runtime";
import { createMarketState, type MarketState } from "./engine/market-state";
import { createSignalEngine } from "./engine/signal-engine";
import { createStartUp, type StartUp } from "./engine/start-up";
import { createAttemptLimiter } from "./lib/attempt-limiter";
import { type Clock, systemClock } from "./lib/clock";
import { createLogger, type Logger } from "./lib/logger";
import { connectRedis } from "./lib/redis";
import { lazyRequestLogger, OneLinePerRequest } from "./lib/request-log";
import { createSecretBox, loadSecretsKey } from "./lib/secret-box";
import { createMailQueue, type MailQueue } from "./mail/mail-queue";
import { createMailer, type Mailer } from "./mail/mailer";
import { seedDemoAccess } from "./modules/access/demo-access";
import { instrumentAccessPlugin } from "./modules/access/guard";
import { createAccessModule } from "./modules/access/module";
import { accessRoutes } from "./modules/access/routes";
import { createAccessReader } from "./modules/access/service";
import { accountRoutes } from "./modules/account/routes";
import { adminAlertsRoutes } from "./modules/admin/alerts-overview";
import { createAdminRepository } from "./modules/admin/repository";
import { adminRoutes } from "./modules/admin/routes";
import { createAdminService } from "./modules/admin/service";
import { type AlertDelivery, createAlertDelivery } from "./modules/alerts/delivery";
import { createEmailSender } from "./modules/alerts/email";
import { pushHosts } from "./modules/alerts/push-hosts";
import { createPushSender } from "./modules/alerts/push-sender";
import { pruneAlerts, REMINDER_PASS_MS, writeAccessReminders } from "./modules/alerts/reminders";
import { createAlertRepository } from "./modules/alerts/repository";
import { alertRoutes } from "./modules/alerts/routes";
import {
  attachTelegramCommands,
  createTelegramBot,
  createTelegramLinks,
  createTelegramSender,
  TELEGRAM_LOCK_KEY,
  telegramLinkEnding,
} from "./modules/alerts/telegram";
import { telegramRoutes } from "./modules/alerts/telegram-routes";
import { createUnsubscribeTokens } from "./modules/alerts/unsubscribe";
import { unsubscribeRoutes } from "./modules/alerts/unsubscribe-routes";
import { loadVapidKeys } from "./modules/alerts/vapid";
import { createAccountCore, createAccountServices } from "./modules/auth/accounts";
import { seedDemoAccounts } from "./modules/auth/demo-accounts";
import { startAccountHousekeeping } from "./modules/auth/housekeeping";
import { FORCE_LOGOUT_ACK_TIMEOUT_MS } from "./modules/auth/policy";
import { createRequestBudget } from "./modules/auth/request-budget";
import { requireUserPlugin } from "./modules/auth/require-user";
import { authRoutes } from "./modules/auth/routes";
import type { SessionService } from "./modules/auth/sessions";
import { createCalendarModule } from "./modules/calendar/module";
import { startCalendarReminders } from "./modules/calendar/reminder";
import { calendarRoutes } from "./modules/calendar/routes";
import { documentRoutes } from "./modules/documents/routes";
import { createForecastRepository } from "./modules/forecasts/repository";
import { forecastRoutes } from "./modules/forecasts/routes";
import {
  createForecastService,
  FORECAST_CACHE_TTL_MS,
  type ForecastService,
} from "./modules/forecasts/service";
import { healthRoutes } from "./modules/health/routes";
import { seedDemoJournal } from "./modules/journal/demo-history";
import { createJournalRepository, type JournalRepository } from "./modules/journal/repository";
import { journalRoutes } from "./modules/journal/routes";
import { createJournalService, JOURNAL_CACHE_TTL_MS } from "./modules/journal/service";
import { createLedgerService, type LedgerService } from "./modules/ledger/service";
import { createMarketRepository, type MarketRepository } from "./modules/market/repository";
import { marketRoutes } from "./modules/market/routes";
import { loadRealHistory, realHistoryFile } from "./modules/models/real-history";
import { modelCardRoutes } from "./modules/models/routes";
import { createModelCardService, MODEL_CARDS_CACHE_TTL_MS } from "./modules/models/service";
import { profileImageRoutes } from "./modules/profile/image-routes";
import { profileRoutes } from "./modules/profile/routes";
import { createSignalControl, type SignalControl } from "./modules/signals/control";
import {
  type CurrentSignalsReader,
  createCurrentSignals,
  SIGNALS_CACHE_TTL_MS,
} from "./modules/signals/current";
import { createSignalRepository, type SignalRepository } from "./modules/signals/repository";
import { signalRoutes } from "./modules/signals/routes";
import { siteRoutes } from "./modules/site/routes";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { frameworkErrors } from "./plugins/http-refusals";
import { openApiPlugin } from "./plugins/openapi";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { responseSerializerCompiler } from "./plugins/response-serializer";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { type AccessRooms, createAccessRooms } from "./realtime/access-rooms";
import { createRealtimeHub } from "./realtime/hub";
import {
  attachMarketSockets,
  createMarketBroadcast,
  followMarketState,
} from "./realtime/market-broadcast";
import { createSessionSockets, type SessionSockets } from "./realtime/session-sockets";
import { createSignalBroadcast, resendCurrentSignals } from "./realtime/signal-broadcast";
import { VERSION } from "./version";

const JSON_BODY_LIMIT_BYTES = 64 * 1024;

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

/** Believe X-Forwarded-For for this many proxy hops in front of the server. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  // Typed as Fastify's logger interface (which pino's satisfies) so plugins see the usual instance type.
  const loggerInstance: FastifyBaseLogger = options.logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance,
    trustProxy:
      typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => randomUUID(),
    // Browsers keep idle connections open; close them on shutdown instead of waiting for them.
    forceCloseConnections: "idle",
    // Requests are small JSON; a route that takes a file (the profile image) sets its own limit.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // The router's own refusals (a malformed path, a parameter too long) in the usual envelope.
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written from their schemas; the test suites also check each against its zod schema.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === "test" }));

  let draining = false;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  app.addHook("onClose", async () => {
    await redis?.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimitPlugin, { redis });
  await app.register(openApiPlugin, { config, version: VERSION });

  // Mail, counters and sessions come first: the hub authenticates sockets with sessions, and the account
  // services reach sockets through the hub.
  const clock = options.clock ?? systemClock;
  const mailer = createMailer(config, app.log);
  const mail = createMailQueue(mailer, app.log);
  app.addHook("onClose", async () => {
    await mail.drain();
    mailer.close();
  });
  const limiter = createAttemptLimiter({ redis, clock });
  const accountDeps = { db: database.db, config, clock, limiter, mail };
  const accounts = createAccountCore(accountDeps);
  const io = createRealtimeHub(app, { config, redis, authenticate: accounts.authenticateSocket });
  const sockets = forgettingEndedSessions(
    createSessionSockets(io, app.log, FORCE_LOGOUT_ACK_TIMEOUT_MS),
    accounts.sessions,
  );
  const services = createAccountServices(accountDeps, accounts, sockets);
  const stopHousekeeping = startAccountHousekeeping({ db: database.db, clock, log: app.log });
  app.addHook("onClose", stopHousekeeping);
  const access = createAccessModule({
    db: database.db,
    clock,
    notifier: (reader, repos) =>
      createAccessRooms(io, {
        reader,
        subscriptions: repos.subscriptions,
        clock,
        log: app.log,
        clustered: redis !== undefined,
        onPeerChange: (userId) => access.forget(userId),
      }),
    // A role change comes this way too: the sessions holding the user's old record forget it.
    onAccessChanged: (userId) => accounts.sessions.forgetUser(userId),
  });
  app.addHook("onClose", () => access.notifier.stop());
  const admin = createAdminService({
    db: database.db,
    clock,
    admin: createAdminRepository(database.db),
    sessionRows: accounts.sessionRows,
    sockets,
    outsideLinks: accounts.outsideLinks,
    ...access.repos,
    ...access,
  });

  await app.register(requireUserPlugin, {
    sessions: accounts.sessions,
    config,
    budget: createRequestBudget(config.userRequests),
  });
  await app.register(instrumentAccessPlugin, { reader: access.reader });
  const marketState = createMarketState();
  /** The engine's step lateness while this process runs it (GET /api/health reports it). */
  let engineLag: (() => EngineLag) | undefined;
  const startUp = createStartUp({
    onReady: (seconds) =>
      app.log.info(
        { seconds },
        `${config.brandName} is ready: the journal and forecasts are written`,
      ),
  });
  await app.register(healthRoutes, {
    database,
    version: VERSION,
    problems: () => [...feedProblems(marketState.overview().feed), ...(redis?.problems() ?? [])],
    starting: startUp.pending,
    engineLag: () => engineLag?.(),
    draining: () => draining,
  });
  await app.register(siteRoutes, { config, clock });
  await app.register(documentRoutes, { config });
  await app.register(authRoutes, { config, ...services });
  await app.register(profileRoutes, { profile: services.profile });
  await app.register(profileImageRoutes, { profile: services.profile });
  await app.register(accountRoutes, { db: database.db, clock });
  await app.register(accessRoutes, access);
  await app.register(adminRoutes, { admin });
  const brokerControl = createBrokerControl(io, { clustered: redis !== undefined });
  const kite = await createBrokerKit(config, database.db);
  await app.register(brokerRoutes, { db: database.db, kite, control: brokerControl });
  // The operator's calendar rows are installed before anything asks the calendar (the engine below).
  const calendar = await createCalendarModule({
    db: database.db,
    io,
    clustered: redis !== undefined,
    log: app.log,
    clock,
    nseClose: config.market.nseClose,
  });
  app.addHook("onClose", async () => calendar.stop());
  await app.register(calendarRoutes, {
    calendar,
    clock,
    marketNow: () => marketState.overview().clock.now,
    expiriesFrom: config.market.feed === "kite" ? "broker" : "calendar",
  });

  const marketRepository = createMarketRepository(database.db);
  attachMarketSockets(io, marketState, app.log);
  app.addHook("onClose", followMarketState(io, marketState, app.log));
  await app.register(marketRoutes, { state: marketState, repository: marketRepository });
  const signalStore = createSignalRepository(database.db);
  const currentSignals = createCurrentSignals({
    repository: signalStore,
    ttlMs: SIGNALS_CACHE_TTL_MS,
    peers: redis ? io : undefined,
  });
  // Alerts (issue 23): the queue every process works on, and the endpoints.
  const alertRepository = createAlertRepository(database.db);
  const vapid = await loadVapidKeys(config.alerts.vapid, config.dataDir);
  const pushServices = pushHosts(config.alerts.pushServiceHosts);
  // Access is checked afresh at the moment of sending, not from a kept copy.
  const accessNow = createAccessReader({ clock, ...access.repos });
  const telegramLinks = createTelegramLinks(database.db, clock);
  const telegramBot = config.alerts.telegram
    ? createTelegramBot(config.alerts.telegram)
    : undefined;
  const telegram = telegramBot?.bot;
  // A linked chat ends with a password reset or change and the operator's force-logout.
  const telegramEnding = telegramLinkEnding({
    db: database.db,
    links: telegramLinks,
    bot: telegram,
    log: app.log,
  });
  accounts.outsideLinks.add(telegramEnding);
  const unsubscribeTokens = createUnsubscribeTokens(
    await loadSecretsKey(config.secretsKey, config.dataDir),
    config.publicOrigin,
  );
  const alertDelivery = createAlertDelivery({
    db: database.db,
    clock,
    accessOf: (userIds, now) => accessNow.accessOf(userIds, now),
    senders: {
      push: createPushSender({
        repository: alertRepository,
        vapid,
        subject: config.alerts.vapidSubject,
        hosts: pushServices,
        clock,
      }),
      ...(telegram && config.alerts.telegram
        ? {
            telegram: createTelegramSender(telegram, telegramLinks, {
              perSecond: config.alerts.telegram.messagesPerSecond,
            }),
          }
        : {}),
      email: createEmailSender({
        db: database.db,
        mailer,
        brand: config.brandName,
        origin: config.publicOrigin,
        unsubscribe: unsubscribeTokens,
      }),
    },
    log: app.log,
  });
  await app.register(telegramRoutes, {
    links: telegramLinks,
    unlink: telegramEnding.unlink,
    limiter,
    configured: telegram !== undefined,
    botUsername: async () => {
      if (!telegram) return undefined;
      // getMe once; until the Bot API answers, Telegram is unavailable.
      if (!telegram.isInited()) await telegram.init().catch(() => undefined);
      return telegram.isInited() ? telegram.botInfo.username : undefined;
    },
  });
  if (telegram) {
    attachTelegramCommands(telegram, { links: telegramLinks, repository: alertRepository });
    telegram.catch((error) => app.log.warn({ err: error.error }, "telegram: a command failed"));
    // One process polls the bot (Telegram refuses two): the one holding its lock.
    const polling = await runWhenLeader({
      databaseUrl: config.databaseUrl,
      log: app.log,
      lock: { key: TELEGRAM_LOCK_KEY, name: "the Telegram bot" },
      lead: async () => {
        void telegram
          .start({ allowed_updates: ["message"] })
          .catch((error: unknown) => app.log.error({ err: error }, "telegram: polling stopped"));
        // The same process sends the bot's alerts, so its pace is the bot's across a cluster.
        const sending = alertDelivery.lead("telegram");
        return async () => {
          try {
            await telegram.stop();
          } finally {
            // Even when the Bot API did not answer: another process may lead now.
            await sending.stop();
          }
        };
      },
    });
    app.addHook("onClose", async () => {
      await polling.stop();
      // Its connections go once it polls and sends no more. (onClose hooks run last-added first:
      // this runs after the delivery loop's below has stopped.)
      await telegramBot?.close();
    });
  }
  await app.register(alertRoutes, {
    repository: alertRepository,
    publicKey: vapid.publicKey,
    hosts: pushServices,
    limiter,
    onChange: alertDelivery.wake,
  });
  await app.register(unsubscribeRoutes, { repository: alertRepository, tokens: unsubscribeTokens });
  alertDelivery.start();
  // The console's view of the queue and each channel's health (admin only). The senders wired above: push
  // always (its VAPID keys are loaded or made), Telegram with a bot token, e-mail always (SMTP, or in
  // development the outbox).
  await app.register(adminAlertsRoutes, {
    db: database.db,
    clock,
    configured: { push: true, telegram: telegram !== undefined, email: true },
  });
  // Access reminders: written at most once each (unique keys), looked for every ten minutes.
  // Old deliveries are pruned on the same pass.
  const remind = () =>
    writeAccessReminders(database.db, clock())
      .then((written) => {
        if (written > 0) alertDelivery.wake();
        return pruneAlerts(database.db, clock());
      })
      .catch((error: unknown) =>
        app.log.warn({ err: error }, "alerts: could not write reminders or prune old alerts"),
      );
  const reminderTimer = setInterval(remind, REMINDER_PASS_MS);
  reminderTimer.unref();
  void remind();
  app.addHook("onClose", async () => {
    clearInterval(reminderTimer);
    await alertDelivery.stop();
  });
  // The engine's commits make every process's kept answers forget, before the event is published.
  const signalRepository = forgettingOnCommit(signalStore, currentSignals, alertDelivery);
  // Sockets here may have missed transitions committed elsewhere while Redis was away.
  redis?.onReturn(() => {
    const day = dayKeyOf(marketState.overview().clock.now);
    signalStore.latestPerModel(MODEL_IDS, day).then(
      (latest) => resendCurrentSignals(io, latest),
      (error: unknown) =>
        app.log.warn(
          { err: error },
          "could not send the current signals again after Redis returned",
        ),
    );
  });
  const signalControl = createSignalControl(io, { clustered: redis !== undefined });
  await app.register(signalRoutes, {
    db: database.db,
    clock,
    reader: access.reader,
    repository: signalRepository,
    current: currentSignals,
    control: signalControl,
    marketNow: () => marketState.overview().clock.now,
    market: marketRepository,
  });
  // Gold, silver and the dollar index: a simulated daily series on the market's seed (any feed). It begins
  // on SIM_ANCHOR_DAY: a replay of earlier days (or its first days' look-back) finds no bars before it.
  const dailySeries = new SimulatedMarket({ seed: config.market.seed });
  const forecasts = createForecastService({
    forecasts: createForecastRepository(database.db),
    market: marketRepository,
    series: (symbol, from, to) =>
      to < SIM_ANCHOR_DAY
        ? []
        : dailySeries.dailyBars(symbol, from < SIM_ANCHOR_DAY ? SIM_ANCHOR_DAY : from, to),
    log: app.log,
    simulated: config.market.feed !== "kite",
    cacheTtlMs: FORECAST_CACHE_TTL_MS,
  });
  const marketNow = () => marketState.overview().clock.now;
  await app.register(forecastRoutes, { forecasts, now: marketNow, startUp });
  // The journal (issue 8): trades closed before charges were recorded get them (and their ledger entry).
  const journalRepository = createJournalRepository(database.db);
  const backfilled = await journalRepository.backfillCharges();
  if (backfilled > 0) app.log.info({ trades: backfilled }, "journal: charges backfilled");
  const ledger = createLedgerService({ db: database.db, dataDir: config.dataDir, log: app.log });
  await app.register(journalRoutes, {
    journal: createJournalService({
      repository: journalRepository,
      now: marketNow,
      cacheTtlMs: JOURNAL_CACHE_TTL_MS,
    }),
    ledger,
    startUp,
  });
  // The model cards (issue 33): the real-history file is checked here, before the server answers.
  await app.register(modelCardRoutes, {
    cards: createModelCardService({
      journal: journalRepository,
      realHistory: await loadRealHistory(
        options.realHistoryFile === undefined
          ? realHistoryFile()
          : (options.realHistoryFile ?? undefined),
      ),
      cacheTtlMs: MODEL_CARDS_CACHE_TTL_MS,
    }),
    startUp,
  });
  if (config.market.engine) {
    await startMarketEngine({
      app,
      io,
      config,
      databaseUrl: database.url,
      clustered: redis !== undefined,
      state: marketState,
      repository: marketRepository,
      signals: signalRepository,
      signalControl,
      forecasts,
      db: database.db,
      journal: journalRepository,
      ledger,
      kite,
      brokerControl,
      mail,
      startUp,
      reportLag: (lag) => {
        engineLag = lag;
      },
      startCalendarReminders: () =>
        startCalendarReminders({
          repository: calendar.repository,
          mail,
          site: {
            brandName: config.brandName,
            publicUrl: config.publicUrl,
            operatorEmail: config.operator.email,
          },
          log: app.log,
          clock,
        }),
    });
  }

  await app.register(spaPlugin, {
    webDistDir:
      "webDistDir" in options ? options.webDistDir : (config.webDistDir ?? REPOSITORY_WEB_DIST),
  });

  if (config.seedDemo) {
    const giveAccess = (user: { id: number; username: string }) =>
      seedDemoAccess(
        { changes: access.changes, subscriptions: access.repos.subscriptions, clock },
        user,
      );
    for (const account of await seedDemoAccounts({ users: accounts.users, clock, giveAccess })) {
      app.log.info(
        {
          username: account.username,
          password: account.password,
          role: account.role,
          created: account.created,
        },
        `demo account: username "${account.username}", password "${account.password}" (${account.role})`,
      );
    }
  }
  return {
    app,
    io,
    mailer,
    accessRooms: access.notifier,
    forecasts,
    ledger,
    signalControl,
    signals: signalRepository,
    drain() {
      draining = true;
    },
  };
}

/**
 * Every commit that ends sessions tells their sockets (force-logout, or a quiet disconnect): the session
 * cache forgets them at the same moment, so this process refuses their cookies at once (decision 021).
 */
function forgettingEndedSessions(
  sockets: SessionSockets,
  sessions: Pick<SessionService, "forgetSessions">,
): SessionSockets {
  return {
    forceLogout(sessionIds, reason) {
      sessions.forgetSessions(sessionIds);
      return sockets.forceLogout(sessionIds, reason);
    },
    disconnect(sessionIds) {
      sessions.forgetSessions(sessionIds);
      sockets.disconnect(sessionIds);
    },
  };
}

/**
 * A signal repository whose committed transitions make the current signals' kept answers forget, and wake
 * the alert queue (their alert events were committed with them).
 */
function forgettingOnCommit(
  repository: SignalRepository,
  current: Pick<CurrentSignalsReader, "forget">,
  alerts: Pick<AlertDelivery, "wake">,
): SignalRepository {
  return {
    ...repository,
    async record(records) {
      await repository.record(records);
      if (records.length === 0) return;
      current.forget();
      alerts.wake();
    },
  };
}

/**
 * Builds the configured market source and runs the engine in whichever process wins the engine lock (this
 * one at once on the embedded database). A replay file that cannot be read stops the start-up.
 */
async function startMarketEngine(deps: {
  app: FastifyInstance;
  io: SocketServer;
  config: AppConfig;
  databaseUrl: string | undefined;
  clustered: boolean;
  state: MarketState;
  repository: MarketRepository;
  signals: SignalRepository;
  signalControl: SignalControl;
  forecasts: ForecastService;
  db: AppDb;
  journal: JournalRepository;
  ledger: LedgerService;
  kite: BrokerKit | undefined;
  brokerControl: BrokerControl;
  mail: MailQueue;
  /** A first start's readiness: what is written once the site listens is under way until written. */
  startUp: StartUp;
  /** Hands over the running engine's lateness (undefined once it stops here). */
  reportLag: (lag: (() => EngineLag) | undefined) => void;
  /** The operators' weekly calendar reminder, sent by the engine's process; returns its stop. */
  startCalendarReminders: () => () => void;
}) {
  const { app, io, config, state, repository, kite } = deps;
  const source = await createMarketSource(
    config.market,
    Date.now,
    kite && config.market.kite
      ? (clock, calendar) =>
          createKiteBroker({
            ...kite,
            config: config.market.kite as NonNullable<typeof config.market.kite>,
            repository,
            calendar,
            log: app.log,
            now: clock.now,
            notifyLoginNeeded: (reason) =>
              deps.mail.queue({
                to: config.operator.email,
                subject: `${config.brandName}: Kite login needed`,
                text:
                  `The live market feed has stopped: ${reason}\n\n` +
                  `Open the operator console and press Connect Kite: ${config.publicUrl}/admin?view=broker\n\n` +
                  "Until then the site shows the last prices as stale, and no signal is generated.",
              }),
          })
      : undefined,
  );
  state.setFeed({
    kind: source.kind,
    simulated: source.kind !== "broker",
    stalled: [],
    ...(source.kind === "broker" ? { staleSince: null } : {}),
  });
  state.setClock(source.clock.info);
  const leadership = await runWhenLeader({
    databaseUrl: deps.databaseUrl,
    log: app.log,
    lead: async () => {
      const broadcast = createMarketBroadcast(io, state, { clustered: deps.clustered });
      const signalBroadcast = createSignalBroadcast(io);
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
      const journalWritten = firstStart && demoJournal ? deps.startUp.begin("journal") : noop;
      const forecastsWritten =
        firstStart && source.kind !== "broker" ? deps.startUp.begin("forecasts") : noop;
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
        deps.brokerControl.attach(() => broker.status(stalledSymbols(state)));
        deps.forecasts.useAnchors(broker.premiumAnchors);
      }
      const signals = createSignalEngine({
        ...(broker ? { contracts: broker.resolveContract } : {}),
        ...(source.contracts ? { recorded: source.contracts } : {}),
        repository: deps.signals,
        publisher: signalBroadcast,
        calendar: source.calendar,
        squareOff: config.market.squareOff,
        slippageTicks: config.market.slippageTicks,
        stopLimitPercent: config.market.stopLimitPercent,
        log: app.log,
        dayOver: (today) => {
          // Waited for on stop: a publication in progress finishes before the database closes.
          publishing = seeding
            .then(() => (stopping ? undefined : deps.ledger.publishFinishedDays(today)))
            .catch((error: unknown) =>
              app.log.error({ err: error }, "could not publish the ledger's day heads"),
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
        log: app.log,
        ...(source.previousClose ? { previousClose: source.previousClose } : {}),
        ...(source.watchesSilence === false ? { watchesSilence: false } : {}),
        ...(source.previousCloseEachDay ? { previousCloseEachDay: true } : {}),
        signals,
      });
      await engine.start();
      deps.reportLag(engine.lag);
      deps.signalControl.attach(signals, source.clock.now);
      const stopCalendarReminders = deps.startCalendarReminders();
      // History is written once the site is up: on the embedded database (one connection) it would hold
      // every other start-up query back behind a year of bars.
      // The forecasts start once the history is there (their first pass fills in the recent days).
      let stopForecasts: (() => Promise<void>) | undefined;
      let historyRun: Promise<unknown> = Promise.resolve();
      const seedHistory = () => {
        historyRun = Promise.resolve(source.seedHistory?.(repository, app.log, () => stopping))
          .catch((error: unknown) =>
            app.log.error({ err: error }, "could not write market history"),
          )
          .then(() => {
            if (stopping) return;
            stopForecasts = startForecastScheduler({
              forecasts: deps.forecasts,
              now: source.clock.now,
              log: app.log,
              onFirstPass: forecastsWritten,
            });
          });
      };
      let journalRun: Promise<unknown> = Promise.resolve();
      const seedJournal = () => {
        if (!demoJournal || !source.minuteBars) return;
        const started = Date.now();
        journalRun = seedDemoJournal({
          db: deps.db,
          journal: deps.journal,
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
              app.log.info(
                { ...seeded, seconds: (Date.now() - started) / 1000 },
                "demo journal: past sessions run through the models and recorded",
              );
            }
          })
          .catch((error: unknown) =>
            app.log.error({ err: error }, "could not write the demo journal"),
          )
          .finally(() => {
            journalSeeded();
            journalWritten();
          });
      };
      const afterListening = () => {
        const pending = deps.startUp.pending();
        if (pending.length > 0) {
          app.log.info(
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
        deps.reportLag(undefined);
        deps.signalControl.attach(undefined);
        deps.brokerControl.attach(undefined);
        stopCalendarReminders();
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
    },
  });
  app.addHook("onClose", () => leadership.stop());
}

/** What the broker routes and the broker connection share (MARKET_FEED=kite only). */
async function createBrokerKit(config: AppConfig, db: AppDb): Promise<BrokerKit | undefined> {
  const kiteConfig = config.market.kite;
  if (!kiteConfig) return undefined;
  const secretsKey = await loadSecretsKey(config.secretsKey, config.dataDir);
  const api = createKiteApi(kiteConfig);
  const sessions = createBrokerSessionStore(db, createSecretBox(secretsKey));
  return {
    api,
    sessions,
    instruments: createBrokerInstrumentStore(db, api),
    login: createKiteLogin({ config: kiteConfig, api, sessions, secretsKey }),
  };
}

/** The symbols of the exchanges the engine reports stalled. */
function stalledSymbols(state: MarketState): MarketSymbol[] {
  const { stalled } = state.overview().feed;
  return MARKET_SYMBOLS.filter((symbol) => stalled.includes(OPTION_UNDERLYINGS[symbol].exchangeId));
}

const exchangeName = (id: number) =>
  Object.entries(EXCHANGES).find(([, value]) => value === id)?.[0] ?? String(id);

/** What the health check reports of the feed: a broker feed that is not live, an exchange gone silent. */
function feedProblems(feed: MarketFeedInfo): string[] {
  const problems: string[] = [];
  if (feed.kind === "broker" && feed.staleSince !== undefined && feed.staleSince !== null) {
    problems.push(
      `The broker feed is not live (last price ${new Date(feed.staleSince).toISOString()}); the operator console says why.`,
    );
  }
  if (feed.stalled.length > 0) {
    problems.push(
      `No prices during the session from ${feed.stalled.map(exchangeName).join(" and ")}.`,
    );
  }
  return problems;
}
