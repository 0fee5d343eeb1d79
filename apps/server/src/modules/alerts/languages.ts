/**
 * Each recipient's language, read when a batch of alerts is checked before sending (decision 040): the
 * queue stores an event once, in every language, and each delivery goes out in its subscriber's language
 * as the account has it at that moment. Read beside access, so no read stands between the check and the
 * send (a part of a fan-out goes out before the next part is written).
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
export function inLanguages(
  deliveries: readonly Delivery[],
  languages: ReadonlyMap<number, Language>,
): Delivery[] {
  return deliveries.map((delivery) => {
    const language = languages.get(delivery.userId) ?? "en";
    return { ...delivery, language, content: contentIn(delivery.content, language) };
  });
}
