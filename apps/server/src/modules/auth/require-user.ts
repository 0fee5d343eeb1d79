/**
 * The one place that turns a session cookie into `request.auth`. Routes that need a signed-in user add
 * `preHandler: app.requireUser` (profile here; subscriptions, admin and signals later) and read the user
 * with `authOf(request)`. Without an active session the answer is 401 "Please login to continue".
 */
import { ACCESS_MESSAGES, ADMIN_MESSAGES } from "@kalpa/contracts/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../../config/app-config";
import { AppError } from "../../lib/errors";
import { readSessionToken } from "./cookies";
import type { RequestBudget } from "./request-budget";
import type { RequestAuth, SessionService } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in session and its user, once `requireUser` has run; otherwise null. */
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The request's session (resolved once per request), or a 401 "Please login to continue". */
    authenticate: (request: FastifyRequest) => Promise<RequestAuth>;
    /** The operator's guard: 401 without a session, 403 "admin only" for any other role. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const requireUserPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      sessions: SessionService;
      config: Pick<AppConfig, "secureCookies">;
      /** Each user's requests, counted once per signed-in request. */
      budget: RequestBudget;
    },
  ) => {
    app.decorateRequest("auth", null);
    const authenticate = async (request: FastifyRequest): Promise<RequestAuth> => {
      if (request.auth) return request.auth;
      const auth = await opts.sessions.resolve(readSessionToken(request, opts.config));
      if (!auth) throw new AppError("UNAUTHORIZED", ACCESS_MESSAGES.pleaseLogin);
      opts.budget.spend(auth.user.id);
      request.auth = auth;
      return auth;
    };
    app.decorate("authenticate", authenticate);
    app.decorate("requireUser", async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate("requireAdmin", async (request: FastifyRequest) => {
      const auth = await authenticate(request);
      if (auth.user.role !== "admin") throw new AppError("FORBIDDEN", ADMIN_MESSAGES.adminOnly);
    });
  },
  { name: "require-user" },
);

/** Admin writes per admin per minute: far above a person's pace, low enough to stop a runaway script. */
export const ADMIN_WRITE_LIMIT = {
  max: 60,
  timeWindow: "1 minute",
  // By username, which is unique and never reused.
  keyGenerator: (request: FastifyRequest) =>
    `admin:${request.auth?.user.username.toLowerCase() ?? request.ip}`,
} as const;

/** The signed-in session of a request that passed `requireUser`. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError("UNAUTHORIZED", ACCESS_MESSAGES.pleaseLogin);
  return request.auth;
}
