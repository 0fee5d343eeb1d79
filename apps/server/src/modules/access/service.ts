/**
 * What a user may see now: the subscription status, the access guard's check, the risk disclosure
 * standing, and the instrument rooms their sockets belong in. Reads only; changes are in ./changes.
 */
import {
  type AccessCheck,
  RISK_DISCLOSURE_VERSION,
  type RiskDisclosureStatus,
  type SubscriptionStatus,
  type Subscriptions,
} from "@kalpa/contracts/api/access";
import {
  TERMS_SUMMARY_VERSION,
  type TermsSummaryStatus,
} from "@kalpa/contracts/api/research-analyst";
import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { Clock } from "../../lib/clock";
import { createTtlCache } from "../../lib/ttl-cache";
import { READ_CACHE_MAX_ENTRIES } from "../auth/policy";
import type { UserRecord } from "../auth/user-repository";
import type { RdaAcceptanceRecord, RdaRepository, RdaSignedCopyRecord } from "./rda-repository";
import { accessCheckOf, entryOf, isOpen, type SubscriptionState } from "./rules";
import type { SubscriptionRepository } from "./subscription-repository";
import type { TermsAcceptanceRecord, TermsRepository } from "./terms-repository";

/** One user's access as of one moment. */
export interface UserAccess {
  states: Map<AccessKey, SubscriptionState>;
  subscriptions: Subscriptions;
  riskDisclosure: RiskDisclosureStatus;
  /** The Most Important Terms and Conditions: required while the operator has a research-analyst profile. */
  termsSummary: TermsSummaryStatus;
}

/**
 * Whether the user may see model output as far as agreements go: the risk disclosure accepted, and the
 * Most Important Terms and Conditions too while they are required.
 */
export function agreementsAccepted(access: Pick<UserAccess, "riskDisclosure" | "termsSummary">) {
  return access.riskDisclosure.accepted && termsSummaryAccepted(access.termsSummary);
}

/** The terms are no obstacle: not required, or accepted. */
export function termsSummaryAccepted(terms: Pick<TermsSummaryStatus, "required" | "accepted">) {
  return !terms.required || terms.accepted;
}

export function termsSummaryStatusOf(
  required: boolean,
  accepted: Pick<TermsAcceptanceRecord, "acceptedAt"> | undefined,
): TermsSummaryStatus {
  return {
    required,
    version: TERMS_SUMMARY_VERSION,
    accepted: accepted !== undefined,
    acceptedAt: accepted?.acceptedAt.toISOString() ?? null,
  };
}

export function riskDisclosureStatusOf(
  accepted: Pick<RdaAcceptanceRecord, "acceptedAt"> | undefined,
  signed: Pick<RdaSignedCopyRecord, "receivedOn"> | undefined,
): RiskDisclosureStatus {
  return {
    version: RISK_DISCLOSURE_VERSION,
    accepted: accepted !== undefined,
    acceptedAt: accepted?.acceptedAt.toISOString() ?? null,
    signedCopyReceived: signed !== undefined,
    signedCopyReceivedOn: signed?.receivedOn ?? null,
  };
}

export function createAccessReader(deps: {
  clock: Clock;
  subscriptions: SubscriptionRepository;
  rda: RdaRepository;
  terms: TermsRepository;
  /** Whether the operator has a research-analyst profile (its terms are then required); none: never. */
  termsRequired?: () => Promise<boolean>;
  /**
   * Keep each user's access this long for the requests that follow (decision 021): the routes' and the
   * guard's reader does; the one that changes access and places sockets reads afresh (none given).
   */
  cacheTtlMs?: number;
}) {
  const { clock, subscriptions, rda, terms } = deps;
  const termsRequired = deps.termsRequired ?? (async () => false);
  const cache = createTtlCache<number, UserAccess>({
    ttlMs: deps.cacheTtlMs ?? 0,
    maxEntries: READ_CACHE_MAX_ENTRIES,
  });

  /** The access of several users at once (four queries whatever their number). */
  async function accessOf(userIds: readonly number[], now = clock()) {
    const [rows, disclosure, required, termsAccepted] = await Promise.all([
      subscriptions.forUsers(userIds),
      rda.forUsers(userIds, RISK_DISCLOSURE_VERSION),
      termsRequired(),
      terms.forUsers(userIds, TERMS_SUMMARY_VERSION),
    ]);
    const statesOf = new Map<number, Map<AccessKey, SubscriptionState>>();
    for (const row of rows) {
      const states = statesOf.get(row.userId) ?? new Map<AccessKey, SubscriptionState>();
      states.set(row.instrument, row);
      statesOf.set(row.userId, states);
    }
    const result = new Map<number, UserAccess>();
    for (const userId of userIds) {
      const states = statesOf.get(userId) ?? new Map<AccessKey, SubscriptionState>();
      const entries = ACCESS_KEYS.map((key) => [key, entryOf(states.get(key), now)] as const);
      result.set(userId, {
        states,
        subscriptions: Object.fromEntries(entries) as Subscriptions,
        riskDisclosure: riskDisclosureStatusOf(
          disclosure.accepted.get(userId),
          disclosure.signed.get(userId),
        ),
        termsSummary: termsSummaryStatusOf(required, termsAccepted.get(userId)),
      });
    }
    return result;
  }

  async function readOne(userId: number, now: Date): Promise<UserAccess> {
    const found = (await accessOf([userId], now)).get(userId);
    if (!found) throw new Error(`no access computed for user ${userId}`);
    return found;
  }

  // Answers made from a kept access, kept with it (they go when it goes).
  const statuses = new WeakMap<UserAccess, { user: UserRecord; status: SubscriptionStatus }>();
  const checks = new WeakMap<
    UserAccess,
    Map<AccessKey, { open: boolean; day: string; check: AccessCheck }>
  >();

  /** One user's access; a kept one is at most the cache's TTL old (an expiry is seen that late at most). */
  async function accessOfOne(userId: number, now = clock()): Promise<UserAccess> {
    return cache.get(userId, () => readOne(userId, now));
  }

  return {
    accessOf,
    accessOfOne,

    /** Forgets a user's kept access (it changed in this process). */
    forget(userId: number): void {
      cache.forget(userId);
    },

    /** Forgets everyone's kept access (the research-analyst profile, which every user's terms follow, changed). */
    forgetAll(): void {
      cache.forgetWhere(() => true);
    },

    /**
     * GET /api/subscription/status's answer: the same object for the same kept access and user record, so
     * it is written once while both are kept (decision 022).
     */
    async status(user: UserRecord): Promise<SubscriptionStatus> {
      const access = await accessOfOne(user.id);
      const kept = statuses.get(access);
      if (kept?.user === user) return kept.status;
      const status: SubscriptionStatus = {
        user: { name: user.name, fullName: user.name, username: user.username, email: user.email },
        subscriptions: access.subscriptions,
        riskDisclosure: access.riskDisclosure,
        termsSummary: access.termsSummary,
      };
      statuses.set(access, { user, status });
      return status;
    },

    async riskDisclosure(userId: number): Promise<RiskDisclosureStatus> {
      return (await accessOfOne(userId)).riskDisclosure;
    },

    async termsSummary(userId: number): Promise<TermsSummaryStatus> {
      return (await accessOfOne(userId)).termsSummary;
    },

    /**
     * The access guard's answer for one instrument, whether the risk disclosure is accepted, and whether
     * the Most Important Terms and Conditions are (or need not be).
     */
    async check(
      userId: number,
      key: AccessKey,
    ): Promise<{
      check: AccessCheck;
      riskDisclosureAccepted: boolean;
      termsSummaryAccepted: boolean;
    }> {
      const now = clock();
      const access = await accessOfOne(userId, now);
      const state = access.states.get(key);
      // The answer changes when access opens or closes, and with the day (days left): until then the
      // same object is answered, and written once (decision 022).
      const open = isOpen(state, now);
      const day = dayKeyOf(now);
      let kept = checks.get(access);
      if (!kept) {
        kept = new Map();
        checks.set(access, kept);
      }
      const known = kept.get(key);
      const agreements = {
        riskDisclosureAccepted: access.riskDisclosure.accepted,
        termsSummaryAccepted: termsSummaryAccepted(access.termsSummary),
      };
      if (known?.open === open && known.day === day) return { check: known.check, ...agreements };
      const check = accessCheckOf(key, state, now);
      kept.set(key, { open, day, check });
      return { check, ...agreements };
    },

    /**
     * The instruments whose rooms each user's sockets belong in: open access, the current risk
     * disclosure accepted and, while required, the Most Important Terms and Conditions.
     */
    async roomKeys(userIds: readonly number[]): Promise<Map<number, AccessKey[]>> {
      const now = clock();
      const access = await accessOf(userIds, now);
      const keys = new Map<number, AccessKey[]>();
      for (const [userId, user] of access) {
        keys.set(
          userId,
          agreementsAccepted(user)
            ? ACCESS_KEYS.filter((key) => isOpen(user.states.get(key), now))
            : [],
        );
      }
      return keys;
    },
  };
}

export type AccessReader = ReturnType<typeof createAccessReader>;
