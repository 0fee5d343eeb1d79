/**
 * The account rules' numbers in one place (DESIGN.md section 5): how long things live, how often they may
 * be tried, and the rate-limit rules the attempt limiter counts.
 */
import type { LimitRule } from "../../lib/attempt-limiter";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_TTL_MS = 30 * DAY;
/** last_seen_at is written at most this often, not on every request. */
export const SESSION_TOUCH_EVERY_MS = 5 * MINUTE;
export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_TTL_MINUTES = OTP_TTL_MS / MINUTE;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_COOLDOWN_MS = 60 * SECOND;
/** After a reset OTP is verified, the new password must be chosen within this time. */
export const RESET_GRANT_TTL_MS = 15 * MINUTE;
/** How long a force-logout waits for the old device's sockets to acknowledge before closing them. */
export const FORCE_LOGOUT_ACK_TIMEOUT_MS = 3 * SECOND;

export const LIMIT_RULES = {
  /** Failed logins per (username, IP). */
  loginAccount: { name: "login-account", max: 5, windowMs: 15 * MINUTE },
  /** Failed logins per IP, whatever the username. */
  loginIp: { name: "login-ip", max: 50, windowMs: 15 * MINUTE },
  /**
   * Failed logins per username from all IPs together, so many addresses cannot guess at one account
   * without end. Higher than the per-IP rule, so a stranger cannot lock a user out with a few tries.
   */
  loginUsername: { name: "login-username", max: 30, windowMs: 15 * MINUTE },
  registerIp: { name: "register-ip", max: 10, windowMs: HOUR },
  /** Mail that one address may be sent on request: recovery and OTP resends. */
  mailAddress: { name: "mail-address", max: 5, windowMs: HOUR },
  /** The 60 s between reset OTPs, per address (whether or not it has an account). */
  resetResend: { name: "reset-resend", max: 1, windowMs: OTP_RESEND_COOLDOWN_MS },
  /** Recovery and resend requests per IP, whatever the address (each sends mail and looks an account up). */
  recoveryIp: { name: "recovery-ip", max: 20, windowMs: HOUR },
  /**
   * Wrong reset codes per address across codes: each new code restarts its own five tries, so without this
   * a patient guesser would get 25 guesses an hour at one account, for ever.
   */
  resetCodeAddress: { name: "reset-code-address", max: 10, windowMs: DAY },
  /** Wrong OTPs per IP across all accounts, so nobody sprays codes at many accounts. */
  otpIp: { name: "otp-ip", max: 30, windowMs: 15 * MINUTE },
  /** Wrong current passwords per user at change-password. */
  passwordChange: { name: "password-change", max: 5, windowMs: 15 * MINUTE },
  /**
   * Browsers a user turns alerts on in (a new subscription, or one moved from another account), and
   * Telegram deep links asked for, per user: each writes rows, and a browser's subscription is a place the
   * sender will later connect to.
   */
  pushSubscribe: { name: "push-subscribe", max: 20, windowMs: HOUR },
  telegramLink: { name: "telegram-link", max: 10, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;

/**
 * How long a process keeps what it read of a session and of a user's access for the requests that follow
 * (decision 021): a change made in another process (a logout, a revoked access) is seen within this time.
 */
export const READ_CACHE_TTL_MS = 500;
/** At most this many sessions (and users' access) kept per process; the oldest go first. */
export const READ_CACHE_MAX_ENTRIES = 50_000;
