/**
 * socket.io client factory (spec section 7 and 9): /socket.io/, websocket first with polling fallback,
 * reconnection with 1 s to 5 s backoff, randomisation 0.5, unlimited attempts, 20 s connect timeout.
 * Sockets are created disconnected; callers decide when to connect. Connection errors are only logged.
 */
import { SOCKET_PATH, SOCKET_RECONNECTION } from "@kalpa/contracts/constants";
import { HOME_SOCKET_QUERY } from "@kalpa/contracts/socket-events";
import { io, type Socket } from "socket.io-client";

export interface CreateSocketOptions {
  /** Server URL; same origin when omitted. */
  url?: string;
  /** Send the session cookie. Defaults to true. */
  withCredentials?: boolean;
  /** Sent with the handshake. */
  query?: Record<string, string>;
}

export function createSocket(options: CreateSocketOptions = {}): Socket {
  const socketOptions = {
    path: SOCKET_PATH,
    transports: ["websocket", "polling"],
    // Without this a failed websocket is retried as a websocket forever; with it, polling is tried next.
    tryAllTransports: true,
    withCredentials: options.withCredentials ?? true,
    autoConnect: false,
    // Each socket gets its own connection, so credentialed and anonymous sockets never share a manager.
    forceNew: true,
    ...SOCKET_RECONNECTION,
    ...(options.query ? { query: options.query } : {}),
  };
  const socket = options.url ? io(options.url, socketOptions) : io(socketOptions);
  socket.on("connect_error", (error) => {
    console.warn(`[socket] connection error: ${error.message}`);
  });
  return socket;
}

/** The landing page's socket: no credentials, and it says so with `type=home`. */
export function createHomeSocket(options: Pick<CreateSocketOptions, "url"> = {}): Socket {
  return createSocket({ ...options, withCredentials: false, query: { ...HOME_SOCKET_QUERY } });
}
