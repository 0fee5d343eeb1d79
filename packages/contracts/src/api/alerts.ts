/**
 * Alerts: what a subscriber is told, and where. Per channel (this browser's push, Telegram,
 * e-mail) and per instrument, which events; and quiet hours. The browser side's calls are fixed by the
 * issue: the VAPID public key, a push subscription as `PushSubscription.toJSON()` gives it, and the
 * preferences.
 */
import * as z from "zod/mini";
import { LedgerRefSchema } from "../ledger-ref";
import { ACCESS_KEYS } from "../names";

export const ALERT_CHANNELS = ["push", "telegram", "email"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A new signal, its trade triggered, closed with its result; access ending in 5 days and on the day. */
export const ALERT_EVENTS = ["new-signal", "triggered", "closed", "access-expiring"] as const;
export const AlertEventSchema = z.enum(ALERT_EVENTS);
export type AlertEvent = z.infer<typeof AlertEventSchema>;

/** For one channel: the events wanted for each instrument (none: nothing on this channel). */
const ChannelPreferencesSchema = z.object({
  Nifty: z.array(AlertEventSchema).check(z.maxLength(ALERT_EVENTS.length)),
  BankNifty: z.array(AlertEventSchema).check(z.maxLength(ALERT_EVENTS.length)),
  CrudeOil: z.array(AlertEventSchema).check(z.maxLength(ALERT_EVENTS.length)),
});
export type ChannelPreferences = z.infer<typeof ChannelPreferencesSchema>;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeOfDaySchema = z.string().check(z.regex(TIME_OF_DAY, "Enter a time as HH:MM, e.g. 22:00"));

export const AlertPreferencesSchema = z.object({
  channels: z.object({
    push: ChannelPreferencesSchema,
    telegram: ChannelPreferencesSchema,
    email: ChannelPreferencesSchema,
  }),
  /**
   * India time. Signal alerts falling in them are not sent (they would be stale by the morning); an access
   * reminder waits until they end. Null: none.
   */
  quietHours: z.nullable(z.object({ from: TimeOfDaySchema, to: TimeOfDaySchema })),
});
export type AlertPreferences = z.infer<typeof AlertPreferencesSchema>;

const none: ChannelPreferences = { Nifty: [], BankNifty: [], CrudeOil: [] };
/** Until a subscriber chooses: e-mail reminders before access ends, nothing else. */
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  channels: {
    push: none,
    telegram: none,
    email: Object.fromEntries(
      ACCESS_KEYS.map((key) => [key, ["access-expiring"]]),
    ) as ChannelPreferences,
  },
  quietHours: null,
};

export const alertPreferencesEndpoint = {
  method: "GET",
  path: "/api/alerts/preferences",
  response: AlertPreferencesSchema,
} as const;
export const updateAlertPreferencesEndpoint = {
  method: "PUT",
  path: "/api/alerts/preferences",
  body: AlertPreferencesSchema,
  response: AlertPreferencesSchema,
} as const;

/** base64url without padding, as browsers give push keys. */
const Base64UrlSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/, "Expected base64url"));

export const vapidPublicKeyEndpoint = {
  method: "GET",
  path: "/api/alerts/vapid-public-key",
  response: z.object({ publicKey: z.string() }),
} as const;

/** `PushSubscription.toJSON()`: the push service's endpoint and the browser's keys. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string().check(z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: Base64UrlSchema.check(z.maxLength(200)),
    auth: Base64UrlSchema.check(z.maxLength(100)),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export const addPushSubscriptionEndpoint = {
  method: "POST",
  path: "/api/alerts/push-subscriptions",
  body: PushSubscriptionSchema,
  response: z.undefined(),
} as const;
export const removePushSubscriptionEndpoint = {
  method: "DELETE",
  path: "/api/alerts/push-subscriptions",
  body: z.object({ endpoint: z.string().check(z.maxLength(2048)) }),
  response: z.undefined(),
} as const;

/** What a notification carries to the service worker (it shows `title` and `body`, and opens `url`). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path: the live screen of the signal's model, or the contribution page. */
  url: z.string(),
  /** Notifications with the same tag replace each other (a signal's later states replace its earlier). */
  tag: z.string(),
  /** A signal's transition: its ledger entry, committed with it before anyone was told. */
  ledger: z.optional(LedgerRefSchema),
  /**
   * A signal's transition: the model that made the call and its version ("manual" for the operator's own
   * signal, "before-versions" for one stored before versions were recorded).
   */
  model: z.optional(z.object({ name: z.string(), version: z.string() })),
  /**
   * The operator's research analyst, added when the alert is sent, while a research-analyst profile is
   * set (decision 031): the registered name and SEBI's registration number.
   */
  analyst: z.optional(z.object({ name: z.string(), registrationNumber: z.string() })),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** GET /api/alerts/telegram: whether the operator runs a bot, and whether this user's chat is linked. */
export const TelegramStatusSchema = z.object({
  available: z.boolean(),
  linked: z.boolean(),
  botUsername: z.nullable(z.string()),
  /**
   * The linked chat: how its owner is called in Telegram (@username or their name, when known) and when it
   * was linked; null when no chat is linked.
   */
  chat: z.nullable(z.object({ name: z.nullable(z.string()), linkedAt: z.string() })),
});
export const telegramStatusEndpoint = {
  method: "GET",
  path: "/api/alerts/telegram",
  response: TelegramStatusSchema,
} as const;
/** POST /api/alerts/telegram/link: a one-time deep link to the bot, to open in Telegram (15 minutes). */
export const telegramLinkEndpoint = {
  method: "POST",
  path: "/api/alerts/telegram/link",
  response: z.object({ url: z.string(), expiresAt: z.string() }),
} as const;
/** DELETE /api/alerts/telegram: unlink the chat. */
export const telegramUnlinkEndpoint = {
  method: "DELETE",
  path: "/api/alerts/telegram",
  response: z.undefined(),
} as const;

/**
 * POST /alerts/unsubscribe?token=: stop alert e-mails without signing in. The link every alert e-mail
 * carries (and its List-Unsubscribe header) opens the page at this path; the page's button, or a mail
 * provider's RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`), posts to it.
 */
export const emailUnsubscribeEndpoint = {
  method: "POST",
  path: "/alerts/unsubscribe",
  querystring: z.object({ token: z.string().check(z.maxLength(100)) }),
  response: z.undefined(),
} as const;

export const ALERT_MESSAGES = {
  preferencesSaved: "Alert preferences saved.",
  pushSubscribed: "This browser will receive alerts.",
  pushUnsubscribed: "This browser will no longer receive alerts.",
  pushServiceNotAllowed:
    "This browser's push service is not one this site sends to. Try Chrome, Firefox, Edge or Safari.",
  pushEndpointInvalid: "The push subscription is not valid.",
  pushKeysInvalid: "The push subscription's keys are not valid.",
  tooManyDevices: "Alerts are on for too many browsers. Turn them off on one you no longer use.",
  telegramUnavailable: "Telegram alerts are not set up on this site.",
  telegramUnreachable: "Telegram cannot be reached right now. Please try again in a minute.",
  telegramLinkReady: "Open the link in Telegram and press Start within 15 minutes.",
  telegramUnlinked: "Telegram alerts are off and the chat is unlinked.",
  tooManyPushSubscriptions:
    "Alerts were turned on in browsers too often in the last hour. Please try again later.",
  tooManyTelegramLinks:
    "Too many Telegram links were asked for in the last hour. Please try again later.",
  emailUnsubscribed:
    "Alert e-mails are off. Alerts on your browsers and Telegram stay as they were; you can choose e-mails again in Settings → Alerts.",
  unsubscribeLinkInvalid:
    "This link is not valid. Open it again from the e-mail, or sign in and change your choices in Settings → Alerts.",
} as const;
