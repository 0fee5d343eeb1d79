/**
 * The socket.io hub at /socket.io/ (websockets, with long-polling as the fallback). With REDIS_URL set, the
 * Redis adapter carries every broadcast to the sockets of all processes. Connections from other sites are
 * refused, as for state-changing HTTP requests.
 *
 * A socket that presents a valid session cookie in its handshake joins its user's and its session's rooms,
 * so that a force-logout or a private update reaches exactly that user or that browser. A socket without
 * one (the landing page's) stays anonymous: it is not refused.
 */
import { SOCKET_PATH } from "@kalpa/contracts/constants";
import type { AccessKey } from "@kalpa/contracts/names";
import { HOME_SOCKET_QUERY } from "@kalpa/contracts/socket-events";
import { createAdapter, type RedisAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { type Namespace, Server } from "socket.io";
import type { AppConfig } from "../config/app-config";
import { isAllowedOrigin } from "../plugins/security";

/** Rooms every later feature publishes to. */
export const ROOMS = {
  /** Anonymous landing-page sockets (query type=home). */
  home: "home",
  /** Signed-in sockets that asked for the dashboard's market data (get-snapshots). */
  market: "market",
  /** Every signed-in socket of one user. */
  user: (userId: number | string) => `user:${userId}`,
  /** The sockets of one session (one browser). */
  session: (sessionId: number | string) => `session:${sessionId}`,
  /**
   * Signed-in sockets whose user may see an instrument's model output now: open access and the risk
   * disclosure accepted (modules/access/rooms.ts keeps them current). BankNifty covers both its models.
   */
  instrument: (key: AccessKey) => `instrument:${key}`,
  /**
   * On a broker's feed with public prices delayed (decision 034): the market room's sockets that hear an
   * instrument's prices live, joined on get-snapshots by those in its instrument room, left with it.
   */
  marketLive: (key: AccessKey) => `market-live:${key}`,
} as const;

/** Who a socket belongs to, once its handshake cookie named an active session. */
export interface SocketAuth {
  userId: number;
  sessionId: number;
  expiresAt: Date;
}

/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** When a socket's session could not be checked (the database away), how soon it is checked again. */
const SESSION_RECHECK_RETRY_MS = 5000;

export interface RealtimeHubOptions {
  config: AppConfig;
  redis: { pub: Redis; sub: Redis; prefix: string } | undefined;
  /**
   * The session a handshake's cookie names; `fresh` reads the database rather than the sessions' short
   * read cache (decision 021), for the check after joining.
   */
  authenticate?: (
    cookieHeader: string | undefined,
    options?: { fresh?: boolean },
  ) => Promise<SocketAuth | null>;
  /** How soon a session check that failed (the database away) is tried again; 5 s unless a test says. */
  recheckRetryMs?: number;
}

/**
 * The Redis adapter, made to carry on while Redis is away (lib/redis.ts): asked how many processes there
 * are (to wait for every acknowledgement of a broadcast, such as force-logout's), it answers "this one"
 * instead of rejecting, which socket.io does not catch and which would end the process.
 */
export function adapterSurvivingRedis(redis: { pub: Redis; sub: Redis; prefix: string }) {
  const make = createAdapter(redis.pub, redis.sub, { key: `${redis.prefix}io` });
  return function survivingAdapter(nsp: Namespace) {
    const adapter = make(nsp) as RedisAdapter;
    const serverCount = adapter.serverCount.bind(adapter);
    adapter.serverCount = () => serverCount().catch(() => 1);
    return adapter;
  } as unknown as typeof make;
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
    ...(opts.redis ? { adapter: adapterSurvivingRedis(opts.redis) } : {}),
  });

  const authenticate = opts.authenticate;
  if (authenticate) {
    io.use(async (socket, next) => {
      try {
        const auth = await authenticate(socket.request.headers.cookie);
        if (auth) socket.data.auth = auth;
      } catch (error) {
        // A failed lookup costs the socket its private rooms, not its connection.
        app.log.warn({ err: error }, "could not read a socket's session");
      }
      next();
    });
  }

  io.on("connection", (socket) => {
    if (socket.handshake.query.type === HOME_SOCKET_QUERY.type) void socket.join(ROOMS.home);
    const auth = socket.data.auth as SocketAuth | undefined;
    if (!auth || !authenticate) return;
    void socket.join([ROOMS.user(auth.userId), ROOMS.session(auth.sessionId)]);
    // The session may have ended between the handshake's lookup and joining (a force-logout sent in that
    // moment missed this socket), and it ends by itself at its expiry: check it again at both times, and
    // close the socket when it is no longer the same live session. Read fresh: a session ended in another
    // process moments ago may still be in this process's read cache.
    let timer: NodeJS.Timeout | undefined;
    const recheck = async () => {
      let current: Awaited<ReturnType<typeof authenticate>>;
      try {
        current = await authenticate(socket.request.headers.cookie, { fresh: true });
      } catch (error) {
        // The database cannot say (restarting): the socket keeps what it had and asks again shortly.
        app.log.warn({ err: error }, "could not check a socket's session; checking again shortly");
        timer = setTimeout(() => void recheck(), opts.recheckRetryMs ?? SESSION_RECHECK_RETRY_MS);
        timer.unref();
        return;
      }
      if (current?.sessionId !== auth.sessionId) {
        socket.disconnect(true);
        return;
      }
      const untilExpiry = current.expiresAt.getTime() - Date.now();
      timer = setTimeout(() => void recheck(), Math.min(Math.max(untilExpiry, 1000), MAX_TIMER_MS));
      timer.unref();
    };
    void recheck();
    socket.on("disconnect", () => clearTimeout(timer));
  });

  // Close sockets before Fastify stops listening: an open websocket would otherwise hold the shutdown up
  // until the deadline (test/process.test.ts).
  app.addHook("preClose", async () => {
    // This process's sockets only: with the Redis adapter, io.disconnectSockets() would close every
    // process's sockets.
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  return io;
}
