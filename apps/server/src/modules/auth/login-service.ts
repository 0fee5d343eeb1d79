/**
 * Login and logout. Failed logins are counted per (username, IP) and per IP; over either limit even the
 * right password is refused until the window ends, and a successful login clears the (username, IP) count.
 * An unknown username costs the same argon2 work as a wrong password, so timing does not tell them apart.
 */
import { ACCOUNT_MESSAGES } from "@kalpa/contracts/messages";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import { AppError, tooManyAttempts } from "../../lib/errors";
import type { SessionSockets } from "../../realtime/session-sockets";
import { primeDummyHash, verifyAgainstDummy, verifyPassword } from "./passwords";
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
      const accountKey = `${request.username.toLowerCase()}|${request.ip}`;
      const states = await Promise.all([
        limiter.peek(LIMIT_RULES.loginAccount, accountKey),
        limiter.peek(LIMIT_RULES.loginIp, request.ip),
      ]);
      const refused = states.filter((state) => !state.allowed);
      if (refused.length > 0) {
        throw tooManyAttempts(Math.max(...refused.map((state) => state.retryAfterSeconds)));
      }

      const user = await users.findByUsername(request.username);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, request.password)
        : await verifyAgainstDummy(request.password);
      if (!user || !passwordOk) {
        await Promise.all([
          limiter.hit(LIMIT_RULES.loginAccount, accountKey),
          limiter.hit(LIMIT_RULES.loginIp, request.ip),
        ]);
        throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.invalidCredentials);
      }
      if (!user.verifiedAt) throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.notVerified);

      await limiter.reset(LIMIT_RULES.loginAccount, accountKey);
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
