/**
 * Checks a one-time code the way both sign-up and password reset need: a per-IP cap on wrong codes (so
 * nobody sprays guesses across many accounts), expiry, at most five tries per code (counted in the row,
 * atomically), single use, and a constant-time comparison.
 */
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "@kalpa/contracts/messages";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import type { Clock } from "../../lib/clock";
import { AppError, tooManyAttempts } from "../../lib/errors";
import { LIMIT_RULES, OTP_MAX_TRIES } from "./policy";
import { otpMatches } from "./secrets";
import type { VerificationRecord, VerificationRepository } from "./verification-repository";

export function createCodeChecker(deps: {
  verifications: VerificationRepository;
  limiter: AttemptLimiter;
  clock: Clock;
}) {
  const { verifications, limiter, clock } = deps;

  /** A wrong or unknown code: one more strike against the IP, and the same answer either way. */
  async function wrongCode(ip: string): Promise<never> {
    await limiter.hit(LIMIT_RULES.otpIp, ip);
    throw new AppError("BAD_REQUEST", AUTH_MESSAGES.invalidOtp);
  }

  return {
    /** Refuses with 429 before any lookup when this IP has had too many wrong codes. */
    async guardIp(ip: string): Promise<void> {
      const state = await limiter.peek(LIMIT_RULES.otpIp, ip);
      if (!state.allowed) throw tooManyAttempts(state.retryAfterSeconds);
    },

    wrongCode,

    /**
     * Answers the verification when `code` is its live code, having spent one try; otherwise throws the
     * reason (invalid, expired, too many tries). The caller consumes it.
     */
    async check(
      verification: VerificationRecord | undefined,
      code: string,
      ip: string,
    ): Promise<VerificationRecord> {
      if (!verification || verification.consumedAt) return wrongCode(ip);
      if (verification.expiresAt.getTime() <= clock().getTime()) {
        throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.otpExpired);
      }
      const claimed = await verifications.claimTry(verification.id, OTP_MAX_TRIES);
      if (!claimed) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.otpTooManyTries);
      if (!otpMatches(code, claimed.codeSalt, claimed.codeHash)) return wrongCode(ip);
      return claimed;
    },
  };
}

export type CodeChecker = ReturnType<typeof createCodeChecker>;
