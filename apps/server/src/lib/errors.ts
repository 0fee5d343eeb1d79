/**
 * Typed errors that services throw; the error handler turns each into the envelope and status it names.
 */
import { ERROR_STATUS, type ErrorCode, type FieldIssue } from "@kalpa/contracts/envelope";

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = ERROR_STATUS[code];
  }
}
