/**
 * The one Drizzle schema (PostgreSQL dialect; must stay acceptable to PostgreSQL 15 and PGlite).
 * Change it, then run `npm run db:generate -w @kalpa/server` to add a migration.
 */
import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Every admin action and every access change (DESIGN.md section 5). Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
    /** Who acted: a user id, or "system" for the engine and the CLI. */
    actor: text("actor").notNull(),
    /** What happened, dotted: "subscription.granted", "user.role_changed". */
    action: text("action").notNull(),
    /** What it happened to: "user:42", "subscription:7". */
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_target_idx").on(table.target),
  ],
);
