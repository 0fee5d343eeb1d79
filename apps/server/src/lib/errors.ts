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
    // A refusal (4xx) is an answer, not a fault: no stack is captured for it, so refusing a flood of
    // requests (429s) costs no more than answering them. Server errors keep theirs.
    const statusCode = ERROR_STATUS[code];
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "AppError";
    this.statusCode = statusCode;
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
