/**
 * Rate limiting, opt-in per route (`config: { rateLimit: { max, timeWindow } }`). Counters live in Redis
 * when REDIS_URL is set, so every process shares them; otherwise in memory. (Account rules such as login
 * failures use lib/attempt-limiter.ts, which counts only what the rule names.)
 */
import rateLimit from "@fastify/rate-limit";
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { AppError } from "../lib/errors";

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { redis: Redis | undefined }) => {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis, nameSpace: "kalpa:rate-limit:" } : {}),
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
