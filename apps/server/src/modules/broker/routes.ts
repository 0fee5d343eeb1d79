/**
 * The broker's admin routes (packages/contracts/src/api/broker.ts):
 *
 * - GET /api/admin/broker: the connection's state. The engine's process holds the stream; another process
 *   of a cluster asks it (a server-side event over the Redis adapter), and says what the stored session
 *   tells when no process answers.
 * - GET /api/admin/broker/kite/login and /callback: the daily login (kite-login.ts).
 * - POST /api/admin/broker/logout: forgets the stored token; the feed stops and asks for a login.
 *
 * Every change is audited. With another MARKET_FEED the status says "off" and the login is refused.
 */
import {
  BROKER_CONSOLE_PATH,
  BROKER_LOGOUT_PATH,
  type BrokerStatus,
  BrokerStatusSchema,
  brokerStatusEndpoint,
  KITE_CALLBACK_PATH,
  KITE_LOGIN_PATH,
  KiteCallbackQuerySchema,
  type KiteLoginFailure,
} from "@kalpa/contracts/api/broker";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Server } from "socket.io";
import { z } from "zod";
import type { AppDb } from "../../db/client";
import { AppError } from "../../lib/errors";
import { createAuditRepository } from "../audit/repository";
import { ADMIN_WRITE_LIMIT, authOf } from "../auth/require-user";
import { type BrokerSessionStore, usableToken } from "./broker-sessions";
import { type KiteLogin, KiteLoginRefused } from "./kite/kite-login";
import { BROKER } from "./kite/kite-token";

const STATUS_EVENT = "kalpa:broker-status";
const tags = ["admin"];

/** The status of the broker connection, from whichever process holds it. */
export interface BrokerControl {
  /** The engine's process sets its own reader while it leads (and clears it when it stops). */
  attach(read: (() => BrokerStatus) | undefined): void;
  status(): Promise<BrokerStatus | undefined>;
}

export function createBrokerControl(io: Server, options: { clustered: boolean }): BrokerControl {
  let local: (() => BrokerStatus) | undefined;
  if (options.clustered) {
    io.on(STATUS_EVENT, (ack: unknown) => {
      if (typeof ack === "function") ack(local ? local() : null);
    });
  }
  return {
    attach(read) {
      local = read;
    },
    async status() {
      if (local) return local();
      if (!options.clustered) return undefined;
      const replies = await io.serverSideEmitWithAck(STATUS_EVENT).catch(() => [] as unknown[]);
      for (const reply of replies as unknown[]) {
        const parsed = BrokerStatusSchema.safeParse(reply);
        if (parsed.success) return parsed.data;
      }
      return undefined;
    },
  };
}

export interface BrokerRoutesOptions {
  db: AppDb;
  /** Undefined unless MARKET_FEED=kite. */
  kite: { login: KiteLogin; sessions: BrokerSessionStore } | undefined;
  control: BrokerControl;
}

/** What the status says when no process holds the stream (it is starting, or the engine runs nowhere). */
async function storedStatus(kite: BrokerRoutesOptions["kite"]): Promise<BrokerStatus> {
  const base = {
    broker: BROKER,
    since: Date.now(),
    lastTickAt: null,
    stalled: [],
    instruments: { count: 0, loadedAt: null, disagreements: [], notes: [] },
    dropped: 0,
    loginPath: KITE_LOGIN_PATH,
  };
  if (!kite) {
    return {
      ...base,
      state: "off",
      message: "No broker is configured: the site runs on simulated data (MARKET_FEED).",
      userId: null,
      tokenExpiresAt: null,
    };
  }
  const session = await kite.sessions.current(BROKER);
  const usable = usableToken(session);
  return {
    ...base,
    state: usable.ok ? "connecting" : "login-needed",
    message: usable.ok
      ? "A Kite session is stored; the market engine's process has not reported on the stream yet."
      : usable.reason,
    userId: session?.userId ?? null,
    tokenExpiresAt: session?.expiresAt ?? null,
  };
}

function consoleUrl(
  outcome: { connected: true } | { connected: false; reason: KiteLoginFailure },
): string {
  const params = new URLSearchParams(
    outcome.connected ? { broker: "connected" } : { broker: "error", reason: outcome.reason },
  );
  return `${BROKER_CONSOLE_PATH}&${params}`;
}

export const brokerRoutes: FastifyPluginAsyncZod<BrokerRoutesOptions> = async (app, opts) => {
  const audit = createAuditRepository(opts.db);

  app.get(
    brokerStatusEndpoint.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: the broker connection (state, session, instrument list, stalls)",
        response: { 200: successEnvelope(brokerStatusEndpoint.response) },
      },
    },
    async () => ({
      success: true as const,
      data:
        (opts.kite ? await opts.control.status() : undefined) ?? (await storedStatus(opts.kite)),
    }),
  );

  app.get(
    KITE_LOGIN_PATH,
    {
      onRequest: app.requireAdmin,
      schema: { tags, summary: "Admin: redirects to Kite's login page (the daily broker login)" },
    },
    async (request, reply) => {
      if (!opts.kite) {
        throw new AppError(
          "CONFLICT",
          "The site is not configured for Kite: set MARKET_FEED=kite, KITE_API_KEY and KITE_API_SECRET.",
        );
      }
      const { sessionId } = authOf(request);
      return reply.redirect(opts.kite.login.loginUrl(sessionId, Date.now()), 302);
    },
  );

  app.get(
    KITE_CALLBACK_PATH,
    {
      schema: {
        tags,
        summary:
          "Kite's redirect back after the operator's login (checks the state, stores the token)",
        querystring: KiteCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const kite = opts.kite;
      if (!kite)
        return reply.redirect(consoleUrl({ connected: false, reason: "not-configured" }), 302);
      // The admin's session comes with this top-level navigation (SameSite=Lax); without it, refuse.
      const auth = await app.authenticate(request).catch(() => undefined);
      if (auth?.user.role !== "admin") {
        return reply.redirect(
          consoleUrl({
            connected: false,
            reason: "not-admin",
          }),
          302,
        );
      }
      try {
        const { userId, expiresAt } = await kite.login.complete(
          request.query,
          auth.sessionId,
          Date.now(),
        );
        await audit.append({
          actor: auth.user.username,
          action: "broker.login",
          target: `broker:${BROKER}`,
          details: { userId, expiresAt: new Date(expiresAt).toISOString() },
          ip: request.ip,
        });
        request.log.info({ userId }, "Kite login: access token stored");
        return reply.redirect(consoleUrl({ connected: true }), 302);
      } catch (error) {
        if (!(error instanceof KiteLoginRefused)) throw error;
        await audit.append({
          actor: auth.user.username,
          action: "broker.login_refused",
          target: `broker:${BROKER}`,
          details: { reason: error.message },
          ip: request.ip,
        });
        request.log.warn({ reason: error.message }, "Kite login refused");
        return reply.redirect(consoleUrl({ connected: false, reason: error.code }), 302);
      }
    },
  );

  app.post(
    BROKER_LOGOUT_PATH,
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: ADMIN_WRITE_LIMIT },
      schema: {
        tags,
        summary: "Admin: forgets the stored broker token (the feed stops until the next login)",
        response: { 200: successEnvelope(z.object({ forgotten: z.boolean() })) },
      },
    },
    async (request) => {
      if (!opts.kite) throw new AppError("CONFLICT", "No broker is configured.");
      const { user } = authOf(request);
      const had = (await opts.kite.sessions.current(BROKER)) !== undefined;
      await opts.kite.sessions.forget(BROKER);
      await audit.append({
        actor: user.username,
        action: "broker.logout",
        target: `broker:${BROKER}`,
        details: {},
        ip: request.ip,
      });
      return {
        success: true as const,
        data: { forgotten: had },
        message: "The Kite session is forgotten; the feed stops until the next login.",
      };
    },
  );
};
