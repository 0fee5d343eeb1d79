/**
 * The account export: what the product holds about the signed-in user, built from an allow-list of fields
 * (never a password hash, a session token or a one-time code). Access, contributions and the risk
 * disclosure acceptance have no tables yet (issue 6 and the risk-disclosure issue): they export as an empty
 * list and null until then, so the file's shape does not change when they arrive.
 */
import type { AccountExport } from "@kalpa/contracts/api/account";
import { accountExportFileName } from "@kalpa/contracts/api/account";
import { MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import type { Clock } from "../../lib/clock";
import type { RequestAuth } from "../auth/sessions";
import type { AccountRepository } from "./repository";

const dayKey = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function createAccountService(deps: { clock: Clock; accounts: AccountRepository }) {
  const { clock, accounts } = deps;
  return {
    async exportFor(auth: RequestAuth): Promise<{ fileName: string; data: AccountExport }> {
      const now = clock();
      const { user } = auth;
      const rows = await accounts.activeSessions(user.id, now);
      const data: AccountExport = {
        exportedAt: now.toISOString(),
        profile: {
          name: user.name,
          username: user.username,
          email: user.email,
          mobile: user.mobile,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          verifiedAt: user.verifiedAt?.toISOString() ?? null,
          hasProfileImage: user.imageVersion !== null,
        },
        access: [],
        contributions: [],
        riskDisclosure: null,
        sessions: rows.map((row) => ({
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          current: row.id === auth.sessionId,
        })),
      };
      return { fileName: accountExportFileName(user.username, dayKey.format(now)), data };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
