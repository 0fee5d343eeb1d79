import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { updatesMarketOverview, useMarketOverview } from "../api/get-market-overview";
import { applySnapshotUpdate, applyStatusUpdate } from "../utils/apply-updates";
import { followMarket } from "../utils/follow-market";

/**
 * The dashboard's market data: the overview over HTTP, then the signed-in session's socket (the app's one
 * credentialed socket; this hook never opens another): it asks for the snapshots, and applies each
 * dashboard-update (a whole snapshot) and market-status-update (an exchange's status and stall).
 */
export function useSignedInMarket(socket: Socket | null) {
  const overview = useMarketOverview();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    return followMarket(socket, {
      [SERVER_EVENTS.dashboardUpdate]: updatesMarketOverview(queryClient, applySnapshotUpdate),
      [SERVER_EVENTS.marketStatusUpdate]: updatesMarketOverview(queryClient, applyStatusUpdate),
    });
  }, [socket, queryClient]);

  return overview;
}
