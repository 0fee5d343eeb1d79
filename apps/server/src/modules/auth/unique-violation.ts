/**
 * Reads PostgreSQL's unique-violation error (SQLSTATE 23505) through the wrappers Drizzle and the drivers
 * put around it, so a race between two sign-ups still answers 409 rather than 500.
 */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      return typeof candidate.constraint === "string" ? candidate.constraint : "";
    }
    current = candidate.cause;
  }
  return undefined;
}
