/**
 * Every change to who may see what: the operator's grants (with the contribution they record), switching
 * instruments off and on, the signed risk disclosure copy, and the user's own online acceptance. Each runs in
 * one transaction with its audit entries, holding the user's row so changes to one user happen one at a time;
 * once committed, the notifier moves the user's sockets between instrument rooms and tells them.
 */
import { RISK_DISCLOSURE_VERSION, type RiskDisclosureStatus } from "@kalpa/contracts/api/access";
import type { ContributionMethod, RdaReceiptChannel } from "@kalpa/contracts/api/admin";
import {
  TERMS_SUMMARY_VERSION,
  type TermsSummaryStatus,
} from "@kalpa/contracts/api/research-analyst";
import { formatDayKey } from "@kalpa/contracts/day-format";
import {
  ADMIN_MESSAGES,
  RA_FEE_MESSAGES,
  RESEARCH_ANALYST_MESSAGES,
  RISK_DISCLOSURE_MESSAGES,
  SERVER_MESSAGES,
} from "@kalpa/contracts/messages";
import type { AccessKey, DayKey } from "@kalpa/contracts/names";
import {
  addCalendarMonths,
  latestPaidLastDay,
  proRataRefund,
  raFeeRuleOn,
} from "@kalpa/contracts/ra-fees";
import type { TokenRefreshedPayload } from "@kalpa/contracts/socket-events";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays, daysBetween } from "@kalpa/market/time/day-math";
import type { AppDb, DbExecutor } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { AppError, fieldError } from "../../lib/errors";
import type { AuditRepository } from "../audit/repository";
import type { UserRepository } from "../auth/user-repository";
import type { ContributionRepository } from "./contribution-repository";
import type { RdaRepository } from "./rda-repository";
import type { RefundRepository } from "./refund-repository";
import { expiryAfter, type GrantPeriod, grantedLastDay, isOpen, lastDayOf } from "./rules";
import type { AccessReader } from "./service";
import type { SubscriptionRepository } from "./subscription-repository";
import type { TermsRepository } from "./terms-repository";

/** Who made a change: an admin (by username) or the command line. */
export interface Actor {
  name: string;
  userId: number | null;
  ip: string | null;
}

export const CLI_ACTOR: Actor = { name: "cli", userId: null, ip: null };

/** Told after a change is committed; never throws. */
export interface AccessNotifier {
  accessChanged(userId: number, reason: TokenRefreshedPayload["reason"]): Promise<void>;
}

export interface GrantInput {
  instruments: AccessKey[];
  days?: number | undefined;
  until?: DayKey | undefined;
  contribution: {
    amountRupees: number;
    method: ContributionMethod;
    reference: string;
    receivedOn: DayKey;
    note?: string | undefined;
  };
  /** Record a contribution over SEBI's yearly fee limit anyway (with a research-analyst profile). */
  confirmOverFeeLimit?: boolean | undefined;
}

export interface GrantOutcome {
  contributionId: number;
  instruments: Array<{ instrument: AccessKey; lastDay: DayKey; expiry: Date; extended: boolean }>;
}

export interface AccessChangeDeps {
  db: AppDb;
  clock: Clock;
  users: UserRepository;
  subscriptions: SubscriptionRepository;
  rda: RdaRepository;
  terms: TermsRepository;
  contributions: ContributionRepository;
  refunds: RefundRepository;
  audit: AuditRepository;
  reader: AccessReader;
  notifier: AccessNotifier;
  /**
   * Whether SEBI's research-analyst fee rules apply (the operator has a profile): advance fees, the
   * yearly limit, refunds of access ended early. None: never.
   */
  feesUnderRules?: (() => Promise<boolean>) | undefined;
}

const rupees = (amount: number) => `₹${amount.toLocaleString("en-IN")}`;

/** The period a grant names: exactly one of days and until, until today or later. */
function periodOf(input: GrantInput, now: Date): GrantPeriod {
  if ((input.days === undefined) === (input.until === undefined)) {
    throw fieldError("days", ADMIN_MESSAGES.daysOrUntil);
  }
  if (input.until !== undefined) {
    if (input.until < dayKeyOf(now)) throw fieldError("until", ADMIN_MESSAGES.untilInPast);
    return { until: input.until };
  }
  return { days: input.days as number };
}

export function createAccessChanges(deps: AccessChangeDeps) {
  const { db, clock, users, subscriptions, rda, terms, contributions, refunds, audit, notifier } =
    deps;
  const feesUnderRules = async () => (deps.feesUnderRules ? deps.feesUnderRules() : false);

  /** The user's row, locked for the transaction; 404 when there is none. */
  async function lockUser(userId: number, tx: DbExecutor) {
    const user = await users.lockById(userId, tx);
    if (!user) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    return user;
  }

  const auditEntry = (actor: Actor, userId: number, action: string, details: object) => ({
    actor: actor.name,
    action,
    target: `user:${userId}`,
    details: details as Record<string, unknown>,
    ip: actor.ip,
  });

  /**
   * Records a user's acceptance of a document's version (the risk disclosure, the terms summary) with its
   * audit entry, once: accepting the version already accepted changes nothing. A new one moves the user's
   * sockets to the rooms they may now join.
   */
  async function recordAcceptance(
    user: { id: number; username: string },
    input: { ip: string | null; userAgent: string | undefined },
    version: number,
    accept: (
      row: {
        userId: number;
        version: number;
        acceptedAt: Date;
        ip: string | null;
        userAgent: string | null;
      },
      executor: DbExecutor,
    ) => Promise<boolean>,
    action: "rda.accepted" | "terms_summary.accepted",
  ): Promise<void> {
    const row = {
      userId: user.id,
      version,
      acceptedAt: clock(),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    };
    const added = await db.transaction(async (tx) => {
      const isNew = await accept(row, tx);
      if (isNew) {
        await audit.append(
          auditEntry({ name: user.username, userId: user.id, ip: input.ip }, user.id, action, {
            version,
          }),
          tx,
        );
      }
      return isNew;
    });
    if (added) await notifier.accessChanged(user.id, "access-changed");
  }

  return {
    /**
     * Grants or extends access to instruments and records the contribution. Refused until the signed
     * risk disclosure copy of the current version is recorded (409).
     */
    async grant(actor: Actor, userId: number, input: GrantInput): Promise<GrantOutcome> {
      const now = clock();
      const today = dayKeyOf(now);
      const period = periodOf(input, now);
      const instruments = [...new Set(input.instruments)];
      const underRules = await feesUnderRules();
      const rule = raFeeRuleOn(today);
      const outcome = await db.transaction(async (tx) => {
        const user = await lockUser(userId, tx);
        if (!user.verifiedAt) throw new AppError("CONFLICT", ADMIN_MESSAGES.userNotVerified);
        const { signed } = await rda.forUsers([userId], RISK_DISCLOSURE_VERSION, tx);
        if (!signed.has(userId)) {
          throw new AppError("CONFLICT", RISK_DISCLOSURE_MESSAGES.signedCopyPending);
        }
        const current = new Map(
          (await subscriptions.forUser(userId, tx)).map((r) => [r.instrument, r]),
        );
        if (underRules) {
          // Advance fees: whatever the grant adds, access paid today may run at most rule.advanceMonths
          // calendar months from the start of today.
          const latest = latestPaidLastDay(today, rule.advanceMonths);
          for (const instrument of instruments) {
            const { lastDay } = grantedLastDay(current.get(instrument), period, now);
            if (lastDay > latest) {
              throw fieldError(
                "until" in period ? "until" : "days",
                RA_FEE_MESSAGES.tooFarInAdvance(rule.advanceMonths, formatDayKey(latest)),
              );
            }
          }
          // The yearly limit: fees received in the 12 months ending with this one's day, less refunds.
          const day = input.contribution.receivedOn;
          const from = addDays(addCalendarMonths(day, -12), 1);
          const received = await contributions.totalReceivedBetween(userId, from, day, tx);
          const refunded = await refunds.totalEndedBetween(userId, from, day, tx);
          const total = received - refunded + input.contribution.amountRupees;
          if (total > rule.annualCapRupees && !input.confirmOverFeeLimit) {
            const message = RA_FEE_MESSAGES.overAnnualCap(
              rupees(total),
              rupees(rule.annualCapRupees),
            );
            throw new AppError("CONFLICT", message, [{ path: "confirmOverFeeLimit", message }]);
          }
        }
        const contributionId = await contributions.append(
          {
            userId,
            instruments,
            amountRupees: input.contribution.amountRupees,
            receivedOn: input.contribution.receivedOn,
            method: input.contribution.method,
            reference: input.contribution.reference,
            note: input.contribution.note ?? "",
            recordedBy: actor.userId,
            recordedAt: now,
          },
          tx,
        );
        const granted: GrantOutcome["instruments"] = [];
        for (const instrument of instruments) {
          const before = current.get(instrument);
          const { lastDay, extends: extended } = grantedLastDay(before, period, now);
          const expiry = expiryAfter(lastDay);
          const startedAt = extended && before ? before.startedAt : now;
          await subscriptions.upsertGrant(
            { userId, instrument, startedAt, expiresAt: expiry, now },
            tx,
          );
          await audit.append(
            auditEntry(actor, userId, extended ? "access.extended" : "access.granted", {
              instrument,
              ...period,
              lastDay,
              expiry: expiry.toISOString(),
              previousExpiry: before?.expiresAt?.toISOString() ?? null,
              wasOpen: isOpen(before, now),
              contributionId,
              ...(underRules && input.confirmOverFeeLimit ? { overFeeLimitConfirmed: true } : {}),
            }),
            tx,
          );
          granted.push({ instrument, lastDay, expiry, extended });
        }
        return { contributionId, instruments: granted };
      });
      await notifier.accessChanged(userId, "access-changed");
      return outcome;
    },

    /**
     * With a research-analyst profile: ends open access at the end of today (the day is the client's) and
     * records, per instrument, the refund of what was paid for the period pro rata by the whole days left
     * after today (docs/decisions/033). 409 without a profile, for access that is not open, or that ends
     * today anyway; nothing changes then.
     */
    async endEarly(
      actor: Actor,
      userId: number,
      input: { instruments: AccessKey[]; reason?: string | undefined },
    ): Promise<number[]> {
      if (!(await feesUnderRules())) {
        throw new AppError("CONFLICT", RA_FEE_MESSAGES.refundsNeedProfile);
      }
      const now = clock();
      const today = dayKeyOf(now);
      const instruments = [...new Set(input.instruments)];
      const ids = await db.transaction(async (tx) => {
        await lockUser(userId, tx);
        const current = new Map(
          (await subscriptions.forUser(userId, tx)).map((r) => [r.instrument, r]),
        );
        const ending = instruments.map((instrument) => {
          const state = current.get(instrument);
          if (!state || !isOpen(state, now) || state.expiresAt === null) {
            throw new AppError("CONFLICT", RA_FEE_MESSAGES.notOpen(instrument));
          }
          const previousLastDay = lastDayOf(state.expiresAt);
          const daysLeft = daysBetween(today, previousLastDay);
          if (daysLeft <= 0) throw new AppError("CONFLICT", RA_FEE_MESSAGES.endsToday(instrument));
          return { instrument, state, previousLastDay, daysLeft };
        });
        const added: number[] = [];
        for (const { instrument, state, previousLastDay, daysLeft } of ending) {
          const periodStart = dayKeyOf(state.startedAt);
          const periodDays = daysBetween(periodStart, previousLastDay) + 1;
          const paid = await contributions.paidForPeriod(userId, instrument, state.startedAt, tx);
          const row = {
            userId,
            instrument,
            amountRupees: proRataRefund(paid, daysLeft, periodDays),
            paidRupees: Math.round(paid),
            daysLeft,
            periodDays,
            periodStart,
            previousLastDay,
            endedOn: today,
            reason: input.reason ?? "",
            recordedBy: actor.userId,
            recordedAt: now,
          };
          const refundId = await refunds.append(row, tx);
          const expiry = expiryAfter(today);
          await subscriptions.upsertGrant(
            { userId, instrument, startedAt: state.startedAt, expiresAt: expiry, now },
            tx,
          );
          await audit.append(
            auditEntry(actor, userId, "access.ended_early", {
              instrument,
              refundId,
              refundRupees: row.amountRupees,
              paidRupees: row.paidRupees,
              daysLeft,
              periodDays,
              previousLastDay,
              lastDay: today,
              expiry: expiry.toISOString(),
              previousExpiry: state.expiresAt?.toISOString() ?? null,
              reason: row.reason,
            }),
            tx,
          );
          added.push(refundId);
        }
        return added;
      });
      await notifier.accessChanged(userId, "access-changed");
      return ids;
    },

    /**
     * Switches instruments off (deactivate) or back on (reactivate), keeping their periods. An instrument
     * never granted is refused (409); one already in that state is left as it is.
     */
    async setActive(
      actor: Actor,
      userId: number,
      input: { instruments: AccessKey[]; active: boolean; reason?: string | undefined },
    ): Promise<AccessKey[]> {
      const now = clock();
      const instruments = [...new Set(input.instruments)];
      const changed = await db.transaction(async (tx) => {
        await lockUser(userId, tx);
        const existing = new Set(
          (await subscriptions.forUser(userId, tx)).map((r) => r.instrument),
        );
        const missing = instruments.find((instrument) => !existing.has(instrument));
        if (missing) throw new AppError("CONFLICT", ADMIN_MESSAGES.neverGranted(missing));
        const switched = await subscriptions.setActive(userId, instruments, input.active, now, tx);
        for (const instrument of switched) {
          await audit.append(
            auditEntry(actor, userId, input.active ? "access.reactivated" : "access.deactivated", {
              instrument,
              reason: input.reason ?? "",
            }),
            tx,
          );
        }
        return switched;
      });
      if (changed.length > 0) await notifier.accessChanged(userId, "access-changed");
      return changed;
    },

    /** Records that the signed agreement (current version) reached the operator. */
    async recordSignedCopy(
      actor: Actor,
      userId: number,
      input: { receivedOn: DayKey; channel: RdaReceiptChannel; note?: string | undefined },
    ): Promise<void> {
      const now = clock();
      await db.transaction(async (tx) => {
        const user = await lockUser(userId, tx);
        if (!user.verifiedAt) throw new AppError("CONFLICT", ADMIN_MESSAGES.userNotVerified);
        const details = {
          version: RISK_DISCLOSURE_VERSION,
          receivedOn: input.receivedOn,
          channel: input.channel,
          note: input.note ?? "",
        };
        await rda.recordSignedCopy(
          { userId, ...details, recordedBy: actor.userId, recordedAt: now },
          tx,
        );
        await audit.append(auditEntry(actor, userId, "rda.signed_copy_recorded", details), tx);
      });
      // No room changes (access needs a grant), but the user's contribution page shows the receipt.
      await notifier.accessChanged(userId, "access-changed");
    },

    /**
     * The user's own acceptance of the risk disclosure agreement they read (`version`). Accepting the
     * version already accepted changes nothing; an older version is refused (409).
     */
    async acceptRiskDisclosure(
      user: { id: number; username: string },
      input: { version: number; ip: string | null; userAgent: string | undefined },
    ): Promise<RiskDisclosureStatus> {
      if (input.version < RISK_DISCLOSURE_VERSION) {
        throw new AppError("CONFLICT", RISK_DISCLOSURE_MESSAGES.outdatedVersion);
      }
      if (input.version !== RISK_DISCLOSURE_VERSION) {
        throw fieldError("version", SERVER_MESSAGES.invalidRequest);
      }
      await recordAcceptance(user, input, RISK_DISCLOSURE_VERSION, rda.accept, "rda.accepted");
      return deps.reader.riskDisclosure(user.id);
    },

    /**
     * The user's own acceptance of the Most Important Terms and Conditions they read (`version`), while the
     * operator's research-analyst profile asks for them (409 otherwise). Accepting the version already
     * accepted changes nothing; an older version is refused (409).
     */
    async acceptTermsSummary(
      user: { id: number; username: string },
      input: { version: number; ip: string | null; userAgent: string | undefined },
    ): Promise<TermsSummaryStatus> {
      if (!(await deps.reader.termsSummary(user.id)).required) {
        throw new AppError("CONFLICT", RESEARCH_ANALYST_MESSAGES.termsNotInForce);
      }
      if (input.version < TERMS_SUMMARY_VERSION) {
        throw new AppError("CONFLICT", RESEARCH_ANALYST_MESSAGES.termsOutdated);
      }
      if (input.version !== TERMS_SUMMARY_VERSION) {
        throw fieldError("version", SERVER_MESSAGES.invalidRequest);
      }
      await recordAcceptance(
        user,
        input,
        TERMS_SUMMARY_VERSION,
        terms.accept,
        "terms_summary.accepted",
      );
      return deps.reader.termsSummary(user.id);
    },
  };
}

export type AccessChanges = ReturnType<typeof createAccessChanges>;
