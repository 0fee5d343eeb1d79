/**
 * Each signed-in user's request budget (decision 022): a token bucket per user, so a runaway
 * script or a shared password is slowed, while thousands of phones behind one carrier's address (CGNAT) are
 * each their own user and never share a limit. Far above what a person's screens ask: a page asks for a
 * handful of answers, a live screen a few more on reconnect (USER_REQUESTS_PER_SECOND and USER_REQUEST_BURST,
 * by default 30 and 300).
 *
 * Kept in each process's memory: no round trip to Redis on every request. Behind the load balancer's sticky
 * sessions a user's requests mostly reach one process; with N processes a user may reach N times the rate.
 */
import { tooManyAttempts } from "../../lib/errors";

export interface RequestBudgetOptions {
  /** Requests a user may make at once, after a quiet spell. */
  burst: number;
  /** Requests a second a user may keep making. */
  perSecond: number;
  /** Real time in ms (never a simulated market clock). */
  now?: () => number;
  /** Users tracked; beyond this, those whose bucket has refilled are forgotten. */
  maxUsers?: number;
}

export function createRequestBudget(options: RequestBudgetOptions) {
  const now = options.now ?? (() => performance.now());
  const maxUsers = options.maxUsers ?? 100_000;
  const buckets = new Map<number, { tokens: number; at: number }>();

  function refilled(bucket: { tokens: number; at: number }, at: number): number {
    return Math.min(options.burst, bucket.tokens + ((at - bucket.at) / 1000) * options.perSecond);
  }

  function forgetFull(at: number) {
    for (const [user, bucket] of buckets) {
      if (refilled(bucket, at) >= options.burst) buckets.delete(user);
    }
  }

  return {
    /** Spends one of the user's requests; throws the 429 (with Retry-After) when none is left. */
    spend(userId: number): void {
      const at = now();
      const bucket = buckets.get(userId);
      if (!bucket) {
        if (buckets.size >= maxUsers) forgetFull(at);
        buckets.set(userId, { tokens: options.burst - 1, at });
        return;
      }
      const tokens = refilled(bucket, at);
      bucket.at = at;
      if (tokens >= 1) {
        bucket.tokens = tokens - 1;
        return;
      }
      bucket.tokens = tokens;
      throw tooManyAttempts(Math.max(1, Math.ceil((1 - tokens) / options.perSecond)));
    },
  };
}

export type RequestBudget = ReturnType<typeof createRequestBudget>;
