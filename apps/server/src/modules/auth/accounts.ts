/**
 * Builds the account services from their dependencies: the repositories over one database, the session
 * service, and the sign-up, login, recovery and profile services. app.ts wires the result into routes and
 * the realtime hub.
 */
import type { AppConfig } from "../../config/app-config";
import type { AppDb } from "../../db/client";
import type { AttemptLimiter } from "../../lib/attempt-limiter";
import type { Clock } from "../../lib/clock";
import type { MailQueue } from "../../mail/mail-queue";
import type { SocketAuth } from "../../realtime/hub";
import type { SessionSockets } from "../../realtime/session-sockets";
import { createAuditRepository } from "../audit/repository";
import { createProfileImageRepository } from "../profile/repository";
import { createProfileService } from "../profile/service";
import { createCodeChecker } from "./code-checker";
import { sessionTokenFromHeader } from "./cookies";
import { createLoginService } from "./login-service";
import { createOutsideLinks } from "./outside-links";
import { createRecoveryService } from "./recovery-service";
import { createSessionRepository } from "./session-repository";
import { createSessionService } from "./sessions";
import { createSignupService } from "./signup-service";
import { createUserRepository } from "./user-repository";
import { createVerificationRepository } from "./verification-repository";

export interface AccountDeps {
  db: AppDb;
  config: AppConfig;
  clock: Clock;
  limiter: AttemptLimiter;
  mail: MailQueue;
}

/** The repositories and the session service: what the realtime hub needs before the sockets exist. */
export function createAccountCore(deps: AccountDeps) {
  const users = createUserRepository(deps.db);
  const sessionRows = createSessionRepository(deps.db);
  const sessions = createSessionService({
    db: deps.db,
    clock: deps.clock,
    sessions: sessionRows,
  });
  return {
    users,
    sessionRows,
    sessions,
    verifications: createVerificationRepository(deps.db),
    images: createProfileImageRepository(deps.db),
    audit: createAuditRepository(deps.db),
    /** Links that end with the account's sessions (a Telegram chat: modules/alerts adds it). */
    outsideLinks: createOutsideLinks(),
    /** For the hub: the session a handshake's cookie names, as the socket's identity. */
    async authenticateSocket(
      cookieHeader: string | undefined,
      options: { fresh?: boolean } = {},
    ): Promise<SocketAuth | null> {
      const auth = await sessions.resolve(
        sessionTokenFromHeader(cookieHeader, deps.config),
        options,
      );
      return auth
        ? { userId: auth.user.id, sessionId: auth.sessionId, expiresAt: auth.expiresAt }
        : null;
    },
  };
}

export type AccountCore = ReturnType<typeof createAccountCore>;

export function createAccountServices(
  deps: AccountDeps,
  core: AccountCore,
  sockets: SessionSockets,
) {
  const shared = { ...deps, ...core, sockets };
  const codes = createCodeChecker(shared);
  return {
    signup: createSignupService({ ...shared, codes }),
    login: createLoginService(shared),
    recovery: createRecoveryService({ ...shared, codes }),
    profile: createProfileService(shared),
  };
}
