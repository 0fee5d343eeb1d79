/**
 * The operator's console: `/api/admin/*`, for the admin role only (401 without a session, 403 for
 * any other role). Every change is written to the audit log with the admin who made it.
 */
import * as z from "zod/mini";
import { AccessKeySchema, DayKeySchema } from "../names";
import { RiskDisclosureStatusSchema, SubscriptionsSchema } from "./access";
import { ROLES } from "./session";

export const ADMIN_PAGE_SIZE = 20;
/** The longest single grant or extension, in days. */
export const MAX_GRANT_DAYS = 366;

export const CONTRIBUTION_METHODS = [
  "upi",
  "bank-transfer",
  "cash",
  "complimentary",
  "other",
] as const;
export const ContributionMethodSchema = z.enum(CONTRIBUTION_METHODS);
export type ContributionMethod = z.infer<typeof ContributionMethodSchema>;

/** How the signed risk disclosure agreement reached the operator. */
export const RDA_RECEIPT_CHANNELS = ["messaging-app", "post", "in-person", "email"] as const;
export const RdaReceiptChannelSchema = z.enum(RDA_RECEIPT_CHANNELS);
export type RdaReceiptChannel = z.infer<typeof RdaReceiptChannelSchema>;

/** One row of the users list. */
export const AdminUserSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: z.enum(ROLES),
  verified: z.boolean(),
  createdAt: z.string(),
  subscriptions: SubscriptionsSchema,
  riskDisclosure: RiskDisclosureStatusSchema,
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

/** GET /api/admin/users?q=&page=: q matches username, name, e-mail or mobile (case-insensitive). */
export const AdminUsersQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
});
export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;
export const adminUsersEndpoint = {
  method: "GET",
  path: "/api/admin/users",
  response: AdminUsersPageSchema,
} as const;

export const ContributionSchema = z.object({
  id: z.string(),
  instruments: z.array(AccessKeySchema),
  amountRupees: z.number(),
  /** The day the contribution was received (Asia/Kolkata). */
  receivedOn: z.string(),
  method: ContributionMethodSchema,
  reference: z.string(),
  note: z.string(),
  /** Username of the admin who recorded it. */
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type Contribution = z.infer<typeof ContributionSchema>;

/** A refund of access ended early under a research-analyst profile (append-only, like contributions). */
export const RefundSchema = z.object({
  id: z.string(),
  instrument: AccessKeySchema,
  /** What is owed back: paidRupees × daysLeft ÷ periodDays, rounded to the rupee. */
  amountRupees: z.number(),
  /** What the contributions for the period paid for this instrument (a contribution for several is split evenly). */
  paidRupees: z.number(),
  /** Whole days of the period after the day access was ended. */
  daysLeft: z.number(),
  /** Days in the period, its first and last included. */
  periodDays: z.number(),
  /** The period's first day and the last day it had before it was ended (Asia/Kolkata). */
  periodStart: z.string(),
  previousLastDay: z.string(),
  /** The day access was ended (its new last day). */
  endedOn: z.string(),
  reason: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/users/:id */
export const AdminUserDetailSchema = z.object({
  user: AdminUserSummarySchema,
  /** Start of the current access period per instrument, when there is one. */
  startedAt: z.object({
    Nifty: z.nullable(z.string()),
    BankNifty: z.nullable(z.string()),
    CrudeOil: z.nullable(z.string()),
  }),
  contributions: z.array(ContributionSchema),
  /** Refunds of access ended early, newest first. */
  refunds: z.array(RefundSchema),
  activeSessions: z.number(),
  /** The Telegram chat the user linked for alerts, or null. */
  telegram: z.nullable(
    z.object({
      /** How the chat's owner is called in Telegram (@username or their name), when known. */
      chat: z.nullable(z.string()),
      linkedAt: z.string(),
    }),
  ),
  /** The latest audit entries about this user, newest first. */
  audit: z.array(AuditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export const adminUserEndpoint = {
  method: "GET",
  path: "/api/admin/users/:id",
  response: AdminUserDetailSchema,
} as const;

const ReferenceSchema = z.string().check(z.trim(), z.maxLength(120));
const NoteSchema = z.string().check(z.trim(), z.maxLength(500));

/**
 * POST /api/admin/users/:id/grants: grant or extend access to one or more instruments, recording the
 * contribution. Give exactly one of `days` (added to an unexpired expiry, else counted from today) or `until`
 * (access through the end of that Asia/Kolkata day). Refused (409) until the signed risk disclosure copy is
 * recorded as received.
 */
export const GrantAccessSchema = z.object({
  instruments: z.array(AccessKeySchema).check(z.minLength(1), z.maxLength(3)),
  days: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_GRANT_DAYS))),
  until: z.optional(DayKeySchema),
  contribution: z.object({
    amountRupees: z.number().check(z.int(), z.minimum(0), z.maximum(10_000_000)),
    method: ContributionMethodSchema,
    reference: ReferenceSchema,
    receivedOn: DayKeySchema,
    note: z.optional(NoteSchema),
  }),
  /**
   * With a research-analyst profile, a contribution that takes the client's fees in the last 12 months
   * over SEBI's yearly limit is refused (409, issue on this field) until the operator sends it again with
   * this set: a warning the operator confirms, not a rule the server enforces.
   */
  confirmOverFeeLimit: z.optional(z.boolean()),
});
export type GrantAccess = z.infer<typeof GrantAccessSchema>;
export const grantAccessEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/grants",
  body: GrantAccessSchema,
  response: AdminUserDetailSchema,
} as const;

/** POST /api/admin/users/:id/deactivate and /reactivate: switch instruments off or back on (expiry kept). */
export const SetActiveSchema = z.object({
  instruments: z.array(AccessKeySchema).check(z.minLength(1), z.maxLength(3)),
  reason: z.optional(NoteSchema),
});
export type SetActive = z.infer<typeof SetActiveSchema>;
export const deactivateEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/deactivate",
  body: SetActiveSchema,
  response: AdminUserDetailSchema,
} as const;
export const reactivateEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/reactivate",
  body: SetActiveSchema,
  response: AdminUserDetailSchema,
} as const;

/**
 * POST /api/admin/users/:id/end-access: with a research-analyst profile, ends open access at the end of
 * today and records the refund of the days left (409 without a profile, for access that is not open or
 * that ends today anyway).
 */
export const EndAccessSchema = z.object({
  instruments: z.array(AccessKeySchema).check(z.minLength(1), z.maxLength(3)),
  reason: z.optional(NoteSchema),
});
export type EndAccess = z.infer<typeof EndAccessSchema>;
export const endAccessEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/end-access",
  body: EndAccessSchema,
  response: AdminUserDetailSchema,
} as const;

/** POST /api/admin/users/:id/rda-received: the physically signed agreement reached the operator. */
export const RecordRdaSchema = z.object({
  receivedOn: DayKeySchema,
  channel: RdaReceiptChannelSchema,
  note: z.optional(NoteSchema),
});
export type RecordRda = z.infer<typeof RecordRdaSchema>;
export const recordRdaEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/rda-received",
  body: RecordRdaSchema,
  response: AdminUserDetailSchema,
} as const;

/** POST /api/admin/users/:id/role: an admin cannot change their own role (409). */
export const SetRoleSchema = z.object({ role: z.enum(ROLES) });
export const setRoleEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/role",
  body: SetRoleSchema,
  response: AdminUserDetailSchema,
} as const;

/** POST /api/admin/users/:id/logout: ends every session of the user and sends force-logout to their sockets. */
export const forceLogoutUserEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/logout",
  response: AdminUserDetailSchema,
} as const;

/**
 * POST /api/admin/users/:id/telegram/unlink: unlinks the user's Telegram chat (no more alerts there) and
 * tells the chat why; 409 when none is linked.
 */
export const unlinkUserTelegramEndpoint = {
  method: "POST",
  path: "/api/admin/users/:id/telegram/unlink",
  response: AdminUserDetailSchema,
} as const;

/** GET /api/admin/audit?target=&before=: newest first, ADMIN_PAGE_SIZE * 2 at a time; `before` is an entry id. */
export const AuditQuerySchema = z.object({
  target: z.optional(z.string().check(z.maxLength(100))),
  before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
});
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next page; null at the end. */
  next: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
export const auditEndpoint = {
  method: "GET",
  path: "/api/admin/audit",
  response: AuditPageSchema,
} as const;

/** GET /api/admin/stats: the console's counts. */
export const AdminStatsSchema = z.object({
  users: z.number(),
  activeSubscribers: z.object({
    Nifty: z.number(),
    BankNifty: z.number(),
    CrudeOil: z.number(),
  }),
  /** Active subscriptions whose last day is within EXPIRY_WARNING_DAYS (5) days. */
  expiringSoon: z.number(),
  /** Users who accepted online but whose signed copy has not been recorded. */
  signedCopyPending: z.number(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
export const adminStatsEndpoint = {
  method: "GET",
  path: "/api/admin/stats",
  response: AdminStatsSchema,
} as const;
