/**
 * The only SQL about sessions. A session is active while it is neither revoked nor past its expiry.
 */
import { and, eq, getTableColumns, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { profileImages, sessions, users } from "../../db/schema";
import { type UserRecord, userRecordColumns } from "./user-repository";

export type SessionRecord = typeof sessions.$inferSelect;
export type NewSession = Omit<typeof sessions.$inferInsert, "id">;

const active = (now: Date): SQL | undefined =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export function createSessionRepository(db: DbExecutor) {
  // Every signed-in request runs this one: prepared once, so neither Drizzle nor PostgreSQL builds and plans
  // it again each time.
  const activeWithUser = db
    .select({ session: getTableColumns(sessions), user: userRecordColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profileImages, eq(profileImages.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("session_with_user");

  return {
    async insert(session: NewSession, executor: DbExecutor = db): Promise<SessionRecord> {
      const [row] = await executor.insert(sessions).values(session).returning();
      if (!row) throw new Error("sessions insert returned no row");
      return row;
    },
    /** The active session with this token hash and its user, in one round trip (every signed-in request). */
    async findActiveWithUser(
      tokenHash: string,
      now: Date,
    ): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
      const [row] = await activeWithUser.execute({ tokenHash, now });
      return row;
    },
    async touch(id: number, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    /** Revokes the active session with this token hash; answers its id, if there was one. */
    async revokeByTokenHash(
      tokenHash: string,
      reason: string,
      now: Date,
      executor: DbExecutor = db,
    ): Promise<number | undefined> {
      const [row] = await executor
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.tokenHash, tokenHash), active(now)))
        .returning({ id: sessions.id });
      return row?.id;
    },
    /** Revokes a user's active sessions, but the one named in `except`; answers their ids. */
    async revokeForUser(
      userId: number,
      reason: string,
      now: Date,
      options: { except?: number | undefined } = {},
      executor: DbExecutor = db,
    ): Promise<number[]> {
      const rows = await executor
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            active(now),
            options.except === undefined ? undefined : ne(sessions.id, options.except),
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
