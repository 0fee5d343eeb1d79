import { CLIENT_EVENTS } from "@kalpa/contracts/socket-events";
import type { Socket } from "socket.io-client";

type Payload = (payload: unknown) => void;

/**
 * Listens on `socket` for the given server events and asks for the snapshots (get-snapshots) whenever the
 * socket connects, now if it already is, and again after every reconnection, so a screen is whole again after
 * a gap. Returns a function that removes every listener it added.
 */
export function followMarket(socket: Socket, listeners: Record<string, Payload>): () => void {
  const askForSnapshots = () => {
    socket.emit(CLIENT_EVENTS.getSnapshots);
  };
  const entries = Object.entries(listeners);
  for (const [event, listener] of entries) socket.on(event, listener);
  socket.on("connect", askForSnapshots);
  if (socket.connected) askForSnapshots();
  return () => {
    for (const [event, listener] of entries) socket.off(event, listener);
    socket.off("connect", askForSnapshots);
  };
}
