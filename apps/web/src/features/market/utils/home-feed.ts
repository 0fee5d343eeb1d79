import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import type { QueryClient } from "@tanstack/react-query";
import type { Socket } from "socket.io-client";
import { updatesMarketOverview } from "../api/get-market-overview";
import { applyTickerUpdate } from "./apply-updates";
import { followMarket } from "./follow-market";

/**
 * The landing ticker's live half, loaded with the socket after the page (so none of it weighs on the first
 * paint): connects the home socket, asks for the snapshots and applies each home-update to the cached
 * overview. Returns a function that removes the listeners and closes the socket.
 */
export function followHomeFeed(socket: Socket, queryClient: QueryClient): () => void {
  const unfollow = followMarket(socket, {
    [SERVER_EVENTS.homeUpdate]: updatesMarketOverview(queryClient, applyTickerUpdate),
  });
  socket.connect();
  return () => {
    unfollow();
    socket.disconnect();
  };
}
