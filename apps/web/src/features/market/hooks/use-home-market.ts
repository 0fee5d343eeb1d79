import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import { afterPageLoad } from "@/lib/page-load";
import { onEntered } from "@/lib/site-entry";
import { useMarketOverview } from "../api/get-market-overview";
import { HomeSocketContext } from "../utils/home-socket";

/**
 * The landing ticker's data: the market overview over HTTP for the first paint, then, once the page has
 * loaded and the visitor has entered (past the consent gate, lib/site-entry.ts), the home socket (no
 * credentials, type=home) and the code that follows it: it asks for the snapshots and each home-update
 * moves that symbol's last price and percent change. The socket is closed when the ticker goes away.
 */
export function useHomeMarket() {
  const overview = useMarketOverview();
  const createSocket = useContext(HomeSocketContext);
  const queryClient = useQueryClient();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    let cancelLoad: (() => void) | undefined;
    const cancelEntry = onEntered(() => {
      cancelLoad = afterPageLoad(() => {
        Promise.all([createSocket(), import("../utils/home-feed")]).then(
          ([socket, feed]) => {
            if (!stopped) stop = feed.followHomeFeed(socket, queryClient);
          },
          (error: unknown) => console.warn("[market] could not load the realtime client", error),
        );
      });
    });
    return () => {
      stopped = true;
      cancelEntry();
      cancelLoad?.();
      stop?.();
    };
  }, [createSocket, queryClient]);

  return overview;
}
