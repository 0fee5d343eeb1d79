/**
 * The process's one pino logger: JSON lines, or human-readable lines on a developer's terminal when
 * pino-pretty (a development dependency) is installed. Credentials never reach it.
 */
import { createRequire } from "node:module";
import { type Logger, pino } from "pino";
import type { AppConfig } from "../config/app-config";

export type { Logger };

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export function createLogger(config: AppConfig, options: { pretty?: boolean } = {}): Logger {
  const pretty = options.pretty === true && prettyAvailable();
  return pino({
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } }
      : {}),
  });
}
