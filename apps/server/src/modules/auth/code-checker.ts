/**
 * Checks a one-time code the way both sign-up and password reset need: a per-IP cap on wrong codes (so
 * nobody sprays guesses across many accounts), expiry, at most five tries per code (counted in the row,
 * atomically), single use, and a constant-time comparison. The IP's attempt is counted before anything is
 * looked up, so parallel guesses cannot all pass the cap, and taken back when the code is right.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { limitKeyForIp } from "../../lib/client-ip";
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

  return {
    /**
     * Answers the verification when `code` is its live code, having spent one of its tries; otherwise
     * throws why (invalid, expired, too many tries; 429 when this IP has had too many wrong codes).
     * `find` looks the verification up (undefined for an unknown account); the caller consumes it.
     */
    async attempt(
      ip: string,
      find: () => Promise<VerificationRecord | undefined>,
      code: string,
    ): Promise<VerificationRecord> {
      const ipKey = limitKeyForIp(ip);
      const state = await limiter.hit(LIMIT_RULES.otpIp, ipKey);
      if (!state.allowed) throw tooManyAttempts(state.retryAfterSeconds);
      const verification = await find();
      if (!verification || verification.consumedAt) {
        throw new AppError("BAD_REQUEST", AUTH_MESSAGES.invalidOtp);
      }
      if (verification.expiresAt.getTime() <= clock().getTime()) {
        throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.otpExpired);
      }
      const claimed = await verifications.claimTry(verification.id, OTP_MAX_TRIES);
      if (!claimed) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.otpTooManyTries);
      if (!otpMatches(code, claimed.codeSalt, claimed.codeHash)) {
        throw new AppError("BAD_REQUEST", AUTH_MESSAGES.invalidOtp);
      }
      await limiter.undo(LIMIT_RULES.otpIp, ipKey);
      return claimed;
    },
  };
}

export type CodeChecker = ReturnType<typeof createCodeChecker>;
