import * as z from "zod/mini";

export const DATABASE_KINDS = ["pglite", "postgres"] as const;

export const HealthDataSchema = z.object({
  /** degraded: the site answers, but something users rely on is not working (see `problems`). */
  status: z.enum(["ok", "degraded"]),
  /** What is wrong while degraded, one sentence each (for example the broker feed needing a login). */
  problems: z.optional(z.array(z.string())),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
});
export type HealthData = z.infer<typeof HealthDataSchema>;

export const healthEndpoint = {
  method: "GET",
  path: "/api/health",
  response: HealthDataSchema,
} as const;
