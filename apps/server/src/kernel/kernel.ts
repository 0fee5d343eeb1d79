/**
 * What every module is built on, made once per app: configuration, log, clock, the database, Redis (when
 * REDIS_URL is set), the socket hub, mail, the attempt counters, the market state the engine keeps, the
 * first start's readiness, the shutdown registry and leadership. Modules receive it in
 * `register(app, kernel, deps)` (decision 029).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Server as SocketServer } from "socket.io";
import type { AppConfig } from "../config/app-config";
import type { AppDb, Database } from "../db/client";
import { type Leadership, runWhenLeader } from "../engine/engine-leader";
import { createMarketState, type MarketState, publicPriceDelayOf } from "../engine/market-state";
import { createStartUp, type StartUp } from "../engine/start-up";
import { type AttemptLimiter, createAttemptLimiter } from "../lib/attempt-limiter";
import { type Clock, systemClock } from "../lib/clock";
import { connectRedis, type RedisLink } from "../lib/redis";
import { createMailQueue, type MailQueue } from "../mail/mail-queue";
import { createMailer, type Mailer } from "../mail/mailer";
import { createRealtimeHub, type RealtimeHubOptions } from "../realtime/hub";
import type { HttpApp } from "./http";
import { createShutdown, type ShutdownStage } from "./shutdown";

type SocketAuthenticator = NonNullable<RealtimeHubOptions["authenticate"]>;

/** A job one process of a cluster runs: the market engine's lock, or another job's own. */
export type LeaderLock = "engine" | { key: number; name: string };

export interface Kernel {
  config: AppConfig;
  log: FastifyBaseLogger;
  /** What the account rules read as "now" (OTP expiry, cooldowns, access). */
  clock: Clock;
  database: Database;
  db: AppDb;
  redis: RedisLink | undefined;
  /** Whether other processes may share the sockets and caches (REDIS_URL is set). */
  clustered: boolean;
  io: SocketServer;
  /** Names who a socket's handshake cookie belongs to (the accounts module sets this once). */
  authenticateSockets(authenticate: SocketAuthenticator): void;
  mailer: Mailer;
  mail: MailQueue;
  /** Counts attempts against the rate rules (login, codes, recovery...): in Redis when it is there. */
  limiter: AttemptLimiter;
  /** The market as the engine last reported it (from whichever process runs it). */
  market: MarketState;
  /** The market clock's now (a simulated clock may run ahead of the wall). */
  marketNow(): number;
  /** A first start's readiness: what is written once the site listens is under way until written. */
  startUp: StartUp;
  /** Adds a stop to a stage of the app's close (kernel/shutdown.ts holds the order). */
  onClose(stage: ShutdownStage, stop: () => unknown): void;
  /**
   * Runs `fn` in whichever process holds the lock (this one at once on the embedded database); the
   * function `fn` answers stops the job when the process stops leading. The lock is taken on `databaseUrl`,
   * by default the app's database.
   */
  lead(
    lock: LeaderLock,
    fn: () => Promise<() => Promise<void>>,
    databaseUrl?: string | undefined,
  ): Promise<Leadership>;
}

export interface KernelOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock | undefined;
}

export async function createKernel(app: HttpApp, options: KernelOptions): Promise<Kernel> {
  const { config, database } = options;
  const log = app.log;
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, log, config.redisKeyPrefix)
    : undefined;
  const shutdown = createShutdown();
  // One hook for everything the modules start, in SHUTDOWN_ORDER.
  app.addHook("onClose", () => shutdown.run());
  shutdown.add("redis", async () => {
    await redis?.close();
  });

  const mailer = createMailer(config, log);
  const mail = createMailQueue(mailer, log);
  shutdown.add("mail", async () => {
    await mail.drain();
    mailer.close();
  });

  let authenticate: SocketAuthenticator | undefined;
  const io = createRealtimeHub(app, {
    config,
    redis,
    // Until the accounts module names the authenticator, a handshake belongs to nobody.
    authenticate: (cookieHeader, opts) =>
      authenticate ? authenticate(cookieHeader, opts) : Promise.resolve(null),
  });

  // Prices kept for as long as the public's are delayed (decision 034), and a minute more.
  const delay = publicPriceDelayOf(config.market);
  const market = createMarketState({ historyMs: delay ? delay.ms + 60_000 : 0 });
  const startUp = createStartUp({
    onReady: (seconds) =>
      log.info({ seconds }, `${config.brandName} is ready: the journal and forecasts are written`),
  });

  const clock = options.clock ?? systemClock;
  return {
    config,
    log,
    clock,
    database,
    db: database.db,
    redis,
    clustered: redis !== undefined,
    io,
    authenticateSockets(fn) {
      authenticate = fn;
    },
    mailer,
    mail,
    limiter: createAttemptLimiter({ redis, clock }),
    market,
    marketNow: () => market.overview().clock.now,
    startUp,
    onClose: shutdown.add,
    lead: (lock, fn, databaseUrl = database.url) =>
      runWhenLeader({
        databaseUrl,
        log,
        lead: fn,
        ...(lock === "engine" ? {} : { lock }),
      }),
  };
}
