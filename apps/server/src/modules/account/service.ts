/**
 * The account export: what the product holds about the signed-in user, built from an allow-list of fields
 * (never a password hash, a session token or a one-time code): the profile, access per instrument, the
 * contributions, the risk disclosure acceptances and signed copies, the active sessions, and the alerts'
 * choices and where they go.
 */
import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import type { AccountExport } from "@kalpa/contracts/api/account";
import { accountExportFileName } from "@kalpa/contracts/api/account";
import { ACCESS_KEYS, MARKET_TIME_ZONE } from "@kalpa/contracts/names";
import type { Clock } from "../../lib/clock";
import { type ContributionRepository, toContribution } from "../access/contribution-repository";
import type { RdaRepository } from "../access/rda-repository";
import { type RefundRepository, toRefund } from "../access/refund-repository";
import { entryOf } from "../access/rules";
import type { SubscriptionRepository } from "../access/subscription-repository";
import type { TermsRepository } from "../access/terms-repository";
import type { AlertRepository } from "../alerts/repository";
import type { RequestAuth } from "../auth/sessions";
import type { AccountRepository } from "./repository";

const dayKey = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function createAccountService(deps: {
  clock: Clock;
  accounts: AccountRepository;
  subscriptions: SubscriptionRepository;
  contributions: ContributionRepository;
  refunds: RefundRepository;
  rda: RdaRepository;
  terms: Pick<TermsRepository, "historyOf">;
  alerts: AlertRepository;
}) {
  const { clock, accounts, subscriptions, contributions, refunds, rda, terms, alerts } = deps;

  async function accessOf(userId: number, now: Date): Promise<AccountExport["access"]> {
    const rows = await subscriptions.forUser(userId);
    return ACCESS_KEYS.flatMap((key) => {
      const row = rows.find((candidate) => candidate.instrument === key);
      if (!row) return [];
      const { hasAccess, isActive, expiry, lastDay } = entryOf(row, now);
      return [
        {
          instrument: key,
          hasAccess,
          isActive,
          startedAt: row.startedAt.toISOString(),
          expiry,
          lastDay,
        },
      ];
    });
  }

  async function riskDisclosureOf(userId: number): Promise<AccountExport["riskDisclosure"]> {
    const { acceptances, copies } = await rda.historyOf(userId);
    return {
      currentVersion: RISK_DISCLOSURE_VERSION,
      acceptances: acceptances.map((row) => ({
        version: row.version,
        acceptedAt: row.acceptedAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
      })),
      signedCopies: copies.map((row) => ({
        version: row.version,
        receivedOn: row.receivedOn,
        channel: row.channel,
      })),
    };
  }

  return {
    async exportFor(auth: RequestAuth): Promise<{ fileName: string; data: AccountExport }> {
      const now = clock();
      const { user } = auth;
      const [rows, access, ledger, refunded, riskDisclosure, termsAccepted, preferences, targets] =
        await Promise.all([
          accounts.activeSessions(user.id, now),
          accessOf(user.id, now),
          contributions.forUser(user.id, "oldest"),
          refunds.forUser(user.id),
          riskDisclosureOf(user.id),
          terms.historyOf(user.id),
          alerts.preferences(user.id),
          accounts.alertTargets(user.id),
        ]);
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
          language: user.language,
        },
        access,
        contributions: ledger.map((entry) => {
          const { id: _id, recordedBy: _recordedBy, ...contribution } = toContribution(entry);
          return contribution;
        }),
        refunds: refunded.reverse().map((row) => {
          const { id: _id, recordedBy: _recordedBy, ...refund } = toRefund(row);
          return refund;
        }),
        riskDisclosure,
        termsSummaryAcceptances: termsAccepted.map((row) => ({
          version: row.version,
          acceptedAt: row.acceptedAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
        })),
        sessions: rows.map((row) => ({
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          current: row.id === auth.sessionId,
        })),
        alerts: {
          preferences,
          browsers: targets.browsers.map((browser) => ({
            userAgent: browser.userAgent,
            since: browser.since.toISOString(),
          })),
          telegram: targets.telegram && {
            linkedAt: targets.telegram.linkedAt?.toISOString() ?? null,
          },
        },
      };
      return { fileName: accountExportFileName(user.username, dayKey.format(now)), data };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
