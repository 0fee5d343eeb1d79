/**
 * The process: configuration → database → app → listen, and a graceful stop on SIGINT/SIGTERM (drain for
 * SHUTDOWN_DRAIN_SECONDS while a load balancer moves on, then stop accepting, close sockets, close the
 * database, exit 0 within 5 s more). A signal that arrives while the
 * database is still opening is honoured as soon as it has opened; any failure closes what was opened.
 */
import type { FastifyInstance } from "fastify";
import { type App, buildApp } from "./app";
import type { AppConfig } from "./config/app-config";
import { loadConfig } from "./config/env";
import { ConfigError, redactUrl } from "./config/schema";
import { type Database, databaseTargetFor, openDatabase } from "./db/client";
import { createLogger, type Logger } from "./lib/logger";

const SHUTDOWN_DEADLINE_MS = 4500;

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger: Logger = createLogger(config, {
    pretty: process.stdout.isTTY === true && config.env !== "production",
  });
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let built: App | undefined;
  let stopping = false;
  let startup: Promise<void> = Promise.resolve();

  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.drainMs + SHUTDOWN_DEADLINE_MS).unref();
    try {
      // Let an opening database finish opening, so that closing it leaves its files whole.
      await startup.catch(() => {});
      if (built && config.drainMs > 0) {
        // The liveness check says "draining": the balancer sends new requests elsewhere meanwhile.
        built.drain();
        logger.info({ drainMs: config.drainMs }, "draining");
        await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      }
      await app?.close();
      await database?.close();
      logger.info("stopped cleanly");
    } catch (error) {
      logger.error({ err: error }, "error while shutting down");
      exitCode = 1;
    }
    logger.flush();
    process.exit(exitCode);
  };
  process.once("SIGINT", () => void stop("SIGINT", 0));
  process.once("SIGTERM", () => void stop("SIGTERM", 0));

  const start = async () => {
    database = await openDatabase(databaseTargetFor(config), logger);
    if (stopping) return;
    if (config.env === "production" && !config.secureCookies) {
      logger.warn(
        { publicUrl: config.publicUrl },
        "PUBLIC_URL is not https: cookies are not Secure",
      );
    }
    logger.info(
      {
        database:
          database.kind === "postgres" ? redactUrl(config.databaseUrl ?? "") : config.dataDir,
        redis: config.redisUrl ? redactUrl(config.redisUrl) : "in-process",
        mail: config.smtpUrl ? redactUrl(config.smtpUrl) : "outbox",
        seedDemo: config.seedDemo,
      },
      `${config.brandName} starting`,
    );
    built = await buildApp({ config, database, logger });
    ({ app } = built);
    if (stopping) return;
    const address = await app.listen({ port: config.port, host: config.host });
    logger.info({ address, publicUrl: config.publicUrl }, `${config.brandName} is listening`);
  };
  startup = start();
  startup.catch((error: unknown) => {
    logger.error({ err: error }, "could not start");
    void stop("start-up failed", 1);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Kalpa failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
