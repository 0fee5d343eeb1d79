/**
 * The account export's SQL: the user's active sessions (neither revoked nor expired), and the browsers and
 * Telegram chat their alerts go to.
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { pushSubscriptions, sessions, telegramLinks } from "../../db/schema";

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

    async alertTargets(userId: number) {
      const [browsers, telegram] = await Promise.all([
        db
          .select({ userAgent: pushSubscriptions.userAgent, since: pushSubscriptions.createdAt })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id)),
        db
          .select({ chatId: telegramLinks.chatId, linkedAt: telegramLinks.linkedAt })
          .from(telegramLinks)
          .where(eq(telegramLinks.userId, userId)),
      ]);
      const chat = telegram[0];
      return { browsers, telegram: chat?.chatId != null ? { linkedAt: chat.linkedAt } : null };
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
