/**
 * How often one address may be sent mail on request (recovery and OTP resends): keyed by the address, not
 * by the account, so an address without an account is limited exactly like one with an account.
 */
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { tooManyAttempts } from "../../lib/errors";
import { LIMIT_RULES } from "./policy";

export async function countMailRequest(limiter: AttemptLimiter, address: string): Promise<void> {
  const state = await limiter.hit(LIMIT_RULES.mailAddress, address);
  if (!state.allowed) throw tooManyAttempts(state.retryAfterSeconds);
}
