/**
 * The alert queue's reads and writes of thousands of rows at once (a signal goes to every subscriber with
 * access): ids travel as one array parameter rather than one parameter each (fewer bytes to build and
 * parse, and no limit of 65,535 parameters per statement), and the delivery rows of an event go in with
 * one statement.
 */
import {
  type AlertPreferences,
  AlertPreferencesSchema,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { DbExecutor } from "../../db/client";
import { alertDeliveries, alertPreferences } from "../../db/schema";

/** `column = any($1)`, the ids as one bigint[] parameter. */
export function anyId(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::bigint[])`;
}

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

/** Inserts delivery rows in one statement (columns as arrays, unnested); one already there is left. */
export async function insertDeliveries(executor: DbExecutor, rows: readonly DeliveryRow[]) {
  if (rows.length === 0) return;
  const column = (name: keyof DeliveryRow) => sql.identifier(alertDeliveries[name].name);
  const values = <K extends keyof DeliveryRow>(name: K) => sql.param(rows.map((row) => row[name]));
  await executor.execute(sql`
    insert into ${alertDeliveries}
      (${column("dedupeKey")}, ${column("eventId")}, ${column("userId")}, ${column("channel")}, ${column("target")})
    select * from unnest(
      ${values("dedupeKey")}::text[], ${values("eventId")}::bigint[], ${values("userId")}::bigint[],
      ${values("channel")}::text[], ${values("target")}::text[]
    )
    on conflict do nothing`);
}
