/**
 * The operators' weekly reminder: from REMINDER_DAYS before the first day whose calendar is not confirmed
 * (packages/market unconfirmedDayAhead), every admin account and the operator's address get one e-mail a
 * week until the year is confirmed. The engine's process checks every hour; the stamp in operator_reminders
 * is claimed by an atomic compare-and-set, so however many processes or restarts, one e-mail goes out a week.
 */
import { REMINDER_DAYS } from "@kalpa/contracts/api/calendar";
import { formatDayKey } from "@kalpa/contracts/day-format";
import { unconfirmedDayAhead } from "@kalpa/market/calendar/calendar-book";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Clock } from "../../lib/clock";
import type { MailQueue } from "../../mail/mail-queue";
import type { CalendarRepository } from "./repository";

export const REMINDER_TOPIC = "calendar";
export const REMINDER_GAP_MS = 7 * 24 * 60 * 60_000;
/** How often the engine's process asks whether a reminder is due. */
export const REMINDER_CHECK_MS = 60 * 60_000;

export interface ReminderDeps {
  repository: CalendarRepository;
  mail: Pick<MailQueue, "queue">;
  site: { brandName: string; publicUrl: string; operatorEmail: string };
  log: Logger;
}

/** Sends the week's reminder if one is due at `now`; true when it was sent (queued). */
export async function remindOperators(deps: ReminderDeps, now: Date): Promise<boolean> {
  const ahead = unconfirmedDayAhead(dayKeyOf(now), REMINDER_DAYS);
  if (!ahead) return false;
  if (!(await deps.repository.claimReminder(REMINDER_TOPIC, now, REMINDER_GAP_MS))) return false;
  const year = ahead.day.slice(0, 4);
  const when =
    ahead.daysAway === 0
      ? "today"
      : `on ${formatDayKey(ahead.day)}, in ${ahead.daysAway} day${ahead.daysAway === 1 ? "" : "s"}`;
  const state =
    ahead.status === "provisional"
      ? `provisional: it holds only the holidays known ahead (fixed dates), not the exchanges' list`
      : "unknown: the product has no holidays for it at all";
  const { brandName, publicUrl, operatorEmail } = deps.site;
  const text =
    `The ${year} market calendar is ${state}. It is in force ${when}.\n\n` +
    `Enter the exchanges' holidays, MCX evening-only days and special sessions from their circulars, then ` +
    `confirm the year, in the operator console: ${publicUrl}/admin?view=calendar\n` +
    `or from the command line: npm run admin -- calendar set-day ... and npm run admin -- calendar year ` +
    `${year} confirmed --source "<circular>".\n\n` +
    "Until then every screen that shows a market day of the year says its calendar is provisional. This " +
    "reminder comes once a week until the year is confirmed.";
  const recipients = new Set([...(await deps.repository.operatorEmails()), operatorEmail]);
  for (const to of recipients) {
    deps.mail.queue({
      to,
      subject: `${brandName}: the ${year} market calendar is not confirmed`,
      text,
    });
  }
  deps.log.info(
    { day: ahead.day, status: ahead.status, recipients: recipients.size },
    "calendar: the operators' weekly reminder sent",
  );
  return true;
}

/** Checks now and every REMINDER_CHECK_MS; the function returned stops it. */
export function startCalendarReminders(
  deps: ReminderDeps & { clock: Clock; everyMs?: number },
): () => void {
  const check = () =>
    remindOperators(deps, deps.clock()).catch((error: unknown) =>
      deps.log.error({ err: error }, "calendar: could not send the operators' reminder"),
    );
  void check();
  const timer = setInterval(() => void check(), deps.everyMs ?? REMINDER_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
