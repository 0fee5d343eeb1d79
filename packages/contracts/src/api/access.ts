/**
 * Who may see what: the subscription status every signed-in page reads, the per-instrument access
 * check of the access guard, and the user's acceptance of the risk disclosure agreement. zod/mini: the
 * dashboard's first paint reads the status (decision 006).
 *
 * Time rules, shared by server and screens:
 * - A subscription is active when `isActive` and it has no expiry or the expiry is in the future.
 * - `expiry` is the instant access ends (ISO 8601): always an Asia/Kolkata midnight, the end of the last day
 *   of access. `lastDay` is that last day (YYYY-MM-DD, Asia/Kolkata).
 * - `daysLeft` counts Asia/Kolkata days from today to the last day: 0 on the last day, negative once expired,
 *   null when there is no expiry or no subscription.
 */
import * as z from "zod/mini";
import { ACCESS_KEYS, AccessKeySchema, InstrumentSlugSchema } from "../names";
import { TermsSummaryStatusSchema } from "./research-analyst";

/** The version of the risk disclosure agreement a user must accept (bumped when its text changes). */
export const RISK_DISCLOSURE_VERSION = 1;

export const SubscriptionEntrySchema = z.object({
  /** Active now (the spec's access rule); BankNifty covers both of its models. */
  hasAccess: z.boolean(),
  /** The operator's switch: false when never granted or deactivated. */
  isActive: z.boolean(),
  expiry: z.nullable(z.string()),
  lastDay: z.nullable(z.string()),
  daysLeft: z.nullable(z.number()),
});
export type SubscriptionEntry = z.infer<typeof SubscriptionEntrySchema>;

export const SubscriptionsSchema = z.object({
  Nifty: SubscriptionEntrySchema,
  BankNifty: SubscriptionEntrySchema,
  CrudeOil: SubscriptionEntrySchema,
});
export type Subscriptions = z.infer<typeof SubscriptionsSchema>;

/** Where the user stands with the risk disclosure agreement. */
export const RiskDisclosureStatusSchema = z.object({
  /** The version in force. */
  version: z.number(),
  /** Accepted online, this version. Required before dashboards' data, forecasts or signals are served. */
  accepted: z.boolean(),
  acceptedAt: z.nullable(z.string()),
  /** The physically signed copy has reached the operator (required before access can be granted). */
  signedCopyReceived: z.boolean(),
  signedCopyReceivedOn: z.nullable(z.string()),
});
export type RiskDisclosureStatus = z.infer<typeof RiskDisclosureStatusSchema>;

export const SubscriptionStatusSchema = z.object({
  user: z.object({
    name: z.string(),
    fullName: z.string(),
    username: z.string(),
    email: z.string(),
  }),
  subscriptions: SubscriptionsSchema,
  riskDisclosure: RiskDisclosureStatusSchema,
  /** The Most Important Terms and Conditions (required only with the operator's research-analyst profile). */
  termsSummary: TermsSummaryStatusSchema,
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** GET /api/subscription/status: 401 without a session. */
export const subscriptionStatusEndpoint = {
  method: "GET",
  path: "/api/subscription/status",
  response: SubscriptionStatusSchema,
} as const;

/** The access guard's answer for one instrument: 200 for any signed-in user, 401 without a session. */
export const AccessCheckSchema = z.object({
  service: AccessKeySchema,
  hasAccess: z.boolean(),
  isActive: z.boolean(),
  expiry: z.nullable(z.string()),
  lastDay: z.nullable(z.string()),
  daysLeft: z.nullable(z.number()),
  /** The spec's message when there is no access (expired, not found, inactive); null with access. */
  message: z.nullable(z.string()),
});
export type AccessCheck = z.infer<typeof AccessCheckSchema>;

export const AccessCheckParamsSchema = z.object({ service: InstrumentSlugSchema });

/** GET /api/subscriptions/{nifty|banknifty|crudeoil}; any other service is a 404. */
export const accessCheckEndpoint = {
  method: "GET",
  path: "/api/subscriptions/:service",
  response: AccessCheckSchema,
} as const;

/** GET /api/risk-disclosure: the signed-in user's standing. */
export const riskDisclosureStatusEndpoint = {
  method: "GET",
  path: "/api/risk-disclosure",
  response: RiskDisclosureStatusSchema,
} as const;

/** Accepting names the version the user read, so an acceptance of an older text is refused (409). */
export const AcceptRiskDisclosureSchema = z.object({ version: z.number() });
export type AcceptRiskDisclosure = z.infer<typeof AcceptRiskDisclosureSchema>;

/** POST /api/risk-disclosure/accept: records the time and IP; accepting again changes nothing. */
export const acceptRiskDisclosureEndpoint = {
  method: "POST",
  path: "/api/risk-disclosure/accept",
  body: AcceptRiskDisclosureSchema,
  response: RiskDisclosureStatusSchema,
} as const;

/** The instruments the user may open now (the spec's derived activeSubscriptions). */
export function activeSubscriptions(subscriptions: Subscriptions): (typeof ACCESS_KEYS)[number][] {
  return ACCESS_KEYS.filter((key) => subscriptions[key].hasAccess);
}
