/**
 * The operator console's view of alerts: `GET /api/admin/alerts`, for the admin role only. It
 * shows each channel's health, what the delivery queue holds, the latest failures and what the latest
 * events became. Times are ISO strings (UTC); the console shows them in India time.
 */
import * as z from "zod/mini";
import { AccessKeySchema } from "../names";
import { ALERT_CHANNELS, AlertEventSchema } from "./alerts";

/** The counts and the failures look back this far (by when a delivery was queued). */
export const ALERT_COUNT_HOURS = 24;
/** A channel is "failing" only on what happened this recently. */
export const ALERT_FAILING_MINUTES = 60;
export const RECENT_ALERT_FAILURES = 50;
export const RECENT_ALERT_EVENTS = 20;

/**
 * A channel's health, one rule for every channel:
 * - `off`: its sender is not set up (no VAPID keys, no TELEGRAM_BOT_TOKEN, no mail sender for alerts);
 * - `failing`: a delivery queued in the last ALERT_FAILING_MINUTES failed, was lost, or waits to be retried,
 *   and nothing on the channel has been sent since it was queued (a few dead devices among sends stay "ok");
 * - `idle`: nothing was queued on it in the last ALERT_COUNT_HOURS;
 * - `ok`: otherwise.
 */
export const ALERT_CHANNEL_HEALTHS = ["ok", "failing", "idle", "off"] as const;
export const AlertChannelHealthSchema = z.enum(ALERT_CHANNEL_HEALTHS);
export type AlertChannelHealth = z.infer<typeof AlertChannelHealthSchema>;

/** Deliveries by their status now. `pending` includes those being sent this moment. */
export const DeliveryCountsSchema = z.object({
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  unknown: z.number(),
  pending: z.number(),
});
export type DeliveryCounts = z.infer<typeof DeliveryCountsSchema>;

export const AlertChannelSummarySchema = z.object({
  /** Its sender is wired: push with VAPID keys, Telegram with a bot token, e-mail with a mail sender. */
  configured: z.boolean(),
  health: AlertChannelHealthSchema,
  /** The latest send among deliveries queued in the last ALERT_COUNT_HOURS; null if none. */
  lastSentAt: z.nullable(z.string()),
  /** When the latest failed, lost or retrying delivery of that window was queued, and its error. */
  lastFailureAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  /** Deliveries queued in the last ALERT_COUNT_HOURS. */
  counts: DeliveryCountsSchema,
  /** Who can be reached: browsers subscribed (push), chats linked (Telegram), users choosing e-mail. */
  recipients: z.number(),
});
export type AlertChannelSummary = z.infer<typeof AlertChannelSummarySchema>;

export const AlertQueueSchema = z.object({
  /** Deliveries waiting (due now, retrying later, or held until quiet hours end). */
  pending: z.number(),
  /** How late the queue is: seconds since the oldest due delivery became due; null when none is due. */
  oldestDueSeconds: z.nullable(z.number()),
  /** Events not yet turned into deliveries. */
  eventsWaiting: z.number(),
});
export type AlertQueue = z.infer<typeof AlertQueueSchema>;

/** A failure: failed for good, lost (its sending process stopped), or waiting to be retried. */
export const ALERT_FAILURE_KINDS = ["failed", "unknown", "retrying"] as const;
export const AlertFailureSchema = z.object({
  id: z.string(),
  /** When the delivery was queued (its retries and their errors follow within minutes). */
  queuedAt: z.string(),
  channel: z.enum(ALERT_CHANNELS),
  status: z.enum(ALERT_FAILURE_KINDS),
  event: AlertEventSchema,
  instrument: AccessKeySchema,
  username: z.string(),
  attempts: z.number(),
  error: z.string(),
  /** A retrying delivery's next attempt; null otherwise. */
  nextAttemptAt: z.nullable(z.string()),
});
export type AlertFailure = z.infer<typeof AlertFailureSchema>;

/** An event (a signal's transition, or an access reminder) and what its deliveries became. */
export const RecentAlertEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  event: AlertEventSchema,
  instrument: AccessKeySchema,
  /** The message's title as subscribers saw it. */
  title: z.string(),
  /** False until the fan-out has turned it into deliveries. */
  fannedOut: z.boolean(),
  counts: DeliveryCountsSchema,
});
export type RecentAlertEvent = z.infer<typeof RecentAlertEventSchema>;

export const AdminAlertsSchema = z.object({
  channels: z.object({
    push: AlertChannelSummarySchema,
    telegram: AlertChannelSummarySchema,
    email: AlertChannelSummarySchema,
  }),
  queue: AlertQueueSchema,
  /** The latest RECENT_ALERT_FAILURES failures queued in the last ALERT_COUNT_HOURS, newest first. */
  recentFailures: z.array(AlertFailureSchema),
  /** The latest RECENT_ALERT_EVENTS events, newest first. */
  recentEvents: z.array(RecentAlertEventSchema),
});
export type AdminAlerts = z.infer<typeof AdminAlertsSchema>;

/** GET /api/admin/alerts */
export const adminAlertsEndpoint = {
  method: "GET",
  path: "/api/admin/alerts",
  response: AdminAlertsSchema,
} as const;
