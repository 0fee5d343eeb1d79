/**
 * GET /api/admin/alerts: the operator console's view of alerts (decision 024), for the admin role only (401
 * without a session, 403 for any other role, checked before the request is read). Each channel's health,
 * the queue, the latest failures and what the latest events became. It only reads: the queue is worked on
 * by modules/alerts/delivery.ts.
 */
import {
  type AdminAlerts,
  ALERT_COUNT_HOURS,
  ALERT_FAILING_MINUTES,
  type AlertChannelHealth,
  type AlertChannelSummary,
  type AlertFailure,
  adminAlertsEndpoint,
  type DeliveryCounts,
  RECENT_ALERT_EVENTS,
  RECENT_ALERT_FAILURES,
} from "@kalpa/contracts/api/admin-alerts";
import { ALERT_CHANNELS, type AlertChannel } from "@kalpa/contracts/api/alerts";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DbExecutor } from "../../db/client";
import type { Clock } from "../../lib/clock";
import {
  type AlertsOverviewRepository,
  createAlertsOverviewRepository,
  type DeliveryStatus,
} from "./alerts-overview-repository";

const tags = ["admin"];
const MINUTE_MS = 60_000;
/** Slack for an event and its deliveries stamped by two transactions' clocks (alerts-overview-repository). */
const EVENT_SLACK_MS = MINUTE_MS;

export interface AlertsOverviewOptions {
  db: DbExecutor;
  clock: Clock;
  /**
   * Which channels have a sender wired, as modules/alerts/module.ts builds them: push with the VAPID
   * keys, Telegram with TELEGRAM_BOT_TOKEN, e-mail with a mail sender for alerts.
   */
  configured: Record<AlertChannel, boolean>;
}

/** The health rule, as ALERT_CHANNEL_HEALTHS (packages/contracts/src/api/admin-alerts.ts) words it. */
export function healthOf(
  channel: {
    configured: boolean;
    /** Deliveries queued in the last ALERT_COUNT_HOURS. */
    queued: number;
    lastSentAt: Date | null;
    lastFailureAt: Date | null;
  },
  now: Date,
): AlertChannelHealth {
  if (!channel.configured) return "off";
  const { lastSentAt, lastFailureAt } = channel;
  // A failure among sends (a browser gone, a chat that blocked the bot) is a device's problem; a failure
  // with nothing sent after it is the channel's.
  const recentFailure =
    lastFailureAt !== null &&
    now.getTime() - lastFailureAt.getTime() <= ALERT_FAILING_MINUTES * MINUTE_MS;
  if (recentFailure && (lastSentAt === null || lastSentAt < lastFailureAt)) return "failing";
  return channel.queued === 0 ? "idle" : "ok";
}

function noCounts(): DeliveryCounts {
  return { sent: 0, failed: 0, skipped: 0, unknown: 0, pending: 0 };
}

/** A row's status as the console counts it: a delivery being sent this moment is still pending. */
function countedAs(status: DeliveryStatus): keyof DeliveryCounts {
  return status === "sending" ? "pending" : status;
}

function total(counts: DeliveryCounts): number {
  return counts.sent + counts.failed + counts.skipped + counts.unknown + counts.pending;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function createAlertsOverview(deps: {
  repository: AlertsOverviewRepository;
  clock: Clock;
  configured: Record<AlertChannel, boolean>;
}) {
  const { repository, clock, configured } = deps;

  async function channels(now: Date, since: Date): Promise<AdminAlerts["channels"]> {
    const [rows, failures, recipients] = await Promise.all([
      repository.countsSince(since),
      Promise.all(ALERT_CHANNELS.map((channel) => repository.latestFailure(channel, since))),
      repository.recipients(),
    ]);
    const summaries = {} as Record<AlertChannel, AlertChannelSummary>;
    ALERT_CHANNELS.forEach((channel, i) => {
      const counts = noCounts();
      let lastSentAt: Date | null = null;
      for (const row of rows) {
        if (row.channel !== channel) continue;
        counts[countedAs(row.status)] += row.n;
        if (row.status === "sent" && row.lastSentAt) lastSentAt = row.lastSentAt;
      }
      const failure = failures[i];
      const lastFailureAt = failure?.queuedAt ?? null;
      summaries[channel] = {
        configured: configured[channel],
        health: healthOf(
          { configured: configured[channel], queued: total(counts), lastSentAt, lastFailureAt },
          now,
        ),
        lastSentAt: iso(lastSentAt),
        lastFailureAt: iso(lastFailureAt),
        lastError: failure?.error ?? null,
        counts,
        recipients: recipients[channel],
      };
    });
    return summaries;
  }

  async function recentFailures(since: Date): Promise<AlertFailure[]> {
    const rows = await repository.failuresSince(since, RECENT_ALERT_FAILURES);
    return rows.map((row) => {
      const retrying = row.status === "pending";
      return {
        id: String(row.id),
        queuedAt: row.queuedAt.toISOString(),
        channel: row.channel,
        status: retrying ? "retrying" : row.status === "unknown" ? "unknown" : "failed",
        event: row.event,
        instrument: row.instrument,
        username: row.username,
        attempts: row.attempts,
        error: row.error ?? "",
        nextAttemptAt: retrying ? row.nextAttemptAt.toISOString() : null,
      };
    });
  }

  async function recentEvents(): Promise<AdminAlerts["recentEvents"]> {
    const events = await repository.latestEvents(RECENT_ALERT_EVENTS);
    const oldest = Math.min(...events.map((event) => event.at.getTime()));
    const rows =
      events.length > 0
        ? await repository.countsOfEvents(
            events.map((event) => event.id),
            new Date(oldest - EVENT_SLACK_MS),
          )
        : [];
    return events.map((event) => {
      const counts = noCounts();
      for (const row of rows) {
        if (row.eventId === event.id) counts[countedAs(row.status)] += row.n;
      }
      const title = event.content.title;
      return {
        id: String(event.id),
        at: event.at.toISOString(),
        event: event.event,
        instrument: event.instrument,
        title: typeof title === "string" ? title : "",
        fannedOut: event.fannedOutAt !== null,
        counts,
      };
    });
  }

  return {
    async overview(): Promise<AdminAlerts> {
      const now = clock();
      const since = new Date(now.getTime() - ALERT_COUNT_HOURS * 60 * MINUTE_MS);
      const [channelSummaries, queue, failures, events] = await Promise.all([
        channels(now, since),
        repository.queue(now),
        recentFailures(since),
        recentEvents(),
      ]);
      return {
        channels: channelSummaries,
        queue: {
          pending: queue.pending,
          oldestDueSeconds:
            queue.oldestDue === null
              ? null
              : Math.max(0, Math.floor((now.getTime() - queue.oldestDue.getTime()) / 1000)),
          eventsWaiting: queue.eventsWaiting,
        },
        recentFailures: failures,
        recentEvents: events,
      };
    },
  };
}

export const adminAlertsRoutes: FastifyPluginAsyncZod<AlertsOverviewOptions> = async (
  app,
  opts,
) => {
  const alerts = createAlertsOverview({
    repository: createAlertsOverviewRepository(opts.db),
    clock: opts.clock,
    configured: opts.configured,
  });
  app.addHook("onRequest", app.requireAdmin);

  app.get(
    adminAlertsEndpoint.path,
    {
      schema: {
        tags,
        summary:
          "Alerts: each channel's health and 24-hour counts, the queue, recent failures and events",
        response: { 200: successEnvelope(adminAlertsEndpoint.response) },
      },
    },
    async () => ({ success: true as const, data: await alerts.overview() }),
  );
};
