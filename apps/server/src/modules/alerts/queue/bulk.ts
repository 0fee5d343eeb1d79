/**
 * The alert queue's reads and writes of thousands of rows at once (a signal goes to every subscriber with
 * access): ids travel as one array parameter (db/any-id.ts), and a part of an event's delivery rows goes
 * in with one statement.
 */
import {
  type AlertPreferences,
  AlertPreferencesSchema,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import { sql } from "drizzle-orm";
import * as z from "zod/mini";
import { anyId } from "../../../db/any-id";
import type { DbExecutor } from "../../../db/client";
import { alertDeliveries, alertPreferences } from "../../../db/schema";

/**
 * Reads stored preference documents as the repository does (a document that is not valid preferences
 * counts as the defaults), checking each distinct document once: subscribers share a handful of choices,
 * and checking thousands of the same document one by one costs more than reading them.
 */
export function preferencesReader() {
  const parsed = new Map<string, AlertPreferences>();
  return (text: string | null | undefined): AlertPreferences => {
    if (text == null) return DEFAULT_ALERT_PREFERENCES;
    let preferences = parsed.get(text);
    if (!preferences) {
      const result = z.safeParse(AlertPreferencesSchema, JSON.parse(text));
      preferences = result.success ? result.data : DEFAULT_ALERT_PREFERENCES;
      parsed.set(text, preferences);
    }
    return preferences;
  };
}

/** The stored document's text (jsonb's own spelling: the same choices, the same text). */
export const preferencesText = sql<string | null>`${alertPreferences.preferences}::text`;

/** Several users' preferences (the defaults for those without), as `repository.preferences` reads one. */
export async function preferencesOfMany(
  executor: DbExecutor,
  userIds: readonly number[],
): Promise<Map<number, AlertPreferences>> {
  const result = new Map<number, AlertPreferences>();
  if (userIds.length === 0) return result;
  const rows = await executor
    .select({ userId: alertPreferences.userId, text: preferencesText })
    .from(alertPreferences)
    .where(anyId(alertPreferences.userId, userIds));
  const read = preferencesReader();
  for (const row of rows) result.set(row.userId, read(row.text));
  return result;
}

/** A delivery as the fan-out writes it (the other columns take their defaults: pending, due now). */
export type DeliveryRow = Pick<
  typeof alertDeliveries.$inferInsert,
  "dedupeKey" | "eventId" | "userId" | "channel" | "target"
>;

/**
 * Inserts delivery rows in one statement (columns as arrays, unnested): pending, or, with `claimedUntil`,
 * already claimed by the process writing them until then (their first attempt: it sends them at once).
 * A row already there (`dedupe_key`) is left as it is and not answered, so each row is sent by the one
 * process that wrote it. Answers the rows written.
 */
export async function insertDeliveries(
  executor: DbExecutor,
  rows: readonly DeliveryRow[],
  claimedUntil?: Date,
): Promise<{ id: number; userId: number; channel: DeliveryRow["channel"]; target: string }[]> {
  if (rows.length === 0) return [];
  const column = (name: keyof typeof alertDeliveries.$inferInsert | "id") =>
    sql.identifier(alertDeliveries[name].name);
  const values = <K extends keyof DeliveryRow>(name: K) => sql.param(rows.map((row) => row[name]));
  const [status, attempts] = claimedUntil ? ["sending", 1] : ["pending", 0];
  const result = await executor.execute(sql`
    insert into ${alertDeliveries}
      (${column("dedupeKey")}, ${column("eventId")}, ${column("userId")}, ${column("channel")},
       ${column("target")}, ${column("status")}, ${column("attempts")}, ${column("claimedUntil")})
    select key, event_id, user_id, channel, target, ${status}, ${attempts}::integer,
      ${claimedUntil?.toISOString() ?? null}::timestamptz
    from unnest(
      ${values("dedupeKey")}::text[], ${values("eventId")}::bigint[], ${values("userId")}::bigint[],
      ${values("channel")}::text[], ${values("target")}::text[]
    ) as row(key, event_id, user_id, channel, target)
    on conflict do nothing
    returning ${column("id")} as id, ${column("userId")} as user_id, ${column("channel")} as channel,
      ${column("target")} as target`);
  // Both drivers (node-postgres and PGlite) answer the rows as objects; bigint comes as a string or a number.
  const inserted = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return inserted.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    channel: row.channel as DeliveryRow["channel"],
    target: String(row.target),
  }));
}
