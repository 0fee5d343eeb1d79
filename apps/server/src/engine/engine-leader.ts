/**
 * Exactly one process runs the market engine. With PostgreSQL, the process that holds a session-level
 * advisory lock on its own connection runs it; the others try again every few seconds and take over when
 * the holder stops (its connection closes and PostgreSQL releases the lock). With the embedded database
 * there is one process (the data directory is locked), which runs it at once.
 */

import type { FastifyBaseLogger as Logger } from "fastify";
import pg from "pg";

/** Arbitrary constant: the advisory lock whose holder runs the engine. */
export const ENGINE_LOCK_KEY = 7_245_311_002;
export const LEADER_RETRY_MS = 2000;

export interface Leadership {
  /** True while this process runs the engine. */
  isLeader(): boolean;
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** PostgreSQL to hold the lock on; undefined (embedded database) means this process leads. */
  databaseUrl: string | undefined;
  log: Logger;
  /** Starts the engine; the function it returns stops it. */
  lead: () => Promise<() => Promise<void>>;
  retryMs?: number;
  /** Another job that one process runs (the Telegram bot's polling): its own lock and name in the log. */
  lock?: { key: number; name: string };
}

/**
 * Competes for the engine lock; resolves after the first try, so a process that leads at once has its engine
 * running when this returns.
 */
export async function runWhenLeader(options: LeadershipOptions): Promise<Leadership> {
  const { log } = options;
  const lockKey = options.lock?.key ?? ENGINE_LOCK_KEY;
  const name = options.lock?.name ?? "the market engine";
  let stopLeading: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let attempt: Promise<void> = Promise.resolve();

  const becomeLeader = async () => {
    stopLeading = await options.lead();
  };

  const resign = async () => {
    const stopEngine = stopLeading;
    stopLeading = undefined;
    await stopEngine?.().catch((error: unknown) =>
      log.error({ err: error }, `${name}: stop failed`),
    );
  };

  const tryLock = async () => {
    if (stopped || stopLeading) return;
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: options.databaseUrl });
        next.on("error", (error) => {
          // The lock went with the connection: stop the engine and compete again.
          log.warn({ err: error }, `${name}: lock connection lost`);
          if (client === next) client = undefined;
          void next.end().catch(() => undefined);
          void resign().then(schedule);
        });
        await next.connect();
        client = next;
      }
      const result = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock($1) as locked",
        [lockKey],
      );
      if (result.rows[0]?.locked && !stopped) {
        log.info(
          options.lock
            ? `this process holds the lock of ${name}: starting it`
            : "this process holds the engine lock: starting the market engine",
        );
        await becomeLeader();
        return;
      }
    } catch (error) {
      log.warn({ err: error }, `${name}: could not try the lock`);
      await client?.end().catch(() => undefined);
      client = undefined;
    }
    schedule();
  };

  function schedule() {
    if (stopped || stopLeading) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      attempt = tryLock();
    }, options.retryMs ?? LEADER_RETRY_MS);
    timer.unref();
  }

  attempt = options.databaseUrl === undefined ? becomeLeader() : tryLock();
  await attempt.catch((error: unknown) => log.error({ err: error }, `${name} failed to start`));

  return {
    isLeader: () => stopLeading !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await attempt.catch(() => undefined);
      await resign();
      // Closing the connection releases the lock for the next process.
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
