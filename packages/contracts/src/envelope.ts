/**
 * The response envelope every API answer uses (DESIGN.md section 4):
 * `{ success: true, data?, message? }` or `{ success: false, error, code, issues? }`.
 *
 * Written with zod/mini, like every schema the first page needs, so a first visit does not download zod's
 * full build (decision 006). The schemas are the same kind of object as zod's, for the server and the client.
 */
import * as z from "zod/mini";

export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
  /** The server has just started and is still writing the data this answer needs (Retry-After says when to ask again). */
  "STARTING",
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The HTTP status that goes with each code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  STARTING: 503,
};

/** The code for an error status that came without one (a proxy's 502, Fastify's own 415...). */
export function errorCodeForStatus(status: number): ErrorCode {
  for (const code of ERROR_CODES) {
    if (ERROR_STATUS[code] === status && code !== "VALIDATION_ERROR") return code;
  }
  return status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST";
}

export const FieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  issues: z.optional(z.array(FieldIssueSchema)),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function successEnvelope<T extends z.core.$ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.optional(z.string()),
  });
}

export type SuccessEnvelope<T> = { success: true; data: T; message?: string };
