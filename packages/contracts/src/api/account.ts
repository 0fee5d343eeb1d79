/**
 * The account export (Settings → Export): everything the product holds about the signed-in user, as a JSON
 * file. The answer is the file itself (an attachment), not the usual envelope; failures (401) are envelopes.
 * Never a password hash, a session token or a one-time code: the schema is an allow-list.
 */
import * as z from "zod/mini";
import { ROLES } from "./session";

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
  }),
  /** Per-instrument access. Subscriptions arrive with issue 6: an empty list until then. */
  access: z.array(z.unknown()),
  /** Recorded contributions. Arrive with issue 6: an empty list until then. */
  contributions: z.array(z.unknown()),
  /** The risk disclosure acceptance. Arrives with its issue: null until then. */
  riskDisclosure: z.null(),
  /** Active sessions only (ended ones are not the user's devices any more). */
  sessions: z.array(ExportedSessionSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const accountExportEndpoint = {
  method: "GET",
  path: "/api/account/export",
  response: AccountExportSchema,
} as const;

/** The attachment's file name: kalpa-account-<username>-<YYYY-MM-DD>.json. */
export function accountExportFileName(username: string, date: string): string {
  return `kalpa-account-${username}-${date}.json`;
}
