/**
 * The environment, parsed once at start-up. Nothing else in the server reads `process.env`: modules receive
 * the typed `AppConfig` built here. A bad value stops the process with a readable list of every problem:
 * first each variable on its own (schema.ts), then what only the variables together decide (here), before
 * the environment is mapped to the server's configuration (app-config.ts).
 */
import path from "node:path";
import { recordedFolderProblem } from "../engine/recorded-folder";
import { type AppConfig, EXAMPLE_OPERATOR, toAppConfig } from "./app-config";
import { researchAnalystFromEnv } from "./research-analyst-env";
import {
  ConfigError,
  type Env,
  EnvSchema,
  plainTextRoots,
  redactUrl,
  SECRET_VARIABLES,
} from "./schema";

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
  const problems = problemsAcrossVariables(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return toAppConfig(env);
}

/** What the schema cannot see one variable at a time: what production requires, and what goes together. */
function problemsAcrossVariables(env: Env): string[] {
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
  problems.push(...researchAnalystFromEnv(env).problems);
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    problems.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: give both (npx web-push generate-vapid-keys) or neither (the server makes a pair in DATA_DIR)",
    );
  }
  return problems;
}
