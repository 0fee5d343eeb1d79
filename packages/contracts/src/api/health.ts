import * as z from "zod/mini";

export const DATABASE_KINDS = ["pglite", "postgres"] as const;

export const HealthDataSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
});
export type HealthData = z.infer<typeof HealthDataSchema>;

export const healthEndpoint = {
  method: "GET",
  path: "/api/health",
  response: HealthDataSchema,
} as const;
