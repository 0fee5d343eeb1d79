/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the connection
 * cut, no connection within the pool's timeout), as opposed to a query that is wrong. Such a request is
 * answered 503 with a plain sentence and Retry-After, not 500: it will work again by itself.
 */

/** Node's network errors on a connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for it: class 08 (connection exception), and 57P01-57P03 (the server shutting
 * down or not yet accepting connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
}

/** node-postgres's own messages when a connection ends or none comes in time. */
const POOL_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Connection terminated unexpectedly",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; look a few levels down.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || isUnavailableState(code))) {
      return true;
    }
    if (
      POOL_MESSAGES.some(
        (message) => current instanceof Error && current.message.startsWith(message),
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
