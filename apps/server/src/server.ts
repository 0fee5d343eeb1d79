/**
 * The process: configuration → database → app → listen, and a graceful stop on SIGINT/SIGTERM (stop
 * accepting, close sockets, close the database, exit 0 within 5 s).
 */
import { buildApp } from "./app";
import { ConfigError, loadConfig, redactUrl } from "./config/env";
import { databaseTargetFor, openDatabase } from "./db/client";

const SHUTDOWN_DEADLINE_MS = 4500;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(databaseTargetFor(config));
  const { app } = await buildApp({
    config,
    database,
    prettyLogs: process.stdout.isTTY === true && config.env !== "production",
  });
  app.log.info(
    {
      database: database.kind === "postgres" ? redactUrl(config.databaseUrl ?? "") : config.dataDir,
      redis: config.redisUrl ? redactUrl(config.redisUrl) : "in-process",
      mail: config.smtpUrl ? redactUrl(config.smtpUrl) : "outbox",
      seedDemo: config.seedDemo,
    },
    `${config.brandName} starting`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const deadline = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("stopped cleanly");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info({ address, publicUrl: config.publicUrl }, `${config.brandName} is listening`);
  } catch (error) {
    app.log.error({ err: error }, "could not start listening");
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Kalpa failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
