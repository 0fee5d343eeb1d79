/**
 * What modules receive: the typed `AppConfig`, mapped once from the parsed environment (`Env`, the
 * schema's output) with each default resolved. Its shape is the server's, not the environment's (nested,
 * named for what modules use, with derived values such as the public origin); where a field is one of the
 * schema's choices, its type is read from the schema rather than restated.
 */

import path from "node:path";
import type { ResearchAnalystProfile } from "@kalpa/contracts/api/research-analyst";
import { DEFAULT_BRAND_NAME } from "@kalpa/contracts/constants";
import {
  DEFAULT_SLIPPAGE_TICKS,
  DEFAULT_STOP_LIMIT_PERCENT,
} from "@kalpa/market/signals/lifecycle";
import { DEFAULT_SQUARE_OFF } from "@kalpa/market/signals/square-off";
import { DEFAULT_PGLITE_SETTINGS, parsePgliteSettings } from "../db/pglite-settings";
import { researchAnalystFromEnv } from "./research-analyst-env";
import { type Env, parseClockStart } from "./schema";

/** Zerodha's published addresses (docs/kite-connect-reference.md). */
export const KITE_DEFAULTS = {
  root: "https://api.kite.trade",
  wsRoot: "wss://ws.kite.trade/",
  loginUrl: "https://kite.zerodha.com/connect/login",
} as const;

/**
 * The operator's contact details when none are set: examples for development and tests. Production refuses
 * to start with any of them, or users would send their contribution messages to a number nobody reads.
 */
export const EXAMPLE_OPERATOR = {
  OPERATOR_NAME: "Kalpa Founder",
  OPERATOR_EMAIL: "founder@kalpa.example",
  OPERATOR_PHONE: "+91 90000 00000",
  OPERATOR_WHATSAPP: "919000000000",
} as const;

/**
 * Each signed-in user's request budget by default: 30 a second after a burst of 300, far above what a
 * person's screens ask (modules/auth/request-budget.ts).
 */
export const DEFAULT_USER_REQUESTS = { perSecond: 30, burst: 300 } as const;

export interface AppConfig {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's PostgreSQL settings (PGLITE_SETTINGS; db/pglite-settings.ts). */
  pgliteSettings: readonly string[];
  redisUrl: string | undefined;
  /** What every Redis key and channel of this deployment starts with (REDIS_KEY_PREFIX, default "kalpa:"). */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** The site's origin (scheme, host, port), the only Origin allowed to change state. */
  publicOrigin: string;
  /** Cookies get `Secure` when the site is served over https. */
  secureCookies: boolean;
  seedDemo: boolean;
  /** A new login ends the user's other sessions (and tells their sockets so). */
  singleSession: boolean;
  brandName: string;
  operator: { name: string; email: string; phone: string; whatsapp: string };
  logLevel: NonNullable<Env["LOG_LEVEL"]>;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe, so rate limits see client IPs. */
  trustProxy: boolean | number | string[];
  /** The built web app; undefined means the repository's apps/web/dist. */
  webDistDir: string | undefined;
  /** Each signed-in user's requests a second after a burst (modules/auth/request-budget.ts). */
  userRequests: { perSecond: number; burst: number };
  /**
   * On SIGTERM, how long the liveness check says "draining" (503) before the process stops taking
   * requests: behind a load balancer, long enough for its health checks to notice (deploy/README.md).
   */
  drainMs: number;
  /** Alerts (decision 024): push services added to the allow-list, the VAPID key pair if given, its contact. */
  alerts: {
    pushServiceHosts: string[];
    vapid: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string;
    /** The operator's Telegram bot, when there is one. */
    /** messagesPerSecond: unset for the sender's default (modules/alerts/telegram.ts). */
    telegram: { token: string; apiRoot: string; messagesPerSecond?: number } | undefined;
  };
  market: MarketConfig;
  /**
   * The key that encrypts secrets at rest (the broker's access token): SECRETS_KEY, or undefined in
   * development, where it is generated into DATA_DIR (lib/secrets-key.ts).
   */
  secretsKey: Buffer | undefined;
  /**
   * The operator's key that signs the ledger's day heads (LEDGER_SIGNING_KEY, PKCS#8 PEM or base64 DER), or
   * undefined: made on first start and kept in DATA_DIR (modules/ledger/signing-key.ts).
   */
  ledgerSigningKey: string | undefined;
  /**
   * The operator's research-analyst profile from RA_*: written to a database that has none at start-up;
   * the console's profile, once there, is the one in force.
   */
  researchAnalystSeed: ResearchAnalystProfile | undefined;
  /**
   * An RFC 3161 time-stamping authority (LEDGER_TSA_URL) that stamps each signed day head, or undefined:
   * heads are signed only.
   */
  ledgerTsaUrl: string | undefined;
}

export interface KiteConfig {
  apiKey: string;
  /** Never logged or answered. */
  apiSecret: string;
  /** The REST API's root, the ticker's WebSocket root and the login page (Zerodha's by default). */
  root: string;
  wsRoot: string;
  loginUrl: string;
}

/** Exchanges' usual delay for data shown to the public without a real-time licence. */
export const DEFAULT_PUBLIC_PRICE_DELAY_MINUTES = 15;

export interface MarketConfig {
  /** Run the market engine in this process (when it also wins the engine lock among processes). */
  engine: boolean;
  feed: NonNullable<Env["MARKET_FEED"]>;
  /** Kite Connect, with MARKET_FEED=kite. */
  kite?: KiteConfig | undefined;
  /** The simulated feed's seed: the same seed gives the same prices. */
  seed: string;
  /** The replay feed's CSV of 1-minute bars (feed "replay": this or `replayData`). */
  replayFile: string | undefined;
  /**
   * The replay feed's folder of recorded prices in shared/market-data's layout (feed "replay": this or
   * `replayFile`): the clock walks its recorded sessions, crude signals trade its option prices.
   */
  replayData: string | undefined;
  /** The recorded days a REPLAY_DATA replay walks (YYYY-MM-DD, both included); unset, all of them. */
  replayWindow: { from: string | undefined; to: string | undefined };
  /** The market clock's start: "auto" or an instant (epoch ms). */
  clockStart: "auto" | number;
  /** Simulated milliseconds per real millisecond. */
  clockSpeed: number;
  /** The real instant at which the simulated clock read its start (shared by a cluster's processes). */
  clockEpoch: number | undefined;
  /**
   * The operator's override of NSE's close, HH:MM India time, for the days of the hours in force now; unset,
   * the dated hours (packages/market calendar/session-hours.ts) decide every day's close.
   */
  nseClose: string | undefined;
  /**
   * When open paper trades are squared off and waiting signals cancelled: HH:MM India time, or close-N
   * for N minutes before the day's close (signals/square-off.ts).
   */
  squareOff: { NSE: string; MCX: string };
  /** Ticks of slippage each model-priced paper fill takes against the trader (signals/lifecycle.ts). */
  slippageTicks: number;
  /** The paper stop's limit, percent below its trigger (a stop-loss-limit order; signals/lifecycle.ts). */
  stopLimitPercent: number;
  /**
   * How late prices reach those who do not subscribe to an instrument (the public pages), with a broker's
   * feed (MARKET_FEED=kite): exchanges license real-time data. 0: live for everyone. Decision 034.
   */
  publicPriceDelayMinutes: number;
}

/** The server's configuration from an environment that passed the schema and the checks across variables. */
export function toAppConfig(env: Env): AppConfig {
  const production = env.NODE_ENV === "production";
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  const host = env.HOST ?? "127.0.0.1";
  const publicUrl = (env.PUBLIC_URL ?? `http://${formatHost(host)}:${port}`).replace(/\/+$/, "");
  const brandName = env.BRAND_NAME ?? DEFAULT_BRAND_NAME;
  return {
    env: env.NODE_ENV,
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL,
    pgliteSettings: parsePgliteSettings(env.PGLITE_SETTINGS) ?? DEFAULT_PGLITE_SETTINGS,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? "kalpa:",
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${brandName} <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith("https:"),
    seedDemo: env.SEED_DEMO === undefined ? !production : isTrue(env.SEED_DEMO),
    singleSession: env.SINGLE_SESSION === undefined ? true : isTrue(env.SINGLE_SESSION),
    brandName,
    operator: {
      name: env.OPERATOR_NAME ?? EXAMPLE_OPERATOR.OPERATOR_NAME,
      email: env.OPERATOR_EMAIL ?? EXAMPLE_OPERATOR.OPERATOR_EMAIL,
      phone: env.OPERATOR_PHONE ?? EXAMPLE_OPERATOR.OPERATOR_PHONE,
      whatsapp: env.OPERATOR_WHATSAPP ?? EXAMPLE_OPERATOR.OPERATOR_WHATSAPP,
    },
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: env.WEB_DIST_DIR === undefined ? undefined : path.resolve(env.WEB_DIST_DIR),
    userRequests: {
      perSecond: Number(env.USER_REQUESTS_PER_SECOND ?? DEFAULT_USER_REQUESTS.perSecond),
      burst: Number(env.USER_REQUEST_BURST ?? DEFAULT_USER_REQUESTS.burst),
    },
    drainMs: Number(env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000,
    alerts: {
      pushServiceHosts: (env.PUSH_SERVICE_HOSTS ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
      vapid:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject:
        env.VAPID_SUBJECT ?? `mailto:${env.OPERATOR_EMAIL ?? EXAMPLE_OPERATOR.OPERATOR_EMAIL}`,
      telegram: env.TELEGRAM_BOT_TOKEN
        ? {
            token: env.TELEGRAM_BOT_TOKEN,
            apiRoot: (env.TELEGRAM_API_ROOT ?? "https://api.telegram.org").replace(/\/$/, ""),
            ...(env.TELEGRAM_MESSAGES_PER_SECOND
              ? { messagesPerSecond: Number(env.TELEGRAM_MESSAGES_PER_SECOND) }
              : {}),
          }
        : undefined,
    },
    secretsKey: env.SECRETS_KEY === undefined ? undefined : Buffer.from(env.SECRETS_KEY, "base64"),
    ledgerSigningKey: env.LEDGER_SIGNING_KEY,
    researchAnalystSeed: researchAnalystFromEnv(env).profile,
    ledgerTsaUrl: env.LEDGER_TSA_URL,
    market: {
      engine: env.MARKET_ENGINE === undefined ? true : isTrue(env.MARKET_ENGINE),
      feed: env.MARKET_FEED ?? "sim",
      kite: env.MARKET_FEED === "kite" ? kiteConfigOf(env) : undefined,
      seed: env.SIM_SEED ?? "kalpa",
      replayFile: env.REPLAY_FILE === undefined ? undefined : path.resolve(env.REPLAY_FILE),
      replayData: env.REPLAY_DATA === undefined ? undefined : path.resolve(env.REPLAY_DATA),
      replayWindow: { from: env.REPLAY_FROM, to: env.REPLAY_TO },
      clockStart:
        env.SIM_CLOCK_START === undefined || env.SIM_CLOCK_START === "auto"
          ? "auto"
          : (parseClockStart(env.SIM_CLOCK_START) as number),
      clockSpeed: env.SIM_CLOCK_SPEED === undefined ? 1 : Number(env.SIM_CLOCK_SPEED),
      clockEpoch: env.SIM_CLOCK_EPOCH === undefined ? undefined : Date.parse(env.SIM_CLOCK_EPOCH),
      nseClose: env.NSE_CLOSE,
      squareOff: {
        NSE: env.SQUARE_OFF_NSE ?? DEFAULT_SQUARE_OFF.NSE,
        MCX: env.SQUARE_OFF_MCX ?? DEFAULT_SQUARE_OFF.MCX,
      },
      slippageTicks:
        env.PAPER_SLIPPAGE_TICKS === undefined
          ? DEFAULT_SLIPPAGE_TICKS
          : Number(env.PAPER_SLIPPAGE_TICKS),
      stopLimitPercent:
        env.PAPER_STOP_LIMIT_PERCENT === undefined
          ? DEFAULT_STOP_LIMIT_PERCENT
          : Number(env.PAPER_STOP_LIMIT_PERCENT),
      publicPriceDelayMinutes:
        env.PUBLIC_PRICE_DELAY_MINUTES === undefined
          ? DEFAULT_PUBLIC_PRICE_DELAY_MINUTES
          : Number(env.PUBLIC_PRICE_DELAY_MINUTES),
    },
  };
}

/** Kite's settings, when its key and secret are given; Zerodha's addresses unless others are. */
export function kiteConfigOf(
  env: Pick<
    Env,
    "KITE_API_KEY" | "KITE_API_SECRET" | "KITE_ROOT" | "KITE_WS_ROOT" | "KITE_LOGIN_URL"
  >,
): KiteConfig | undefined {
  if (!env.KITE_API_KEY || !env.KITE_API_SECRET) return undefined;
  return {
    apiKey: env.KITE_API_KEY,
    apiSecret: env.KITE_API_SECRET,
    root: (env.KITE_ROOT ?? KITE_DEFAULTS.root).replace(/\/+$/, ""),
    wsRoot: env.KITE_WS_ROOT ?? KITE_DEFAULTS.wsRoot,
    loginUrl: env.KITE_LOGIN_URL ?? KITE_DEFAULTS.loginUrl,
  };
}

function isTrue(flag: string): boolean {
  return /^(true|1|yes)$/i.test(flag);
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || /^false$/i.test(value)) return false;
  if (/^true$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((entry) => entry.trim());
}

/** 0.0.0.0 and :: listen everywhere; links must name a reachable host. */
function formatHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
