/**
 * How often mail may be requested (recovery and OTP resends): per IP, whatever the address, and per address,
 * keyed by the address rather than the account, so an address without an account is limited exactly like
 * one with an account.
 */
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { limitKeyForIp } from "../../lib/client-ip";
import { tooManyAttempts } from "../../lib/errors";
import { LIMIT_RULES } from "./policy";

export async function countMailRequest(
  limiter: AttemptLimiter,
  address: string,
  ip: string,
): Promise<void> {
  const byIp = await limiter.hit(LIMIT_RULES.recoveryIp, limitKeyForIp(ip));
  if (!byIp.allowed) throw tooManyAttempts(byIp.retryAfterSeconds);
  const byAddress = await limiter.hit(LIMIT_RULES.mailAddress, address);
  if (!byAddress.allowed) throw tooManyAttempts(byAddress.retryAfterSeconds);
}
