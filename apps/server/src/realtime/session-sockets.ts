/**
 * What the account services do to the sockets of sessions they end: tell them why (force-logout, with an
 * acknowledgement) and close them, or just close them. Through the hub's session rooms, so it works across
 * processes with the Redis adapter.
 */
import { type ForceLogoutPayload, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import { ROOMS } from "./hub";

export interface SessionSockets {
  /** Sends force-logout to each session's sockets, then closes them. Never throws. */
  forceLogout(sessionIds: readonly number[], reason: string): Promise<void>;
  /** Closes each session's sockets without a word (the browser itself ended the session). */
  disconnect(sessionIds: readonly number[]): void;
}

/**
 * Emits force-logout `{ reason }` to one session's room and waits up to `ackTimeoutMs` for the sockets'
 * acknowledgements (the client answers `{ ok: true }` or `{ ok: false, error }`), then disconnects the room
 * whether or not every socket answered.
 */
export function forceLogout(
  io: Server,
  sessionId: number,
  reason: string,
  log: FastifyBaseLogger,
  ackTimeoutMs: number,
): Promise<void> {
  const room = ROOMS.session(sessionId);
  const payload: ForceLogoutPayload = { reason };
  return new Promise((resolve) => {
    io.to(room)
      .timeout(ackTimeoutMs)
      .emit(SERVER_EVENTS.forceLogout, payload, (error: Error | null, acks: unknown[]) => {
        log.info({ sessionId, acks, allAcknowledged: error === null }, "force-logout acknowledged");
        io.in(room).disconnectSockets(true);
        resolve();
      });
  });
}

export function createSessionSockets(
  io: Server,
  log: FastifyBaseLogger,
  ackTimeoutMs: number,
): SessionSockets {
  return {
    async forceLogout(sessionIds, reason) {
      try {
        await Promise.all(sessionIds.map((id) => forceLogout(io, id, reason, log, ackTimeoutMs)));
      } catch (error) {
        log.warn({ err: error, sessionIds }, "force-logout could not reach the sockets");
      }
    },
    disconnect(sessionIds) {
      for (const id of sessionIds) io.in(ROOMS.session(id)).disconnectSockets(true);
    },
  };
}
