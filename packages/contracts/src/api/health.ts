import * as z from "zod/mini";

export const DATABASE_KINDS = ["pglite", "postgres"] as const;

export const HealthDataSchema = z.object({
  /**
   * starting: the site answers, but a first start is still writing data visitors see (see `starting`); the
   * endpoints that serve it answer 503 STARTING meanwhile. Wait for "ok" (or "degraded") before using it.
   * degraded: the site answers, but something users rely on is not working (see `problems`).
   */
  status: z.enum(["starting", "ok", "degraded"]),
  /** What is still being written while starting, one phrase each (for example "the demo journal"). */
  starting: z.optional(z.array(z.string())),
  /** What is wrong, one sentence each (for example the broker feed needing a login). */
  problems: z.optional(z.array(z.string())),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
  /**
   * The market engine's pace, from the process that runs it: how late its recent steps began against
   * their schedule (every 250 ms), in ms over the last ten seconds. Absent from other processes.
   */
  engine: z.optional(
    z.object({ lagMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }) }),
  ),
});
export type HealthData = z.infer<typeof HealthDataSchema>;

export const healthEndpoint = {
  method: "GET",
  path: "/api/health",
  response: HealthDataSchema,
} as const;

/**
 * GET /api/health/live: whether this process takes requests, without asking the database, for a load
 * balancer's checks (deploy/haproxy.cfg). 503 while it drains before stopping (SIGTERM), so the balancer
 * sends new requests elsewhere; a database that is away for every process is not a reason to take each out.
 */
export const HealthLiveSchema = z.object({ status: z.literal("ok") });
export const healthLiveEndpoint = {
  method: "GET",
  path: "/api/health/live",
  response: HealthLiveSchema,
} as const;
