/**
 * Access reminders (decision 024): an "access-expiring" alert event for each subscriber whose access to an
 * instrument ends in 5 days, and one on its last day. Every process may run the pass: each event's key
 * (user, instrument, last day, days left) is unique, so a reminder is written once whoever writes it. The
 * queue then delivers it on the channels the subscriber chose (delivery.ts; a reminder in quiet hours
 * waits for them to end).
 */

import { dayKeyOf } from "@kalpa/market/time/day-key";
import { daysBetween } from "@kalpa/market/time/day-math";
import { and, eq, gt, inArray, isNotNull, lt, lte, notExists } from "drizzle-orm";
import type { AppDb } from "../../db/client";
import { alertDeliveries, alertEvents, subscriptions } from "../../db/schema";
import { lastDayOf } from "../access/rules";
import { storedExpiryAlertContent } from "./content";

/** Days before the last day on which a reminder goes, and the last day itself. */
export const REMINDER_DAYS = [5, 0] as const;
const DAY_MS = 24 * 3_600_000;
/** How often a process looks for reminders due. */
export const REMINDER_PASS_MS = 10 * 60_000;

/** Writes the reminders due now; answers how many it wrote. */
export async function writeAccessReminders(db: AppDb, now: Date): Promise<number> {
  const ending = await db
    .select({
      userId: subscriptions.userId,
      instrument: subscriptions.instrument,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.active, true),
        isNotNull(subscriptions.expiresAt),
        gt(subscriptions.expiresAt, now),
        lte(subscriptions.expiresAt, new Date(now.getTime() + 7 * DAY_MS)),
      ),
    );
  const today = dayKeyOf(now);
  let written = 0;
  for (const row of ending) {
    const lastDay = lastDayOf(row.expiresAt as Date);
    const daysLeft = daysBetween(today, lastDay);
    if (!(REMINDER_DAYS as readonly number[]).includes(daysLeft)) continue;
    const inserted = await db
      .insert(alertEvents)
      .values({
        key: `expiring:${row.userId}:${row.instrument}:${lastDay}:${daysLeft}`,
        event: "access-expiring",
        instrument: row.instrument,
        userId: row.userId,
        content: storedExpiryAlertContent(row.instrument, daysLeft, lastDay),
      })
      .onConflictDoNothing()
      .returning({ id: alertEvents.id });
    written += inserted.length;
  }
  return written;
}

/** How long delivered events and their deliveries are kept (the operator's view reads the recent ones). */
export const ALERT_RETENTION_DAYS = 30;

/** Removes events fanned out, and their deliveries, older than the retention; answers how many events. */
export async function pruneAlerts(db: AppDb, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ALERT_RETENTION_DAYS * DAY_MS);
  // Deliveries go with their event (on delete cascade); one still pending keeps its event.
  const removed = await db
    .delete(alertEvents)
    .where(
      and(
        isNotNull(alertEvents.fannedOutAt),
        lt(alertEvents.createdAt, cutoff),
        notExists(
          db
            .select({ id: alertDeliveries.id })
            .from(alertDeliveries)
            .where(
              and(
                eq(alertDeliveries.eventId, alertEvents.id),
                inArray(alertDeliveries.status, ["pending", "sending"]),
              ),
            ),
        ),
      ),
    )
    .returning({ id: alertEvents.id });
  return removed.length;
}
