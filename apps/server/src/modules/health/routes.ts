import { type HealthData, healthEndpoint, healthLiveEndpoint } from "@kalpa/contracts/api/health";
import { ErrorEnvelopeSchema, successEnvelope } from "@kalpa/contracts/envelope";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import type { EngineLag } from "../../engine/market-engine";
import { AppError } from "../../lib/errors";

export interface HealthRoutesOptions {
  database: Database;
  version: string;
  /** What is wrong though the site answers (the market feed): the status is then "degraded". */
  problems?: () => string[];
  /** What a first start is still writing (engine/start-up.ts): the status is then "starting". */
  starting?: () => string[];
  /** The market engine's step lateness, when this process runs it. */
  engineLag?: () => EngineLag | undefined;
  /** True once the process is stopping: the liveness check answers 503 so the balancer moves on. */
  draining?: () => boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, opts) => {
  app.get(
    healthLiveEndpoint.path,
    {
      schema: {
        tags: ["system"],
        summary:
          "Whether this process takes requests, without asking the database (for a load balancer); 503 while it drains before stopping",
        response: { 200: successEnvelope(healthLiveEndpoint.response), 503: ErrorEnvelopeSchema },
      },
    },
    async () => {
      if (opts.draining?.()) {
        throw new AppError("SERVICE_UNAVAILABLE", SERVER_MESSAGES.draining, undefined, {
          connection: "close",
        });
      }
      return { success: true as const, data: { status: "ok" as const } };
    },
  );

  app.get(
    healthEndpoint.path,
    {
      schema: {
        tags: ["system"],
        summary:
          'Liveness, database reachability and readiness ("starting" while a first start writes what visitors read)',
        response: { 200: successEnvelope(healthEndpoint.response), 503: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      try {
        await opts.database.ping();
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        throw new AppError("SERVICE_UNAVAILABLE", SERVER_MESSAGES.databaseUnavailable);
      }
      const problems = opts.problems?.() ?? [];
      const starting = opts.starting?.() ?? [];
      const lag = opts.engineLag?.();
      const status: HealthData["status"] =
        starting.length > 0 ? "starting" : problems.length > 0 ? "degraded" : "ok";
      return {
        success: true as const,
        data: {
          status,
          ...(starting.length > 0 ? { starting } : {}),
          ...(problems.length > 0 ? { problems } : {}),
          database: opts.database.kind,
          version: opts.version,
          ...(lag ? { engine: { lagMs: lag } } : {}),
        },
      };
    },
  );
};
