/**
 * Recovery: mail the username, or a reset code; verify the code (which grants a short-lived cookie); set a
 * new password with that grant. The requests that take only an address answer the same whether or not it
 * has an account: same status, body and headers, the same limits keyed by the address; the lookup, the new
 * code and the mail happen after the answer, so the timing matches too.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { AppDb } from "../../db/client";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import type { Clock } from "../../lib/clock";
import { AppError, fieldError, tooManyAttempts } from "../../lib/errors";
import type { MailQueue } from "../../mail/mail-queue";
import type { SessionSockets } from "../../realtime/session-sockets";
import type { AuditRepository } from "../audit/repository";
import type { CodeChecker } from "./code-checker";
import { isCommonPassword } from "./common-passwords";
import { countMailRequest } from "./mail-limits";
import { otpMail, usernameMail } from "./mail-templates";
import type { AfterCommit, OutsideLinks } from "./outside-links";
import { hashPassword } from "./passwords";
import { LIMIT_RULES, OTP_TTL_MS, RESET_GRANT_TTL_MS } from "./policy";
import { generateOtp, hashOtp, randomToken, sha256Hex } from "./secrets";
import type { SessionRepository } from "./session-repository";
import type { UserRepository } from "./user-repository";
import type { VerificationRecord, VerificationRepository } from "./verification-repository";

export interface RecoveryDeps {
  db: AppDb;
  config: { brandName: string };
  clock: Clock;
  limiter: AttemptLimiter;
  mail: MailQueue;
  users: UserRepository;
  verifications: VerificationRepository;
  sessionRows: SessionRepository;
  audit: AuditRepository;
  codes: CodeChecker;
  sockets: SessionSockets;
  outsideLinks: Pick<OutsideLinks, "end">;
}

const notVerified = () => new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.resetNotVerified);

export function createRecoveryService(deps: RecoveryDeps) {
  const { db, config, clock, limiter, mail, users, verifications, sessionRows, audit, codes } =
    deps;

  return {
    async forgotUsername(email: string, ip: string): Promise<void> {
      await countMailRequest(limiter, email, ip);
      mail.queueLater("forgot-username", async () => {
        const user = await users.findByEmail(email);
        return user
          ? usernameMail({
              brand: config.brandName,
              to: user.email,
              username: user.username,
              language: user.language,
            })
          : undefined;
      });
    },

    /** forgot-password and resend-reset-otp: a new reset code, at most one a minute per address. */
    async sendResetCode(email: string, ip: string): Promise<void> {
      const cooldown = await limiter.hit(LIMIT_RULES.resetResend, email);
      if (!cooldown.allowed) {
        throw tooManyAttempts(
          cooldown.retryAfterSeconds,
          ACCOUNT_MESSAGES.resendCooldown(cooldown.retryAfterSeconds),
        );
      }
      await countMailRequest(limiter, email, ip);
      const now = clock();
      mail.queueLater("reset code", async () => {
        const user = await users.findByEmail(email);
        if (!user) return undefined;
        const code = generateOtp();
        const { salt, hash } = hashOtp(code);
        await verifications.replace({
          userId: user.id,
          purpose: "reset",
          codeSalt: salt,
          codeHash: hash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        return otpMail({
          brand: config.brandName,
          to: user.email,
          code,
          purpose: "reset",
          language: user.language,
        });
      });
    },

    /**
     * Answers the grant token for the reset cookie. Every refusal reads the same (wrong, expired, used up,
     * or no such account), so the answers cannot tell whether an address has an account; wrong codes are
     * also capped per address across codes, for known and unknown addresses alike.
     */
    async verifyResetCode(input: { email: string; otp: string }, ip: string): Promise<string> {
      const perAddress = await limiter.hit(LIMIT_RULES.resetCodeAddress, input.email);
      if (!perAddress.allowed) throw tooManyAttempts(perAddress.retryAfterSeconds);
      let verification: VerificationRecord;
      try {
        verification = await codes.attempt(
          ip,
          async () => {
            const user = await users.findByEmail(input.email);
            return user ? verifications.find(user.id, "reset") : undefined;
          },
          input.otp,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === "BAD_REQUEST") {
          throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.resetOtpRejected);
        }
        throw error;
      }
      await limiter.undo(LIMIT_RULES.resetCodeAddress, input.email);
      const grant = randomToken();
      await verifications.grant(verification.id, clock(), sha256Hex(grant));
      return grant;
    },

    async resetPassword(
      input: { email: string; newPassword: string },
      grant: string | undefined,
      ip: string,
    ): Promise<void> {
      if (!grant) throw notVerified();
      const verification = await verifications.findByGrantHash(sha256Hex(grant));
      const user = verification && (await users.findById(verification.userId));
      const now = clock();
      if (
        !verification ||
        !user ||
        verification.purpose !== "reset" ||
        user.email !== input.email ||
        verification.consumedAt ||
        !verification.verifiedAt ||
        verification.verifiedAt.getTime() + RESET_GRANT_TTL_MS <= now.getTime()
      ) {
        throw notVerified();
      }
      if (isCommonPassword(input.newPassword)) {
        throw fieldError("newPassword", ACCOUNT_MESSAGES.commonPassword);
      }
      const passwordHash = await hashPassword(input.newPassword);
      let tellLinks: AfterCommit = async () => {};
      const ended = await db.transaction(async (tx) => {
        if (!(await verifications.consume(verification.id, now, tx))) throw notVerified();
        await users.setPasswordHash(user.id, passwordHash, now, tx);
        // The code reached the account's inbox: that also proves the address.
        if (!user.verifiedAt) {
          await users.markVerified(user.id, now, tx);
          await audit.append(
            { actor: String(user.id), action: "user.verified", target: `user:${user.id}`, ip },
            tx,
          );
        }
        await audit.append(
          { actor: String(user.id), action: "user.password_reset", target: `user:${user.id}`, ip },
          tx,
        );
        // A chat linked by whoever held the account stops with the old password's sessions.
        tellLinks = await deps.outsideLinks.end(user.id, "password_reset", tx);
        return sessionRows.revokeForUser(user.id, "password_reset", now, {}, tx);
      });
      void deps.sockets.forceLogout(ended, ACCOUNT_MESSAGES.passwordChangedSignInAgain);
      void tellLinks();
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
