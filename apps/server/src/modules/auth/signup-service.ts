/**
 * Sign-up: register an unverified account and mail it a code, verify the code, resend it. Only a verified
 * account holds its username and e-mail address: a new registration replaces an unverified one, so a
 * person who goes back to correct a detail (or typed someone else's address) is never locked out.
 */

import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { RegisterBodySchema } from "@kalpa/contracts/api/auth";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import type { z } from "zod";
import type { AppConfig } from "../../config/app-config";
import type { AppDb, DbExecutor } from "../../db/client";
import type { Language } from "../../i18n/language";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { limitKeyForIp } from "../../lib/client-ip";
import type { Clock } from "../../lib/clock";
import { AppError, fieldError, tooManyAttempts } from "../../lib/errors";
import type { MailQueue } from "../../mail/mail-queue";
import type { MailMessage } from "../../mail/mailer";
import type { AuditRepository } from "../audit/repository";
import type { CodeChecker } from "./code-checker";
import { isCommonPassword } from "./common-passwords";
import { countMailRequest } from "./mail-limits";
import { otpMail } from "./mail-templates";
import { hashPassword } from "./passwords";
import { LIMIT_RULES, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from "./policy";
import { generateOtp, hashOtp } from "./secrets";
import { uniqueViolationConstraint } from "./unique-violation";
import type { UserRecord, UserRepository } from "./user-repository";
import type { VerificationRepository } from "./verification-repository";

type RegisterInput = z.output<typeof RegisterBodySchema>;

export interface SignupDeps {
  db: AppDb;
  config: Pick<AppConfig, "brandName">;
  clock: Clock;
  limiter: AttemptLimiter;
  mail: MailQueue;
  users: UserRepository;
  verifications: VerificationRepository;
  audit: AuditRepository;
  codes: CodeChecker;
}

export function createSignupService(deps: SignupDeps) {
  const { db, config, clock, limiter, mail, users, verifications, audit, codes } = deps;

  const taken = (field: "username" | "email") =>
    new AppError(
      "CONFLICT",
      field === "username" ? ACCOUNT_MESSAGES.usernameTaken : ACCOUNT_MESSAGES.emailTaken,
      [
        {
          path: field,
          message:
            field === "username" ? ACCOUNT_MESSAGES.usernameTaken : ACCOUNT_MESSAGES.emailTaken,
        },
      ],
    );

  /** A fresh code for the account, stored (replacing any earlier one); answers the mail that carries it. */
  async function issueCode(
    user: Pick<UserRecord, "id" | "email">,
    now: Date,
    language: Language,
    executor?: DbExecutor,
  ): Promise<MailMessage> {
    const code = generateOtp();
    const { salt, hash } = hashOtp(code);
    await verifications.replace(
      {
        userId: user.id,
        purpose: "signup",
        codeSalt: salt,
        codeHash: hash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      },
      executor,
    );
    return otpMail({
      brand: config.brandName,
      to: user.email,
      code,
      purpose: "signup",
      language,
    });
  }

  return {
    /**
     * `language` is the browser's (Accept-Language): the account starts in it, and its OTP mail is
     * written in it (decision 040).
     */
    async register(
      input: RegisterInput,
      ip: string,
      language: Language = "en",
    ): Promise<{ username: string }> {
      const limit = await limiter.hit(LIMIT_RULES.registerIp, limitKeyForIp(ip));
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      if (isCommonPassword(input.password)) {
        throw fieldError("password", ACCOUNT_MESSAGES.commonPassword);
      }
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      let message: MailMessage;
      let username: string;
      try {
        ({ message, username } = await db.transaction(async (tx) => {
          const holders = await users.findHolders(input.username, input.email, tx);
          const remaining = [];
          for (const holder of holders) {
            if (!holder.verifiedAt) {
              await users.deleteById(holder.id, tx);
            } else {
              remaining.push(holder);
            }
          }
          const lower = input.username.toLowerCase();
          if (remaining.some((holder) => holder.username.toLowerCase() === lower)) {
            throw taken("username");
          }
          if (remaining.length > 0) throw taken("email");
          const created = await users.insert(
            {
              username: input.username,
              email: input.email,
              name: input.name,
              mobile: input.mobile,
              passwordHash,
              language,
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          await audit.append(
            {
              actor: String(created.id),
              action: "user.registered",
              target: `user:${created.id}`,
              ip,
            },
            tx,
          );
          return {
            message: await issueCode(created, now, language, tx),
            username: created.username,
          };
        }));
      } catch (error) {
        // Two sign-ups for one name at the same moment: the unique index decides, the loser hears 409.
        const constraint = uniqueViolationConstraint(error);
        if (constraint === undefined) throw error;
        throw taken(constraint.includes("email") ? "email" : "username");
      }
      // Mailed once the account is committed, in the background (lib: mail-queue).
      mail.queue(message);
      return { username };
    },

    async verify(input: { username: string; otp: string }, ip: string): Promise<void> {
      let user: UserRecord | undefined;
      const verification = await codes.attempt(
        ip,
        async () => {
          user = await users.findByUsername(input.username);
          if (!user) return undefined;
          if (user.verifiedAt) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.alreadyVerified);
          return verifications.find(user.id, "signup");
        },
        input.otp,
      );
      const account = user;
      if (!account) throw new AppError("BAD_REQUEST", AUTH_MESSAGES.invalidOtp);
      const now = clock();
      await db.transaction(async (tx) => {
        if (!(await verifications.consume(verification.id, now, tx))) {
          throw new AppError("CONFLICT", ACCOUNT_MESSAGES.alreadyVerified);
        }
        await users.markVerified(account.id, now, tx);
        await audit.append(
          { actor: String(account.id), action: "user.verified", target: `user:${account.id}`, ip },
          tx,
        );
      });
    },

    /** The new code's mail is in the language of the browser asking for it. */
    async resend(
      input: { username: string },
      ip: string,
      language: Language = "en",
    ): Promise<void> {
      const user = await users.findByUsername(input.username);
      if (!user) {
        await countMailRequest(limiter, `username:${input.username.toLowerCase()}`, ip);
        throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.signupNotFound);
      }
      if (user.verifiedAt) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.alreadyVerified);
      const now = clock();
      const previous = await verifications.find(user.id, "signup");
      const waitMs = previous
        ? previous.createdAt.getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime()
        : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyAttempts(seconds, ACCOUNT_MESSAGES.resendCooldown(seconds));
      }
      await countMailRequest(limiter, user.email, ip);
      mail.queue(await issueCode(user, now, language));
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
