/**
 * The signed-in user's own account: read it, change the name or the mobile number (one at a time), change
 * the password (which ends the user's other sessions), and the profile image.
 */
import { createHash } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { Language } from "@kalpa/contracts/api/session";
import type { AppDb } from "../../db/client";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import type { Clock } from "../../lib/clock";
import { AppError, fieldError, tooManyAttempts } from "../../lib/errors";
import type { SessionSockets } from "../../realtime/session-sockets";
import type { AuditRepository } from "../audit/repository";
import { isCommonPassword } from "../auth/common-passwords";
import type { AfterCommit, OutsideLinks } from "../auth/outside-links";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { LIMIT_RULES } from "../auth/policy";
import type { SessionRepository } from "../auth/session-repository";
import type { RequestAuth, SessionService } from "../auth/sessions";
import type { ProfileChange, UserRecord, UserRepository } from "../auth/user-repository";
import { detectImageType } from "./image-type";
import type { ProfileImageRecord, ProfileImageRepository } from "./repository";

export interface ProfileDeps {
  db: AppDb;
  clock: Clock;
  limiter: AttemptLimiter;
  users: UserRepository;
  sessionRows: SessionRepository;
  images: ProfileImageRepository;
  audit: AuditRepository;
  sockets: SessionSockets;
  /** Forgets the kept sessions of a user whose record changed (decision 021). */
  sessions: Pick<SessionService, "forgetUser">;
  /** Links outside the site (a Telegram chat) that end with a password change. */
  outsideLinks: Pick<OutsideLinks, "end">;
}

export function createProfileService(deps: ProfileDeps) {
  const { db, clock, limiter, users, sessionRows, images, audit, sockets, sessions, outsideLinks } =
    deps;

  /** The user's record as it now is; the sessions that hold the old one forget it. */
  async function reload(userId: number): Promise<UserRecord> {
    sessions.forgetUser(userId);
    const user = await users.findById(userId);
    // The session's user was found a moment ago; gone now means the account was deleted meanwhile.
    if (!user) throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.invalidCredentials);
    return user;
  }

  return {
    /** The account's language (e-mails, alerts, messages); the kept sessions forget the old record. */
    async setLanguage(userId: number, language: Language): Promise<void> {
      await users.setLanguage(userId, language, clock());
      sessions.forgetUser(userId);
    },

    async update(userId: number, change: ProfileChange): Promise<UserRecord> {
      await users.updateProfile(userId, change, clock());
      return reload(userId);
    },

    async changePassword(
      auth: RequestAuth,
      input: { currentPassword: string; newPassword: string },
      ip: string,
    ): Promise<void> {
      // Counted per account, by its username (unique whatever its case), before the check so parallel
      // guesses cannot all pass it; a right current password takes its attempt back.
      const key = auth.user.username.toLowerCase();
      const state = await limiter.hit(LIMIT_RULES.passwordChange, key);
      if (!state.allowed) throw tooManyAttempts(state.retryAfterSeconds);
      if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
        throw fieldError("currentPassword", ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      if (input.newPassword === input.currentPassword) {
        throw fieldError("newPassword", ACCOUNT_MESSAGES.samePassword);
      }
      if (isCommonPassword(input.newPassword)) {
        throw fieldError("newPassword", ACCOUNT_MESSAGES.commonPassword);
      }
      await limiter.reset(LIMIT_RULES.passwordChange, key);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      let tellLinks: AfterCommit = async () => {};
      const ended = await db.transaction(async (tx) => {
        await users.setPasswordHash(auth.user.id, passwordHash, now, tx);
        await audit.append(
          {
            actor: String(auth.user.id),
            action: "user.password_changed",
            target: `user:${auth.user.id}`,
            ip,
          },
          tx,
        );
        // Whoever else held a session with the old password is signed out; this browser stays. A chat
        // linked from any of them ends too (this browser may link it again).
        tellLinks = await outsideLinks.end(auth.user.id, "password_changed", tx);
        return sessionRows.revokeForUser(
          auth.user.id,
          "password_changed",
          now,
          { except: auth.sessionId },
          tx,
        );
      });
      // This browser's session keeps its place but not the record with the old password's hash.
      sessions.forgetUser(auth.user.id);
      void sockets.forceLogout(ended, ACCOUNT_MESSAGES.passwordChangedSignInAgain);
      void tellLinks();
    },

    async putImage(userId: number, bytes: Buffer | undefined): Promise<UserRecord> {
      const contentType = bytes ? detectImageType(bytes) : undefined;
      if (!bytes || !contentType) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.imageInvalid);
      const version = createHash("sha256").update(bytes).digest("base64url").slice(0, 16);
      await images.put({ userId, contentType, bytes, version, updatedAt: clock() });
      return reload(userId);
    },

    async getImage(userId: number): Promise<ProfileImageRecord> {
      const image = await images.find(userId);
      if (!image) throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.noImage);
      return image;
    },

    /** Idempotent: removing an image that is not there leaves the account as it is. */
    async removeImage(userId: number): Promise<UserRecord> {
      await images.remove(userId);
      return reload(userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
