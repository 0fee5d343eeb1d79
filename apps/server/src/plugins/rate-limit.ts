/**
 * Rate limiting, opt-in per route (`config: { rateLimit: { max, timeWindow } }`). Counters live in Redis
 * when REDIS_URL is set, so every process shares them; otherwise in memory.
 */
import rateLimit from "@fastify/rate-limit";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { AppError } from "../lib/errors";

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { redis: Redis | undefined }) => {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis, nameSpace: "kalpa:rate-limit:" } : {}),
      // The plugin throws what this returns; the error handler turns it into the envelope. The
      // Retry-After header tells the client how long to wait.
      errorResponseBuilder: () => new AppError("RATE_LIMITED", SERVER_MESSAGES.rateLimited),
    });
  },
);
