/**
 * The accounts module: sign-up, login, sessions, recovery, the profile and the account's own data. It names
 * the hub's socket authenticator, keeps ended sessions' sockets in step with the session cache, registers
 * the `requireUser` guard every later module's routes use, and runs the accounts' housekeeping.
 */
import type { HttpApp } from "../../kernel/http";
import type { Kernel } from "../../kernel/kernel";
import { createSessionSockets, type SessionSockets } from "../../realtime/session-sockets";
import { accountRoutes } from "../account/routes";
import { profileImageRoutes } from "../profile/image-routes";
import { profileRoutes } from "../profile/routes";
import { createAccountCore, createAccountServices } from "./accounts";
import { startAccountHousekeeping } from "./housekeeping";
import { FORCE_LOGOUT_ACK_TIMEOUT_MS } from "./policy";
import { createRequestBudget } from "./request-budget";
import { requireUserPlugin } from "./require-user";
import { authRoutes } from "./routes";
import type { SessionService } from "./sessions";

export async function registerAccounts(app: HttpApp, kernel: Kernel) {
  const { config, clock, db, io, log } = kernel;
  const accountDeps = { db, config, clock, limiter: kernel.limiter, mail: kernel.mail };
  const core = createAccountCore(accountDeps);
  kernel.authenticateSockets(core.authenticateSocket);
  const sockets = forgettingEndedSessions(
    createSessionSockets(io, log, FORCE_LOGOUT_ACK_TIMEOUT_MS),
    core.sessions,
  );
  const services = createAccountServices(accountDeps, core, sockets);
  kernel.onClose("accounts", startAccountHousekeeping({ db, clock, log }));

  await app.register(requireUserPlugin, {
    sessions: core.sessions,
    config,
    budget: createRequestBudget(config.userRequests),
  });
  await app.register(authRoutes, { config, ...services });
  await app.register(profileRoutes, { profile: services.profile });
  await app.register(profileImageRoutes, { profile: services.profile });
  await app.register(accountRoutes, { db, clock });
  return { ...core, sockets, services };
}

export type AccountsModule = Awaited<ReturnType<typeof registerAccounts>>;

/**
 * Every commit that ends sessions tells their sockets (force-logout, or a quiet disconnect): the session
 * cache forgets them at the same moment, so this process refuses their cookies at once (decision 021).
 */
function forgettingEndedSessions(
  sockets: SessionSockets,
  sessions: Pick<SessionService, "forgetSessions">,
): SessionSockets {
  return {
    forceLogout(sessionIds, reason) {
      sessions.forgetSessions(sessionIds);
      return sockets.forceLogout(sessionIds, reason);
    },
    disconnect(sessionIds) {
      sessions.forgetSessions(sessionIds);
      sockets.disconnect(sessionIds);
    },
  };
}
