import { desc, eq } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { auditLog } from "../../db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, "id" | "at">;

/** The only place that reads and writes the audit log. Append-only: there is no update or delete. */
export function createAuditRepository(db: DbExecutor) {
  return {
    async append(entry: NewAuditEntry, executor: DbExecutor = db): Promise<AuditEntry> {
      const [row] = await executor.insert(auditLog).values(entry).returning();
      if (!row) throw new Error("audit_log insert returned no row");
      return row;
    },
    async listForTarget(target: string, limit = 50): Promise<AuditEntry[]> {
      return db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, target))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
