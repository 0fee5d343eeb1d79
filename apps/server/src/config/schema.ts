/**
 * What the environment may hold: each variable the server and its command line read, the values each
 * accepts (zod), and how a bad value is reported (ConfigError, never echoing a secret or a URL's password).
 * The parsed environment's type, `Env`, is the schema's output; `app-config.ts` maps it to what modules receive.
 */

import { MAX_STOP_LIMIT_PERCENT } from "@kalpa/market/signals/lifecycle";
import { isSquareOffRule } from "@kalpa/market/signals/square-off";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import { z } from "zod";
import { parsePgliteSettings } from "../db/pglite-settings";
import { parseSigningKey } from "../lib/signing-key-text";

/** Variables whose values never appear in an error message or a log. */
export const SECRET_VARIABLES = new Set(["KITE_API_SECRET", "SECRETS_KEY", "LEDGER_SIGNING_KEY"]);

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

export const EnvSchema = z.object({
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
  PGLITE_SETTINGS: optionalString.refine((value) => parsePgliteSettings(value) !== undefined, {
    message:
      "Expected PostgreSQL settings as name=value, comma-separated (shared_buffers=16MB,work_mem=2MB), or default",
  }),
  REDIS_URL: urlWithProtocols(["redis", "rediss"], "redis://127.0.0.1:6379"),
  REDIS_KEY_PREFIX: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_.:-]{1,64}$/.test(value),
    { message: "Expected 1 to 64 letters, digits or _ . : -" },
  ),
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
  LEDGER_TSA_URL: urlWithProtocols(["http", "https"], "https://tsa.example/tsr"),
  LEDGER_SIGNING_KEY: optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        parseSigningKey(value);
        return true;
      } catch {
        return false;
      }
    },
    {
      message:
        "Expected an Ed25519 private key, PKCS#8 PEM or base64 DER (openssl genpkey -algorithm ed25519)",
    },
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
  PUBLIC_PRICE_DELAY_MINUTES: optionalString.refine(
    (value) =>
      value === undefined || (/^\d{1,4}(\.\d{1,2})?$/.test(value) && Number(value) <= 1440),
    {
      message:
        "Expected minutes from 0 to 1440 (at most two decimals), e.g. 15; 0 shows live prices",
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
  RA_REGISTERED_NAME: optionalString,
  RA_REGISTRATION_NUMBER: optionalString,
  RA_VALID_FROM: dayKey,
  RA_VALID_TO: dayKey,
  RA_RAASB_ENLISTMENT: optionalString,
  RA_PRINCIPAL_OFFICER_NAME: optionalString,
  RA_PRINCIPAL_OFFICER_EMAIL: optionalString,
  RA_PRINCIPAL_OFFICER_PHONE: optionalString,
  RA_COMPLIANCE_OFFICER_NAME: optionalString,
  RA_COMPLIANCE_OFFICER_EMAIL: optionalString,
  RA_COMPLIANCE_OFFICER_PHONE: optionalString,
  RA_GRIEVANCE_OFFICER_NAME: optionalString,
  RA_GRIEVANCE_OFFICER_EMAIL: optionalString,
  RA_GRIEVANCE_OFFICER_PHONE: optionalString,
  RA_ADDRESS: optionalString,
  RA_PARRVA_VERIFIED: booleanFlag,
  LOG_LEVEL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(LOG_LEVELS).optional(),
  ),
});

/** The environment as the schema parses it: every variable a trimmed string or unset, unless narrowed. */
export type Env = z.output<typeof EnvSchema>;

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

const CARRIES_TOKEN = "it carries a token, which a plain-text root sends in clear";

/**
 * The outside roots, the scheme each needs in production and why: those that carry a secret (the bot's
 * token, the broker's access token), and the time-stamping authority, whose answer read in clear could be
 * swapped on the way for a refusal or someone else's token.
 */
const OUTSIDE_ROOTS = [
  ["KITE_ROOT", "https:", CARRIES_TOKEN],
  ["KITE_WS_ROOT", "wss:", CARRIES_TOKEN],
  ["KITE_LOGIN_URL", "https:", CARRIES_TOKEN],
  ["TELEGRAM_API_ROOT", "https:", CARRIES_TOKEN],
  [
    "LEDGER_TSA_URL",
    "https:",
    "the ledger's time-stamps would travel in clear, open to being swapped",
  ],
] as const;

/**
 * In production, each outside root must be encrypted: `http:` or `ws:` would send the bot's token or the
 * broker's access token in clear. The local doubles (plain `http:`) stay reachable in development and tests.
 */
export function plainTextRoots(
  env: Partial<Record<(typeof OUTSIDE_ROOTS)[number][0], string>>,
): string[] {
  return OUTSIDE_ROOTS.flatMap(([name, scheme, why]) => {
    const value = env[name];
    if (value === undefined || new URL(value).protocol === scheme) return [];
    return [`${name}: must be ${scheme}// when NODE_ENV=production (${why})`];
  });
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
