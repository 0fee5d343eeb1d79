/**
 * Rate limiting, opt-in per route (`config: { rateLimit: { max, timeWindow } }`). Counters live in Redis
 * when REDIS_URL is set, so every process shares them; otherwise in memory. While Redis is away (lib/
 * redis.ts), each process counts in its own memory until it is back: a limit holds per process, it never
 * fails open. (Account rules such as login failures use lib/attempt-limiter.ts, which counts only what the
 * rule names, and falls back the same way.)
 */
import { createRequire } from "node:module";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { AppError } from "../lib/errors";

type StoreCtor = new (...args: unknown[]) => FastifyRateLimitStore;
// The plugin's two stores, which its package does not export by name.
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreCtor;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreCtor;

/** After the deployment's prefix (RedisLink.prefix). */
const NAMESPACE = "rate-limit:";
/** Keys the in-memory counters keep (the plugin's default). */
const LOCAL_CACHE = 5000;

type Incr = FastifyRateLimitStore["incr"];

/** Redis's counters while it answers, this process's own while it does not. */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly up: () => boolean,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>) {
    if (!this.up()) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) =>
        error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result),
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
    return new SharedOrLocalStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.up,
    );
  }
}

function sharedOrLocal(redis: { pub: Redis; prefix: string; up(): boolean }) {
  return class extends SharedOrLocalStore {
    // The plugin makes its store with its settings, these two among them.
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(
          options.continueExceeding,
          options.exponentialBackoff,
          redis.pub,
          `${redis.prefix}${NAMESPACE}`,
        ),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, LOCAL_CACHE),
        redis.up,
      );
    }
  };
}

export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { redis: { pub: Redis; prefix: string; up(): boolean } | undefined },
  ) => {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { store: sharedOrLocal(opts.redis) } : {}),
      // The plugin throws what this returns; the error handler turns it into the envelope. The message and
      // the Retry-After header (set by the plugin) both say how long to wait.
      errorResponseBuilder: (_request, context) =>
        new AppError(
          "RATE_LIMITED",
          ACCOUNT_MESSAGES.tryAgainIn(Math.max(1, Math.ceil(context.ttl / 1000))),
        ),
    });
  },
);
