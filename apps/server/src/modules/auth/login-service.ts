/**
 * Login and logout. Failed logins are counted per (username, IP), per IP and per username; over any limit
 * even the right password is refused until the window ends. Each attempt is counted before the password is
 * checked (so parallel guesses cannot all slip past the check) and taken back when it succeeds; a
 * successful login also clears the (username, IP) count.
 * An unknown username costs the same argon2 work as a wrong password, so timing does not tell them apart.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { limitKeyForIp } from "../../lib/client-ip";
import { AppError, tooManyAttempts } from "../../lib/errors";
import type { SessionSockets } from "../../realtime/session-sockets";
import {
  hashPassword,
  needsRehash,
  primeDummyHash,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords";
import { LIMIT_RULES } from "./policy";
import type { SessionService } from "./sessions";
import type { UserRecord, UserRepository } from "./user-repository";

export interface LoginDeps {
  config: { singleSession: boolean };
  limiter: AttemptLimiter;
  users: UserRepository;
  sessions: SessionService;
  sockets: SessionSockets;
}

export interface LoginRequest {
  username: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
  /** The session cookie the browser already had, ended by rotation. */
  previousToken: string | undefined;
}

export function createLoginService(deps: LoginDeps) {
  const { config, limiter, users, sessions, sockets } = deps;
  primeDummyHash();

  return {
    async login(request: LoginRequest): Promise<{ token: string; user: UserRecord }> {
      const username = request.username.toLowerCase();
      const ip = limitKeyForIp(request.ip);
      const counted = [
        [LIMIT_RULES.loginAccount, `${username}|${ip}`],
        [LIMIT_RULES.loginIp, ip],
        [LIMIT_RULES.loginUsername, username],
      ] as const;
      const states = await Promise.all(counted.map(([rule, key]) => limiter.hit(rule, key)));
      const refused = states.filter((state) => !state.allowed);
      if (refused.length > 0) {
        throw tooManyAttempts(Math.max(...refused.map((state) => state.retryAfterSeconds)));
      }

      const user = await users.findByUsername(request.username);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, request.password)
        : await verifyAgainstDummy(request.password);
      if (!user || !passwordOk)
        throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.invalidCredentials);
      // The right password: not a failure after all.
      const [account, ...others] = counted;
      await Promise.all([
        limiter.reset(account[0], account[1]),
        ...others.map(([rule, key]) => limiter.undo(rule, key)),
      ]);
      if (!user.verifiedAt) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.notVerified);
      if (needsRehash(user.passwordHash)) {
        await users.setPasswordHash(user.id, await hashPassword(request.password), new Date());
      }
      const started = await sessions.start(user.id, {
        ip: request.ip,
        userAgent: request.userAgent,
        previousToken: request.previousToken,
        endOthers: config.singleSession,
      });
      if (started.rotatedSessionId !== undefined) sockets.disconnect([started.rotatedSessionId]);
      void sockets.forceLogout(started.endedSessionIds, ACCOUNT_MESSAGES.anotherDevice);
      return { token: started.token, user };
    },

    /** Ends the browser's session, if it has one, and closes that session's sockets. */
    async logout(token: string | undefined): Promise<void> {
      const ended = await sessions.end(token, "logout");
      if (ended !== undefined) sockets.disconnect([ended]);
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
