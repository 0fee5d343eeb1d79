import { useContext } from "react";
import type { Socket } from "socket.io-client";
import { SessionSocketContext } from "../utils/session-socket-context";

/**
 * The app's one credentialed socket while someone is signed in (null otherwise). Subscribe in an effect
 * keyed on it, and remove your listeners in the cleanup.
 */
export function useSessionSocket(): Socket | null {
  return useContext(SessionSocketContext);
}
