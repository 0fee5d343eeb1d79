import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { accessQueryKey } from "../utils/query-keys";

/**
 * Access changes act at once: when the server says the user's access changed (`token-refreshed`, after a
 * grant, an extension, a deactivation or an expiry), everything that depends on access is fetched again,
 * so a newly granted instrument opens without signing in again and a revoked one locks. A reconnection
 * does the same, as the event may have been sent while the socket was away.
 */
export function useAccessRefresh(socket: Socket | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: accessQueryKey });
    };
    // The first connection is the session's start, not a return: only later ones refetch.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    };
    socket.on(SERVER_EVENTS.tokenRefreshed, refresh);
    socket.on("connect", onConnect);
    return () => {
      socket.off(SERVER_EVENTS.tokenRefreshed, refresh);
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);
}
