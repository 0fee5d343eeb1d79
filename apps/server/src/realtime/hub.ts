/**
 * The socket.io hub at /socket.io/. With REDIS_URL set, the Redis adapter carries every broadcast to the
 * sockets of all processes. Connections from other sites are refused, as for state-changing HTTP requests.
 */
import { SOCKET_PATH } from "@kalpa/contracts/constants";
import { HOME_SOCKET_QUERY } from "@kalpa/contracts/socket-events";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { Server } from "socket.io";
import type { AppConfig } from "../config/env";
import { isAllowedOrigin } from "../plugins/security";

/** Rooms every later feature publishes to. */
export const ROOMS = {
  /** Anonymous landing-page sockets (query type=home). */
  home: "home",
} as const;

export interface RealtimeHubOptions {
  config: AppConfig;
  redis: { pub: Redis; sub: Redis } | undefined;
}

export function createRealtimeHub(app: FastifyInstance, opts: RealtimeHubOptions): Server {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ["websocket", "polling"],
    allowRequest: (request, callback) => {
      const allowed = isAllowedOrigin(request.headers, opts.config.publicOrigin);
      if (!allowed) app.log.warn({ origin: request.headers.origin }, "refused cross-site socket");
      callback(null, allowed);
    },
    ...(opts.redis
      ? { adapter: createAdapter(opts.redis.pub, opts.redis.sub, { key: "kalpa:io" }) }
      : {}),
  });

  io.on("connection", (socket) => {
    if (socket.handshake.query.type === HOME_SOCKET_QUERY.type) void socket.join(ROOMS.home);
  });

  // Close sockets before Fastify stops listening: an open websocket would otherwise hold the shutdown up
  // until the deadline (test/process.test.ts).
  app.addHook("preClose", async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });

  return io;
}
