/**
 * The environment, parsed once at start-up. Nothing else in the server reads `process.env`: modules receive
 * the typed `AppConfig` built here. A bad value stops the process with a readable list of every problem.
 */
import path from "node:path";
import { DEFAULT_BRAND_NAME } from "@kalpa/contracts/constants";
import {
  DEFAULT_SLIPPAGE_TICKS,
  DEFAULT_STOP_LIMIT_PERCENT,
  MAX_STOP_LIMIT_PERCENT,
} from "@kalpa/market/signals/lifecycle";
import { DEFAULT_SQUARE_OFF, isSquareOffRule } from "@kalpa/market/signals/square-off";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import { z } from "zod";
import { recordedFolderProblem } from "../engine/recorded-folder";

/** Variables whose values never appear in an error message or a log. */
const SECRET_VARIABLES = new Set(["KITE_API_SECRET", "SECRETS_KEY"]);

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

/** What each operator variable is, for the message that asks for it in production. */
const OPERATOR_VARIABLES: Record<keyof typeof EXAMPLE_OPERATOR, string> = {
  OPERATOR_NAME: "the operator's name, as the contact card, footer and policies show it",
  OPERATOR_EMAIL:
    "the e-mail address the operator reads (contact card, policies, calendar reminders)",
  OPERATOR_PHONE: "the phone number the operator answers, e.g. +91 98765 43210",
  OPERATOR_WHATSAPP:
    "the messaging-app number contribution messages go to, digits only with the country code, e.g. 919876543210",
};

/** Digits only, so "+91 90000 00000" and "919000000000" compare equal. */
const digitsOf = (value: string) => value.replace(/\D/g, "");

/** Whether a set (or unset) operator variable is still the example. */
function isExampleOperator(
  name: keyof typeof EXAMPLE_OPERATOR,
  value: string | undefined,
): boolean {
  if (value === undefined) return true;
  const example = EXAMPLE_OPERATOR[name];
  if (name === "OPERATOR_PHONE" || name === "OPERATOR_WHATSAPP") {
    return digitsOf(value) === digitsOf(example);
  }
  return value.toLowerCase() === example.toLowerCase();
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Treat empty strings (common in .env files) as "not set". */
const optionalString = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().optional(),
);

function urlWithProtocols(protocols: readonly string[], example: string) {
  return optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ""));
      } catch {
        return false;
      }
    },
    { message: `Expected a URL like ${example}` },
  );
}

const booleanFlag = optionalString.refine(
  (value) => value === undefined || /^(true|false|1|0|yes|no)$/i.test(value),
  { message: "Expected true or false" },
);

/** A calendar day, YYYY-MM-DD, that exists. */
const dayKey = optionalString.refine(
  (value) =>
    value === undefined ||
    (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
      new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value),
  { message: "Expected a day as YYYY-MM-DD, e.g. 2024-06-04" },
);

/**
 * Each signed-in user's request budget by default: 30 a second after a burst of 300, far above what a
 * person's screens ask (modules/auth/request-budget.ts).
 */
export const DEFAULT_USER_REQUESTS = { perSecond: 30, burst: 300 } as const;

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: optionalString.refine(
    (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 65535),
    { message: "Expected a port number from 0 to 65535" },
  ),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: urlWithProtocols(["postgres", "postgresql"], "postgres://user@host:5432/db"),
  REDIS_URL: urlWithProtocols(["redis", "rediss"], "redis://127.0.0.1:6379"),
  SMTP_URL: urlWithProtocols(["smtp", "smtps"], "smtp://user:pass@mail.example.com:587"),
  MAIL_FROM: optionalString,
  PUBLIC_URL: urlWithProtocols(["http", "https"], "https://kalpa.example"),
  SEED_DEMO: booleanFlag,
  SINGLE_SESSION: booleanFlag,
  BRAND_NAME: optionalString,
  OPERATOR_NAME: optionalString,
  OPERATOR_EMAIL: optionalString.refine(
    (value) => value === undefined || z.email().safeParse(value).success,
    { message: "Expected an e-mail address" },
  ),
  OPERATOR_PHONE: optionalString,
  OPERATOR_WHATSAPP: optionalString.refine(
    (value) => value === undefined || /^\d{8,15}$/.test(value),
    { message: "Expected the number in international form, digits only (e.g. 919876543210)" },
  ),
  TRUST_PROXY: optionalString.refine(
    (value) =>
      value === undefined ||
      /^(true|false|\d+)$/i.test(value) ||
      value
        .split(",")
        .every((entry) =>
          /^([0-9a-f:.]+(\/\d+)?|loopback|linklocal|uniquelocal)$/i.test(entry.trim()),
        ),
    {
      message:
        "Expected true, a number of proxy hops, or a comma-separated list of proxy addresses",
    },
  ),
  WEB_DIST_DIR: optionalString,
  MARKET_ENGINE: booleanFlag,
  MARKET_FEED: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["sim", "replay", "kite"], { message: 'Expected "sim", "replay" or "kite"' }).optional(),
  ),
  KITE_API_KEY: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{1,64}$/.test(value),
    { message: "Expected the Kite Connect app's API key (letters and digits)" },
  ),
  KITE_API_SECRET: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{1,128}$/.test(value),
    { message: "Expected the Kite Connect app's API secret (letters and digits)" },
  ),
  KITE_ROOT: urlWithProtocols(["http", "https"], "https://api.kite.trade"),
  KITE_WS_ROOT: urlWithProtocols(["ws", "wss"], "wss://ws.kite.trade/"),
  KITE_LOGIN_URL: urlWithProtocols(["http", "https"], "https://kite.zerodha.com/connect/login"),
  SECRETS_KEY: optionalString.refine(
    (value) => value === undefined || Buffer.from(value, "base64").length === 32,
    { message: "Expected 32 random bytes in base64 (openssl rand -base64 32)" },
  ),
  SIM_SEED: optionalString,
  REPLAY_FILE: optionalString,
  REPLAY_DATA: optionalString,
  REPLAY_FROM: dayKey,
  REPLAY_TO: dayKey,
  SIM_CLOCK_START: optionalString.refine(
    (value) => value === undefined || value === "auto" || parseClockStart(value) !== undefined,
    {
      message:
        'Expected "auto", an instant (2026-11-20T09:15:00+05:30) or an India time (2026-11-20 09:15)',
    },
  ),
  SIM_CLOCK_EPOCH: optionalString.refine(
    (value) =>
      value === undefined ||
      (/(Z|[+-]\d{2}:\d{2})$/.test(value.trim()) && Number.isFinite(Date.parse(value))),
    { message: "Expected an instant with its offset, e.g. 2026-11-26T14:00:00Z" },
  ),
  SIM_CLOCK_SPEED: optionalString.refine(
    (value) => value === undefined || (Number(value) > 0 && Number(value) <= 10_000),
    { message: "Expected a number above 0 and at most 10000" },
  ),
  NSE_CLOSE: optionalString.refine(
    (value) => value === undefined || /^(0\d|1\d|2[0-3]):[0-5]\d$/.test(value),
    { message: "Expected a time of day as HH:MM (India time), e.g. 15:40" },
  ),
  SQUARE_OFF_NSE: optionalString.refine((value) => value === undefined || isSquareOffRule(value), {
    message:
      "Expected a time of day as HH:MM (India time), e.g. 15:15, or close-N (N minutes before the close)",
  }),
  SQUARE_OFF_MCX: optionalString.refine((value) => value === undefined || isSquareOffRule(value), {
    message:
      "Expected close-N (N minutes before the close), e.g. close-25, or a time of day as HH:MM",
  }),
  PAPER_SLIPPAGE_TICKS: optionalString.refine(
    (value) => value === undefined || (/^\d{1,2}$/.test(value) && Number(value) <= 20),
    { message: "Expected a whole number of ticks from 0 to 20, e.g. 1" },
  ),
  PAPER_STOP_LIMIT_PERCENT: optionalString.refine(
    (value) =>
      value === undefined ||
      (/^\d{1,2}(\.\d{1,2})?$/.test(value) && Number(value) <= MAX_STOP_LIMIT_PERCENT),
    {
      message: `Expected a percent from 0 to ${MAX_STOP_LIMIT_PERCENT} (at most two decimals), e.g. 3`,
    },
  ),
  USER_REQUESTS_PER_SECOND: optionalString.refine(
    (value) => value === undefined || (/^\d{1,7}$/.test(value) && Number(value) >= 1),
    { message: "Expected a whole number of requests a second, at least 1, e.g. 30" },
  ),
  USER_REQUEST_BURST: optionalString.refine(
    (value) => value === undefined || (/^\d{1,7}$/.test(value) && Number(value) >= 1),
    { message: "Expected a whole number of requests, at least 1, e.g. 300" },
  ),
  PUSH_SERVICE_HOSTS: optionalString.refine(
    (value) =>
      value === undefined ||
      value.split(",").every((entry) => /^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(entry.trim())),
    {
      message:
        "Expected hosts separated by commas, each with an optional port, e.g. 127.0.0.1:8790",
    },
  ),
  TELEGRAM_BOT_TOKEN: optionalString.refine(
    (value) => value === undefined || /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/.test(value),
    { message: "Expected the bot's token from @BotFather, e.g. 123456789:AAH..." },
  ),
  TELEGRAM_API_ROOT: urlWithProtocols(["http", "https"], "https://api.telegram.org"),
  TELEGRAM_MESSAGES_PER_SECOND: optionalString.refine(
    (value) => value === undefined || (/^\d{1,6}$/.test(value) && Number(value) >= 1),
    { message: "Expected a whole number of messages a second, at least 1, e.g. 25" },
  ),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.refine(
    (value) => value === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
    { message: "Expected a mailto: or https: address, e.g. mailto:ops@kalpa.example" },
  ),
  SHUTDOWN_DRAIN_SECONDS: optionalString.refine(
    (value) => value === undefined || (/^\d{1,2}$/.test(value) && Number(value) <= 60),
    { message: "Expected a whole number of seconds from 0 to 60, e.g. 5" },
  ),
  LOG_LEVEL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(LOG_LEVELS).optional(),
  ),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
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
  logLevel: (typeof LOG_LEVELS)[number];
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

export interface MarketConfig {
  /** Run the market engine in this process (when it also wins the engine lock among processes). */
  engine: boolean;
  feed: "sim" | "replay" | "kite";
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
}

/**
 * SIM_CLOCK_START: an ISO instant with its offset, or an India wall-clock time "YYYY-MM-DD HH:MM[:SS]"
 * (the market package reads those). Undefined when it is neither.
 */
export function parseClockStart(value: string): number | undefined {
  const text = value.trim();
  if (/(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const at = Date.parse(text);
    return Number.isFinite(at) ? at : undefined;
  }
  try {
    return parseIndiaTime(text);
  } catch {
    return undefined;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (normally `process.env`) into the server's configuration, or throws ConfigError. */
export function loadConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const raw = source[name];
        const shown =
          raw === undefined || SECRET_VARIABLES.has(name)
            ? ""
            : ` (got "${name.endsWith("_URL") ? redactUrl(raw) : raw}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !env.SMTP_URL) {
    problems.push("SMTP_URL: required when NODE_ENV=production (mail must reach real inboxes)");
  }
  if (production && !env.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: required when NODE_ENV=production (the address users type, for links and the Origin check)",
    );
  }
  if (production) {
    for (const name of Object.keys(EXAMPLE_OPERATOR) as (keyof typeof EXAMPLE_OPERATOR)[]) {
      if (!isExampleOperator(name, env[name])) continue;
      const got = env[name] === undefined ? "not set" : `got "${env[name]}"`;
      problems.push(
        `${name}: required when NODE_ENV=production, and not the example "${EXAMPLE_OPERATOR[name]}" (${got}): set it to ${OPERATOR_VARIABLES[name]}`,
      );
    }
  }
  if (production) problems.push(...plainTextRoots(env));
  if (env.MARKET_FEED === "replay" && !env.REPLAY_FILE && !env.REPLAY_DATA) {
    problems.push(
      "REPLAY_DATA or REPLAY_FILE: one is required when MARKET_FEED=replay (a folder of recorded prices in shared/market-data's layout, or a CSV of 1-minute bars)",
    );
  }
  if (env.REPLAY_FILE && env.REPLAY_DATA) {
    problems.push("REPLAY_DATA and REPLAY_FILE: give one of them, not both");
  }
  if (env.REPLAY_DATA && env.MARKET_FEED === "replay") {
    const problem = recordedFolderProblem(path.resolve(env.REPLAY_DATA));
    if (problem) problems.push(`REPLAY_DATA: ${problem}`);
  }
  for (const name of ["REPLAY_FROM", "REPLAY_TO"] as const) {
    if (env[name] && !(env.MARKET_FEED === "replay" && env.REPLAY_DATA)) {
      problems.push(
        `${name}: only with MARKET_FEED=replay and REPLAY_DATA (the recorded days to walk)`,
      );
    }
  }
  if (env.REPLAY_FROM && env.REPLAY_TO && env.REPLAY_FROM > env.REPLAY_TO) {
    problems.push(
      `REPLAY_FROM and REPLAY_TO: the window ends before it begins (${env.REPLAY_FROM} to ${env.REPLAY_TO})`,
    );
  }
  if (env.MARKET_FEED === "kite") {
    if (!env.KITE_API_KEY) problems.push("KITE_API_KEY: required when MARKET_FEED=kite");
    if (!env.KITE_API_SECRET) problems.push("KITE_API_SECRET: required when MARKET_FEED=kite");
  }
  if (env.MARKET_FEED === "kite" && !env.SECRETS_KEY && (production || env.DATABASE_URL)) {
    problems.push(
      production
        ? "SECRETS_KEY: required when NODE_ENV=production with a broker (32 random bytes in base64: openssl rand -base64 32); it encrypts the broker's access token at rest"
        : "SECRETS_KEY: required with a broker on DATABASE_URL (32 random bytes in base64: openssl rand -base64 32), the same in every process and the command line, so that each can read the stored access token",
    );
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    problems.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: give both (npx web-push generate-vapid-keys) or neither (the server makes a pair in DATA_DIR)",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

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
    redisUrl: env.REDIS_URL,
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
    },
  };
}

/** What the command line needs: where the database is (DATA_DIR or DATABASE_URL), nothing else. */
export type DatabaseConfig = Pick<AppConfig, "dataDir" | "databaseUrl">;

/** Parses only DATA_DIR and DATABASE_URL (the command line works without the site's settings). */
export function loadDatabaseConfig(source: Record<string, string | undefined>): DatabaseConfig {
  const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  return {
    dataDir: path.resolve(parsed.data.DATA_DIR ?? "./data"),
    databaseUrl: parsed.data.DATABASE_URL,
  };
}

/** The roots that carry a secret (the bot's token, the broker's access token), and the scheme each needs. */
const SECRET_ROOTS = [
  ["KITE_ROOT", "https:"],
  ["KITE_WS_ROOT", "wss:"],
  ["KITE_LOGIN_URL", "https:"],
  ["TELEGRAM_API_ROOT", "https:"],
] as const;

/**
 * In production, each root that carries a token must be encrypted: `http:` or `ws:` would send the bot's
 * token or the broker's access token in clear. The local doubles (plain `http:`) stay reachable in
 * development and tests.
 */
function plainTextRoots(env: Partial<Record<(typeof SECRET_ROOTS)[number][0], string>>): string[] {
  return SECRET_ROOTS.flatMap(([name, scheme]) => {
    const value = env[name];
    if (value === undefined || new URL(value).protocol === scheme) return [];
    return [
      `${name}: must be ${scheme}// when NODE_ENV=production (it carries a token, which a plain-text root sends in clear)`,
    ];
  });
}

/** Kite's settings, when its key and secret are given; Zerodha's addresses unless others are. */
function kiteConfigOf(env: {
  KITE_API_KEY?: string | undefined;
  KITE_API_SECRET?: string | undefined;
  KITE_ROOT?: string | undefined;
  KITE_WS_ROOT?: string | undefined;
  KITE_LOGIN_URL?: string | undefined;
}): KiteConfig | undefined {
  if (!env.KITE_API_KEY || !env.KITE_API_SECRET) return undefined;
  return {
    apiKey: env.KITE_API_KEY,
    apiSecret: env.KITE_API_SECRET,
    root: (env.KITE_ROOT ?? KITE_DEFAULTS.root).replace(/\/+$/, ""),
    wsRoot: env.KITE_WS_ROOT ?? KITE_DEFAULTS.wsRoot,
    loginUrl: env.KITE_LOGIN_URL ?? KITE_DEFAULTS.loginUrl,
  };
}

/** What the command line's broker commands need: the database, Kite's settings and the secrets key. */
export interface BrokerCliConfig extends DatabaseConfig {
  kite: KiteConfig | undefined;
  secretsKey: Buffer | undefined;
}

/** Parses the database, KITE_* and SECRETS_KEY (MARKET_FEED is the server's business, not the CLI's). */
export function loadBrokerCliConfig(source: Record<string, string | undefined>): BrokerCliConfig {
  const parsed = EnvSchema.pick({
    NODE_ENV: true,
    DATA_DIR: true,
    DATABASE_URL: true,
    KITE_API_KEY: true,
    KITE_API_SECRET: true,
    KITE_ROOT: true,
    KITE_WS_ROOT: true,
    KITE_LOGIN_URL: true,
    SECRETS_KEY: true,
  }).safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production") {
    const problems = plainTextRoots(env);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return {
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL,
    kite: kiteConfigOf(env),
    secretsKey: env.SECRETS_KEY === undefined ? undefined : Buffer.from(env.SECRETS_KEY, "base64"),
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

/** Hides a URL's password so it never reaches a log or an error message. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable URL)";
  }
}
