/**
 * Typed errors that services throw; the error handler turns each into the envelope and status it names.
 */

import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { ERROR_STATUS, type ErrorCode, type FieldIssue } from "@kalpa/contracts/envelope";

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A 400 about one field, in the shape schema validation produces, so forms show it beside the field. */
export function fieldError(path: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, [{ path, message }]);
}

/** A 429 that says when to try again, in words and in Retry-After. */
export function tooManyAttempts(
  retryAfterSeconds: number,
  message = ACCOUNT_MESSAGES.tryAgainIn(retryAfterSeconds),
): AppError {
  return new AppError("RATE_LIMITED", message, undefined, {
    "retry-after": String(retryAfterSeconds),
  });
}
