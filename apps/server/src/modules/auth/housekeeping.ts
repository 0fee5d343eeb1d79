/**
 * Clears what accounts leave behind: sessions a week after they ended (kept that long so a user's recent
 * sign-outs can still be looked into), one-time codes a day after they expired, and accounts never verified
 * within a week. Runs at start-up and then hourly; every statement is idempotent, so several processes may
 * run it at once.
 */
import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DbExecutor } from "../../db/client";
import { sessions, users, verifications } from "../../db/schema";
import type { Clock } from "../../lib/clock";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
export const HOUSEKEEPING = {
  everyMs: HOUR,
  endedSessionsKeptMs: 7 * DAY,
  expiredCodesKeptMs: DAY,
  unverifiedAccountsKeptMs: 7 * DAY,
} as const;

export interface HousekeepingReport {
  sessions: number;
  codes: number;
  unverifiedAccounts: number;
}

export async function sweepAccounts(db: DbExecutor, now: Date): Promise<HousekeepingReport> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const sessionCutoff = before(HOUSEKEEPING.endedSessionsKeptMs);
  const endedSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sessionCutoff),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sessionCutoff)),
      ),
    )
    .returning({ id: sessions.id });
  const oldCodes = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, before(HOUSEKEEPING.expiredCodesKeptMs)))
    .returning({ id: verifications.id });
  const unverified = await db
    .delete(users)
    .where(
      and(
        isNull(users.verifiedAt),
        lt(users.createdAt, before(HOUSEKEEPING.unverifiedAccountsKeptMs)),
      ),
    )
    .returning({ id: users.id });
  return {
    sessions: endedSessions.length,
    codes: oldCodes.length,
    unverifiedAccounts: unverified.length,
  };
}

/** Starts the hourly sweep; answers the function that stops it (waiting for a sweep under way). */
export function startAccountHousekeeping(deps: {
  db: DbExecutor;
  clock: Clock;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweepAccounts(deps.db, deps.clock()).then(
      (report) => {
        if (report.sessions + report.codes + report.unverifiedAccounts > 0) {
          deps.log.info(report, "account housekeeping");
        }
      },
      (error: unknown) => {
        deps.log.warn({ err: error }, "account housekeeping failed; it runs again within the hour");
      },
    );
  };
  const timer = setInterval(run, HOUSEKEEPING.everyMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
