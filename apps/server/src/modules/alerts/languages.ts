/**
 * Each recipient's language, read when a batch of alerts is sent (decision 040): the queue stores an
 * event once, in every language, and each delivery goes out in its subscriber's language as the account
 * has it at the moment of sending.
 */
import type { Language } from "@kalpa/contracts/api/session";
import { anyId } from "../../db/any-id";
import type { DbExecutor } from "../../db/client";
import { users } from "../../db/schema";
import type { Delivery } from "./channels/channel";
import { contentIn } from "./content";

export async function languagesOf(
  db: DbExecutor,
  userIds: readonly number[],
): Promise<Map<number, Language>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(anyId(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.language]));
}

/** The deliveries in their recipients' languages: the stored event's words in it, and `language` set. */
export async function inRecipientsLanguages(
  db: DbExecutor,
  deliveries: readonly Delivery[],
): Promise<Delivery[]> {
  const languages = await languagesOf(db, [...new Set(deliveries.map((d) => d.userId))]);
  return deliveries.map((delivery) => {
    const language = languages.get(delivery.userId) ?? "en";
    return { ...delivery, language, content: contentIn(delivery.content, language) };
  });
}
