/**
 * The operator's research-analyst profile and complaints table: read by every page's footer (kept for a
 * moment, like other reads), set in the console (each change audited in its transaction with the admin's
 * username), and seeded once from RA_* into a database that has none.
 */
import type {
  ComplaintsMonthInput,
  ComplaintsTable,
  ResearchAnalyst,
  ResearchAnalystProfile,
} from "@kalpa/contracts/api/research-analyst";
import { RESEARCH_ANALYST_MESSAGES } from "@kalpa/contracts/messages";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { AppDb } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { fieldError } from "../../lib/errors";
import { createTtlCache } from "../../lib/ttl-cache";
import type { Actor } from "../access/changes";
import type { AuditRepository } from "../audit/repository";
import type { ResearchAnalystRepository } from "./repository";

/** The audit log's target for the profile; months are `complaints:YYYY-MM`. */
export const PROFILE_TARGET = "research-analyst";

export function createResearchAnalystService(deps: {
  db: AppDb;
  clock: Clock;
  repository: ResearchAnalystRepository;
  audit: AuditRepository;
  /** How long a read is kept for the next requests (0: read afresh each time). */
  cacheTtlMs?: number;
  /** Told after a committed change that adds or removes the profile (the terms then apply or stop). */
  onPresenceChanged?: () => Promise<void>;
}) {
  const { db, clock, repository, audit } = deps;
  const cache = createTtlCache<"profile", ResearchAnalyst>({
    ttlMs: deps.cacheTtlMs ?? 0,
    maxEntries: 1,
  });

  const current = () =>
    cache.get("profile", async () => {
      const found = await repository.profile();
      return {
        profile: found?.profile ?? null,
        updatedAt: found?.updatedAt.toISOString() ?? null,
      };
    });

  async function afterChange(hadProfile: boolean, hasProfile: boolean) {
    cache.forget("profile");
    if (hadProfile !== hasProfile) await deps.onPresenceChanged?.();
  }

  const entry = (actor: Actor, action: string, target: string, details: object) => ({
    actor: actor.name,
    action,
    target,
    details: details as Record<string, unknown>,
    ip: actor.ip,
  });

  return {
    current,

    async hasProfile(): Promise<boolean> {
      return (await current()).profile !== null;
    },

    /** Sets the whole profile; the audit entry keeps what it was and what it became. */
    async setProfile(actor: Actor, profile: ResearchAnalystProfile): Promise<ResearchAnalyst> {
      const now = clock();
      const before = await db.transaction(async (tx) => {
        const previous = await repository.profile(tx);
        await repository.setProfile(profile, now, tx);
        await audit.append(
          entry(actor, "research_analyst.profile_set", PROFILE_TARGET, {
            before: previous?.profile ?? null,
            after: profile,
          }),
          tx,
        );
        return previous;
      });
      await afterChange(before !== undefined, true);
      return current();
    },

    /** Removes the profile (the spec's own wording stands again); nothing to remove is no change. */
    async clearProfile(actor: Actor): Promise<ResearchAnalyst> {
      const removed = await db.transaction(async (tx) => {
        const previous = await repository.profile(tx);
        if (!previous) return false;
        await repository.clearProfile(tx);
        await audit.append(
          entry(actor, "research_analyst.profile_cleared", PROFILE_TARGET, {
            before: previous.profile,
          }),
          tx,
        );
        return true;
      });
      await afterChange(removed, false);
      return current();
    },

    /** RA_*'s profile, written when the database has none (a later console change is kept). */
    async seed(profile: ResearchAnalystProfile | undefined): Promise<boolean> {
      if (!profile || (await repository.profile())) return false;
      await this.setProfile({ name: "config", userId: null, ip: null }, profile);
      return true;
    },

    async complaints(): Promise<ComplaintsTable> {
      return { months: await repository.complaints() };
    },

    /** Sets one month's row; a month not yet begun (India time) is refused. */
    async setComplaintsMonth(
      actor: Actor,
      month: string,
      input: ComplaintsMonthInput,
    ): Promise<ComplaintsTable> {
      if (month > dayKeyOf(clock()).slice(0, 7)) {
        throw fieldError("month", RESEARCH_ANALYST_MESSAGES.monthInFuture);
      }
      const now = clock();
      await db.transaction(async (tx) => {
        const previous = await repository.complaintsMonth(month, tx);
        await repository.setComplaintsMonth({ month, ...input }, now, tx);
        const { updatedAt: _at, month: _month, ...before } = previous ?? { updatedAt: null, month };
        await audit.append(
          entry(actor, "research_analyst.complaints_set", `complaints:${month}`, {
            month,
            before: previous ? before : null,
            after: input,
          }),
          tx,
        );
      });
      return this.complaints();
    },
  };
}

export type ResearchAnalystService = ReturnType<typeof createResearchAnalystService>;
