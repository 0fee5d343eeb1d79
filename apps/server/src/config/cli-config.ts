/**
 * What the command line reads from the environment: only the variables its commands use, so it works
 * without the site's settings (SMTP_URL, PUBLIC_URL, the operator's contact details).
 */
import path from "node:path";
import { type AppConfig, type KiteConfig, kiteConfigOf } from "./app-config";
import { ConfigError, EnvSchema, plainTextRoots } from "./schema";

/** What the command line's broker commands need: the database, Kite's settings and the secrets key. */
export interface BrokerCliConfig extends Pick<AppConfig, "dataDir" | "databaseUrl"> {
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
