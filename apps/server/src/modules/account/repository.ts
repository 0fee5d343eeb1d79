/**
 * The only SQL of the account export: the user's active sessions (neither revoked nor expired).
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { sessions } from "../../db/schema";

export function createAccountRepository(db: DbExecutor) {
  return {
    async activeSessions(userId: number, now: Date) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        )
        .orderBy(asc(sessions.createdAt), asc(sessions.id));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
