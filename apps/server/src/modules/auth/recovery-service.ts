/**
 * Recovery: mail the username, or a reset code; verify the code (which grants a short-lived cookie); set a
 * new password with that grant. The requests that take only an address answer the same whether or not it
 * has an account: same status, body and headers, the same limits keyed by the address; the lookup, the new
 * code and the mail happen after the answer, so the timing matches too.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/messages";
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
import { hashPassword } from "./passwords";
import { LIMIT_RULES, OTP_TTL_MS, RESET_GRANT_TTL_MS } from "./policy";
import { generateOtp, hashOtp, randomToken, sha256Hex } from "./secrets";
import type { SessionRepository } from "./session-repository";
import type { UserRepository } from "./user-repository";
import type { VerificationRepository } from "./verification-repository";

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
}

const notVerified = () => new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.resetNotVerified);

export function createRecoveryService(deps: RecoveryDeps) {
  const { db, config, clock, limiter, mail, users, verifications, sessionRows, audit, codes } =
    deps;

  return {
    async forgotUsername(email: string): Promise<void> {
      await countMailRequest(limiter, email);
      mail.queueLater("forgot-username", async () => {
        const user = await users.findByEmail(email);
        return user
          ? usernameMail({
              brand: config.brandName,
              to: user.email,
              name: user.name,
              username: user.username,
            })
          : undefined;
      });
    },

    /** forgot-password and resend-reset-otp: a new reset code, at most one a minute per address. */
    async sendResetCode(email: string): Promise<void> {
      const cooldown = await limiter.hit(LIMIT_RULES.resetResend, email);
      if (!cooldown.allowed) {
        throw tooManyAttempts(
          cooldown.retryAfterSeconds,
          ACCOUNT_MESSAGES.resendCooldown(cooldown.retryAfterSeconds),
        );
      }
      await countMailRequest(limiter, email);
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
          name: user.name,
          code,
          purpose: "reset",
        });
      });
    },

    /** Answers the grant token for the reset cookie. */
    async verifyResetCode(input: { email: string; otp: string }, ip: string): Promise<string> {
      await codes.guardIp(ip);
      const user = await users.findByEmail(input.email);
      if (!user) return codes.wrongCode(ip);
      const verification = await codes.check(
        await verifications.find(user.id, "reset"),
        input.otp,
        ip,
      );
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
        return sessionRows.revokeForUser(user.id, "password_reset", now, {}, tx);
      });
      void deps.sockets.forceLogout(ended, ACCOUNT_MESSAGES.passwordChangedSignInAgain);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
