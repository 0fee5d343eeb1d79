/**
 * The account export (Settings → Export): everything the product holds about the signed-in user, as a JSON
 * file. The answer is the file itself (an attachment), not the usual envelope; failures (401) are envelopes.
 * Never a password hash, a session token or a one-time code: the schema is an allow-list.
 */
import * as z from "zod/mini";
import { ACCOUNT_MESSAGES } from "../account-messages";
import { AccessKeySchema } from "../names";
import { ContributionSchema, RdaReceiptChannelSchema, RefundSchema } from "./admin";
import { AlertPreferencesSchema } from "./alerts";
import {
  LANGUAGES,
  ROLES,
  accountLanguageEndpoint as sessionAccountLanguageEndpoint,
} from "./session";

export const ExportedSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** The session this export was requested from. */
  current: z.boolean(),
});
export type ExportedSession = z.infer<typeof ExportedSessionSchema>;

/** One instrument the user was ever granted, as it stands now. */
export const ExportedAccessSchema = z.object({
  instrument: AccessKeySchema,
  /** Open now: switched on and not past its expiry. */
  hasAccess: z.boolean(),
  /** The operator's switch. */
  isActive: z.boolean(),
  /** The start of the current (or last) access period. */
  startedAt: z.string(),
  expiry: z.nullable(z.string()),
  lastDay: z.nullable(z.string()),
});
export type ExportedAccess = z.infer<typeof ExportedAccessSchema>;

/** One recorded contribution (who recorded it is the operator's business, not the user's data). */
export const ExportedContributionSchema = z.omit(ContributionSchema, {
  id: true,
  recordedBy: true,
});
export type ExportedContribution = z.infer<typeof ExportedContributionSchema>;

/** A refund of access ended early (with a research-analyst profile), as the user's export has it. */
export const ExportedRefundSchema = z.omit(RefundSchema, { id: true, recordedBy: true });

/** The risk disclosure agreement: each version accepted online, and each signed copy received. */
export const ExportedRiskDisclosureSchema = z.object({
  currentVersion: z.number(),
  acceptances: z.array(
    z.object({
      version: z.number(),
      acceptedAt: z.string(),
      ip: z.nullable(z.string()),
      userAgent: z.nullable(z.string()),
    }),
  ),
  signedCopies: z.array(
    z.object({
      version: z.number(),
      receivedOn: z.string(),
      channel: RdaReceiptChannelSchema,
    }),
  ),
});
export type ExportedRiskDisclosure = z.infer<typeof ExportedRiskDisclosureSchema>;

export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    name: z.string(),
    username: z.string(),
    email: z.string(),
    mobile: z.string(),
    role: z.enum(ROLES),
    createdAt: z.string(),
    verifiedAt: z.nullable(z.string()),
    hasProfileImage: z.boolean(),
    /** The language of the account's e-mails, alerts and messages. */
    language: z.enum(LANGUAGES),
  }),
  /** Per-instrument access, one entry per instrument ever granted (Nifty, BankNifty, CrudeOil order). */
  access: z.array(ExportedAccessSchema),
  /** Recorded contributions, oldest first. */
  contributions: z.array(ExportedContributionSchema),
  /** Refunds of access ended early, oldest first (only ever under a research-analyst profile). */
  refunds: z.array(ExportedRefundSchema),
  riskDisclosure: ExportedRiskDisclosureSchema,
  /** The user's acceptances of the Most Important Terms and Conditions (with a research-analyst profile). */
  termsSummaryAcceptances: z.array(
    z.object({
      version: z.number(),
      acceptedAt: z.string(),
      ip: z.nullable(z.string()),
      userAgent: z.nullable(z.string()),
    }),
  ),
  /** Active sessions only (ended ones are not the user's devices any more). */
  sessions: z.array(ExportedSessionSchema),
  /** Alerts: the choices, the browsers subscribed and the linked Telegram chat. */
  alerts: z.object({
    preferences: AlertPreferencesSchema,
    browsers: z.array(z.object({ userAgent: z.nullable(z.string()), since: z.string() })),
    telegram: z.nullable(z.object({ linkedAt: z.nullable(z.string()) })),
  }),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** GET /api/account/refunds: the signed-in user's refunds of access ended early, newest first. */
export const AccountRefundsSchema = z.object({ refunds: z.array(ExportedRefundSchema) });
export type AccountRefunds = z.infer<typeof AccountRefundsSchema>;
export const accountRefundsEndpoint = {
  method: "GET",
  path: "/api/account/refunds",
  response: AccountRefundsSchema,
} as const;

export const accountExportEndpoint = {
  method: "GET",
  path: "/api/account/export",
  response: AccountExportSchema,
} as const;

/**
 * PUT /api/account/language: the signed-in user's language (e-mails, alerts and the server's messages follow
 * it). Answers 204 with no body; anything but "en", "te" or "hi" is a 400 that changes nothing.
 */
export const AccountLanguageBodySchema = z.object(
  { language: z.enum(LANGUAGES, { error: ACCOUNT_MESSAGES.languageUnsupported }) },
  { error: ACCOUNT_MESSAGES.languageUnsupported },
);
/** The session contract's endpoint (the switcher on every first page needs it) with the server's messages. */
export const accountLanguageEndpoint = {
  ...sessionAccountLanguageEndpoint,
  body: AccountLanguageBodySchema,
} as const;

/** The attachment's file name: kalpa-account-<username>-<YYYY-MM-DD>.json. */
export function accountExportFileName(username: string, date: string): string {
  return `kalpa-account-${username}-${date}.json`;
}
