/**
 * The operator console's own SQL: finding users, counting them and their sessions, changing a role, and
 * reading the audit log a page at a time.
 */
import type { Role } from "@kalpa/contracts/api/session";
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { auditLog, sessions, telegramLinks, users } from "../../db/schema";

/** LIKE's wildcards in what the operator typed match themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  verifiedAt: users.verifiedAt,
  createdAt: users.createdAt,
};

export type AdminUserRow = {
  id: number;
  username: string;
  name: string;
  email: string;
  mobile: string;
  role: Role;
  verifiedAt: Date | null;
  createdAt: Date;
};

export function createAdminRepository(db: DbExecutor) {
  return {
    /** A page of users, newest first, whose username, name, e-mail or mobile contains `q`. */
    async searchUsers(q: string | undefined, offset: number, limit: number) {
      const text = q?.trim();
      const where: SQL | undefined = text
        ? or(
            ilike(users.username, containing(text)),
            ilike(users.name, containing(text)),
            ilike(users.email, containing(text)),
            ilike(users.mobile, containing(text)),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows: rows as AdminUserRow[], total: total?.n ?? 0 };
    },

    async findUser(id: number, executor: DbExecutor = db): Promise<AdminUserRow | undefined> {
      const [row] = await executor.select(userColumns).from(users).where(eq(users.id, id));
      return row as AdminUserRow | undefined;
    },

    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    async countActiveSessions(userId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        );
      return row?.n ?? 0;
    },

    /** The user's linked Telegram chat, if any. */
    async telegramLinkOf(
      userId: number,
    ): Promise<{ chatName: string | null; linkedAt: Date } | undefined> {
      const [row] = await db
        .select({ chatName: telegramLinks.chatName, linkedAt: telegramLinks.linkedAt })
        .from(telegramLinks)
        .where(and(eq(telegramLinks.userId, userId), isNotNull(telegramLinks.chatId)));
      return row?.linkedAt ? { chatName: row.chatName, linkedAt: row.linkedAt } : undefined;
    },

    /** The admins' ids, locked until the transaction ends (two admins cannot demote each other at once). */
    async lockAdmins(executor: DbExecutor): Promise<number[]> {
      const rows = await executor
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, "admin"))
        .for("update");
      return rows.map((row) => row.id);
    },

    async setRole(userId: number, role: Role, now: Date, executor: DbExecutor): Promise<void> {
      await executor.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
    },

    /** Audit entries newest first, optionally about one target, before an entry id; `limit` at most. */
    async auditPage(
      filter: { target?: string | undefined; before?: number | undefined },
      limit: number,
    ) {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            filter.target === undefined ? undefined : eq(auditLog.target, filter.target),
            filter.before === undefined ? undefined : lt(auditLog.id, filter.before),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
