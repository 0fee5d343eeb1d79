/**
 * The Redis connection a clustered deployment shares (decision 023): a publishing and a subscribing
 * client for the socket.io adapter, the rate limits' counters and the sign-in limits.
 *
 * Redis may go away while the processes run. Then:
 * - nothing waits for it: commands fail at once instead of queueing (`enableOfflineQueue: false`), and the
 *   rate limits count in each process alone until it is back (plugins/rate-limit.ts, attempt-limiter.ts);
 * - events for the other processes are dropped, not thrown: the adapter publishes (and, on a graceful
 *   stop, unsubscribes) without catching, and a command that fails would otherwise end the process with an
 *   unhandled rejection;
 * - ioredis keeps reconnecting, and the subscriptions are made again when it is back;
 * - it is logged once when it goes and once when it returns, and `/api/health` says "degraded".
 *
 * Start-up still needs Redis: a process that cannot reach it within 5 s exits, and its supervisor starts
 * it again (deploy/README.md).
 */

import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { redactUrl } from "../config/schema";

const CONNECT_TIMEOUT_MS = 5000;
/** Between reconnection attempts: 100 ms more each time, at most a second. */
const retryDelay = (attempt: number) => Math.min(attempt * 100, 1000);

export interface RedisLink {
  pub: Redis;
  sub: Redis;
  /**
   * What this deployment's keys and channels start with (REDIS_KEY_PREFIX): two deployments, or two test
   * files at once, can share one Redis without hearing each other's rooms or counting each other's limits.
   */
  prefix: string;
  /** Whether both connections are up now. */
  up(): boolean;
  /** Called each time Redis is back after being away. */
  onReturn(listener: () => void): void;
  /** What the health check reports: Redis away, or nothing. */
  problems(): string[];
  close(): Promise<void>;
}

export async function connectRedis(
  url: string,
  log: Pick<FastifyBaseLogger, "error" | "warn">,
  prefix = "kalpa:",
): Promise<RedisLink> {
  const options = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: retryDelay,
  };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const clients = [pub, sub];

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
  });
  // Errors before the first connection are start-up's to report.
  const quiet = () => undefined;
  for (const client of clients) client.on("error", quiet);
  try {
    await Promise.race([Promise.all(clients.map((client) => client.connect())), deadline]);
  } catch (error) {
    for (const client of clients) client.disconnect();
    throw new Error(
      `Could not connect to Redis at ${redactUrl(url)}: ${error instanceof Error ? error.message : error}`,
    );
  } finally {
    clearTimeout(timer);
  }

  const up = () => clients.every((client) => client.status === "ready");
  const returnListeners: (() => void)[] = [];
  let awaySince: number | undefined;
  let dropped = 0;
  const wentAway = (error?: Error) => {
    if (awaySince !== undefined) return;
    awaySince = Date.now();
    log.error(
      { err: error, redis: redactUrl(url) },
      "Redis is unreachable: rate limits count in this process alone, and events for the other processes are dropped until it is back",
    );
  };
  for (const client of clients) {
    client.off("error", quiet);
    client.on("error", (error: Error) => wentAway(error));
    client.on("close", () => wentAway());
    client.on("ready", () => {
      if (awaySince === undefined || !up()) return;
      log.warn(
        { awayMs: Date.now() - awaySince, droppedEvents: dropped },
        "Redis is back: limits are shared and events reach the other processes again",
      );
      awaySince = undefined;
      dropped = 0;
      for (const listener of returnListeners) listener();
    });
  }

  // The socket.io adapter publishes and forgets: a publish refused while Redis is away is counted, not
  // thrown (an unhandled rejection ends the process).
  const publish = pub.publish.bind(pub) as (
    channel: string,
    message: string | Buffer,
  ) => Promise<number>;
  (pub as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).catch(() => {
      dropped++;
      return 0;
    });

  // Closing the adapter (a graceful stop) unsubscribes and forgets too: while Redis is away there is no
  // subscription left to end.
  for (const name of ["unsubscribe", "punsubscribe"] as const) {
    const original = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    (sub as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      original(...args).catch(() => 0);
  }

  let closing = false;
  return {
    pub,
    sub,
    prefix,
    up,
    onReturn(listener) {
      returnListeners.push(listener);
    },
    problems: () =>
      awaySince === undefined || closing
        ? []
        : [`Redis has been unreachable since ${new Date(awaySince).toISOString()}.`],
    async close() {
      closing = true;
      awaySince = -1; // no "unreachable" line for our own closing
      await Promise.allSettled(
        clients.map(async (client) => {
          if (client.status === "ready") await client.quit();
          else client.disconnect();
        }),
      );
    },
  };
}
