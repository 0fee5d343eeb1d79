/**
 * The response envelope every API answer uses (DESIGN.md section 4):
 * `{ success: true, data?, message? }` or `{ success: false, error, code, issues? }`.
 */
import { z } from "zod";

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
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: ErrorCodeSchema,
  issues: z.array(FieldIssueSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional(),
  });
}

/** A success answer that carries only a message (for example "OTP sent"). */
export const MessageEnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export type SuccessEnvelope<T> = { success: true; data: T; message?: string };
