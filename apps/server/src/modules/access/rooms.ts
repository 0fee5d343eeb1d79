/**
 * Keeps signed-in sockets in the instrument rooms (ROOMS.instrument) their user may hear now: open access to
 * the instrument and the risk disclosure agreement accepted. Signals are broadcast to those rooms.
 *
 * - At connection: a middleware looks the user's rooms up, and the socket joins them as it connects.
 * - After a change (grant, deactivation, acceptance...): `accessChanged` moves the user's sockets in every
 *   process (socketsJoin/socketsLeave travel through the Redis adapter) and emits token-refreshed to them.
 *   With several processes it first tells the others to forget what they keep of the user (their read
 *   caches, decision 021): that message goes out on the same Redis connection as the event, so each process
 *   has forgotten before its sockets hear token-refreshed, and the screen's refetch reads the change.
 * - Expiries need no change to happen: a sweeper, in every process and for that process's sockets only,
 *   runs every `sweepEveryMs` and at the next known expiry. It reads the users whose expiry passed or whose
 *   rows were written within the last two sweep periods (indexed), re-places their sockets, and emits
 *   token-refreshed ("access-expired" when an expiry passed) only to sockets whose rooms changed, so it is
 *   idempotent and also picks up changes made where no socket server runs (the command line).
 */
import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { SERVER_EVENTS, type TokenRefreshedPayload } from "@kalpa/contracts/socket-events";
import type { FastifyBaseLogger } from "fastify";
import type { Server, Socket } from "socket.io";
import type { Clock } from "../../lib/clock";
import { ROOMS, type SocketAuth } from "../../realtime/hub";
import type { AccessNotifier } from "./changes";
import type { AccessReader } from "./service";
import type { SubscriptionRepository } from "./subscription-repository";

export const ACCESS_SWEEP_EVERY_MS = 30_000;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Between processes: forget what you keep of this user, their access changed (the user's id). */
const FORGET_USER_EVENT = "kalpa:access-forget-user";

type PlacedSocket = Pick<Socket, "rooms" | "join" | "leave" | "emit">;

/**
 * Puts one socket in exactly the rooms of `keys`; answers whether anything changed. An instrument's live
 * market room (decision 034) follows its instrument room: left with it, and joined with it by a socket
 * already following the market.
 */
function place(socket: PlacedSocket, keys: readonly AccessKey[]): boolean {
  let changed = false;
  for (const key of ACCESS_KEYS) {
    const room = ROOMS.instrument(key);
    const wanted = keys.includes(key);
    if (wanted && !socket.rooms.has(room)) {
      void socket.join(room);
      if (socket.rooms.has(ROOMS.market)) void socket.join(ROOMS.marketLive(key));
      changed = true;
    } else if (!wanted && socket.rooms.has(room)) {
      void socket.leave(room);
      void socket.leave(ROOMS.marketLive(key));
      changed = true;
    }
  }
  return changed;
}

export interface AccessRooms extends AccessNotifier {
  /** One sweep now (also run by the timer). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export function createAccessRooms(
  io: Server,
  deps: {
    reader: Pick<AccessReader, "roomKeys">;
    subscriptions: Pick<SubscriptionRepository, "changedBetween" | "nextExpiry">;
    clock: Clock;
    log: FastifyBaseLogger;
    sweepEveryMs?: number;
    /** Several processes share the Redis adapter: tell the others of each change. */
    clustered?: boolean;
    /** Another process changed this user's access: forget what this one keeps of them. */
    onPeerChange?: (userId: number) => void;
  },
): AccessRooms {
  const { reader, subscriptions, clock, log } = deps;
  const every = deps.sweepEveryMs ?? ACCESS_SWEEP_EVERY_MS;
  /** Counts changes made by this process: a socket whose lookup raced one looks again. */
  let changes = 0;

  const keysOf = async (userId: number) => (await reader.roomKeys([userId])).get(userId) ?? [];

  io.use(async (socket, next) => {
    const auth = socket.data.auth as SocketAuth | undefined;
    if (auth) {
      socket.data.accessSeen = changes;
      socket.data.accessKeys = await keysOf(auth.userId).catch((error: unknown) => {
        log.warn({ err: error }, "could not read a socket's access; it joins no instrument room");
        return [];
      });
    }
    next();
  });

  if (deps.clustered) {
    io.on(FORGET_USER_EVENT, (userId: unknown) => {
      if (typeof userId === "number") deps.onPeerChange?.(userId);
    });
  }

  io.on("connection", (socket) => {
    const auth = socket.data.auth as SocketAuth | undefined;
    if (!auth) return;
    place(socket, socket.data.accessKeys as AccessKey[]);
    if (socket.data.accessSeen !== changes) {
      void keysOf(auth.userId).then(
        (keys) => place(socket, keys),
        (error: unknown) => log.warn({ err: error }, "could not re-read a socket's access"),
      );
    }
  });

  async function accessChanged(userId: number, reason: TokenRefreshedPayload["reason"]) {
    changes += 1;
    // First, whatever follows: the other processes forget the user before any of their sockets hears.
    if (deps.clustered) io.serverSideEmit(FORGET_USER_EVENT, userId);
    try {
      const keys = await keysOf(userId);
      const rooms = keys.map((key) => ROOMS.instrument(key));
      const leave = ACCESS_KEYS.filter((key) => !keys.includes(key)).flatMap((key) => [
        ROOMS.instrument(key),
        ROOMS.marketLive(key),
      ]);
      const sockets = io.in(ROOMS.user(userId));
      if (leave.length > 0) sockets.socketsLeave(leave);
      if (rooms.length > 0) sockets.socketsJoin(rooms);
      const payload: TokenRefreshedPayload = { reason };
      io.to(ROOMS.user(userId)).emit(SERVER_EVENTS.tokenRefreshed, payload);
    } catch (error) {
      log.warn({ err: error, userId }, "could not move a user's sockets after an access change");
    }
    schedule();
  }

  let lastSweep = clock().getTime();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function sweepOnce(): Promise<void> {
    const now = clock();
    // Two periods back: a row written just before the last sweep's query but committed after it is not
    // missed. Re-placing is idempotent, so seeing a user twice costs a lookup and nothing more.
    const since = new Date(Math.min(lastSweep, now.getTime()) - every);
    lastSweep = now.getTime();
    const changed = await subscriptions.changedBetween(since, now);
    const found = await Promise.all(
      changed.map(async ({ userId, expired }) => ({
        userId,
        expired,
        sockets: await io.local.in(ROOMS.user(userId)).fetchSockets(),
      })),
    );
    const present = found.filter((entry) => entry.sockets.length > 0);
    if (present.length === 0) return;
    const keys = await reader.roomKeys(present.map((entry) => entry.userId));
    for (const { userId, expired, sockets } of present) {
      const payload: TokenRefreshedPayload = {
        reason: expired ? "access-expired" : "access-changed",
      };
      for (const socket of sockets) {
        if (place(socket, keys.get(userId) ?? []))
          socket.emit(SERVER_EVENTS.tokenRefreshed, payload);
      }
    }
  }

  /** Sets the timer for the next sweep: the next known expiry, or one period from now, whichever is first. */
  function schedule() {
    if (stopped) return;
    void subscriptions
      .nextExpiry(clock())
      .catch(() => undefined)
      .then((next) => {
        if (stopped) return;
        const untilExpiry = next ? next.getTime() - clock().getTime() + 1 : every;
        clearTimeout(timer);
        timer = setTimeout(run, Math.min(Math.max(untilExpiry, 0), every, MAX_TIMER_MS));
        timer.unref();
      });
  }

  function run() {
    running = running
      .then(sweepOnce)
      .catch((error: unknown) =>
        log.warn({ err: error }, "access sweep failed; it runs again soon"),
      )
      .finally(schedule);
  }

  schedule();

  return {
    accessChanged,
    async sweep() {
      run();
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
