/**
 * Signed-in sockets as the browser opens them (apps/web/src/lib/socket.ts: the same path and reconnection
 * settings, websocket transport, the session cookie in the handshake) and asking for the dashboard's prices
 * on each connection, each recording the events it hears and when it lost and regained its connection.
 */
import { SOCKET_PATH, SOCKET_RECONNECTION } from "@kalpa/contracts/constants";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { io, type Socket } from "socket.io-client";
import { waitFor } from "./drill";

export interface Heard {
  event: string;
  /** The signal's id. */
  id: string;
  /** The status it was sent with (a transition), if any. */
  status: string | undefined;
  at: number;
}

export class WatchingClient {
  readonly socket: Socket;
  readonly heard: Heard[] = [];
  connects = 0;
  /** When it heard each event (any event: prices, statuses, signals). */
  readonly eventTimes: number[] = [];
  disconnectedAt: number | undefined;
  /** When it connected again after its last disconnection. */
  reconnectedAt: number | undefined;

  constructor(front: string, cookie: string) {
    this.socket = io(front, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      forceNew: true,
      ...SOCKET_RECONNECTION,
      extraHeaders: { cookie, origin: front },
    });
    this.socket.onAny(() => {
      this.eventTimes.push(performance.now());
    });
    this.socket.on("connect", () => {
      // As the dashboard does on each connection: its prices, then every update.
      this.socket.emit(CLIENT_EVENTS.getSnapshots);
      this.connects++;
      if (this.disconnectedAt !== undefined) this.reconnectedAt = performance.now();
    });
    this.socket.on("disconnect", () => {
      this.disconnectedAt = performance.now();
      this.reconnectedAt = undefined;
    });
    this.socket.on(
      SERVER_EVENTS.newSignal,
      (payload: { signal?: { id?: string; status?: string } }) => {
        const signal = payload?.signal;
        if (signal?.id)
          this.heard.push({
            event: "new-signal",
            id: signal.id,
            status: signal.status,
            at: performance.now(),
          });
      },
    );
    this.socket.on(
      SERVER_EVENTS.signalUpdate,
      (payload: { id?: string; changes?: { status?: string } }) => {
        if (payload?.id) {
          this.heard.push({
            event: "signal-update",
            id: payload.id,
            status: payload.changes?.status,
            at: performance.now(),
          });
        }
      },
    );
  }

  /** The statuses it heard for a signal, in order (a transition's status, not the price updates). */
  statusesOf(id: string): string[] {
    return this.heard
      .filter((h) => h.id === id && h.status !== undefined)
      .map((h) => h.status as string);
  }

  /** Whether it heard any event between two instants (performance.now()). */
  heardBetween(from: number, to: number): boolean {
    return this.eventTimes.some((at) => at >= from && at < to);
  }

  /** The first event it heard at or after an instant. */
  firstEventFrom(from: number): number | undefined {
    return this.eventTimes.find((at) => at >= from);
  }

  close() {
    this.socket.disconnect();
  }
}

/** Opens `count` signed-in clients through `front`; answers once all are connected (or after 30 s). */
export async function openClients(front: string, cookie: string, count: number) {
  const clients = Array.from({ length: count }, () => new WatchingClient(front, cookie));
  await waitFor(() => (clients.every((c) => c.socket.connected) ? true : undefined), 30_000);
  return clients;
}
