import { type MarketOverview, marketOverviewEndpoint } from "@kalpa/contracts/api/market";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest } from "@/lib/api-client";
import { untilSessionEnd } from "../utils/market-clock";

/**
 * The market overview as this page holds it: the server's answer, kept current by the realtime socket's
 * updates (written into the same cache entry), and the local time the answer arrived, from which the
 * simulated market clock is extrapolated (the socket's updates do not move it).
 */
export interface LiveMarketOverview extends MarketOverview {
  /** `Date.now()` when the HTTP answer arrived. */
  receivedAt: number;
}

export async function getMarketOverview(signal?: AbortSignal): Promise<LiveMarketOverview> {
  const overview = await apiRequest(marketOverviewEndpoint, { signal });
  return { ...overview, receivedAt: Date.now() };
}

const RETRY_AFTER_ERROR_MS = 30_000;
/**
 * A broker's feed can stop (login needed, unreachable) or start again at any time, and only this answer
 * says so (`feed.staleSince`): while prices come from a broker, it is asked again this often.
 */
export const BROKER_FEED_CHECK_MS = 30_000;
/** A replay's clock is asked again this long after its session ends (by then it is in the next one). */
const SESSION_JUMP_MARGIN_MS = 500;

export const marketOverviewQueryKey = ["market", "overview"] as const;

export function marketOverviewQueryOptions() {
  return queryOptions({
    queryKey: marketOverviewQueryKey,
    queryFn: ({ signal }) => getMarketOverview(signal),
    // Public and cheap: after a failure (retries included) keep asking now and then, so a ticker left open
    // through a server restart comes back by itself; with a broker's feed, so a stop shows as stale data.
    refetchInterval: (query) =>
      query.state.status === "error"
        ? RETRY_AFTER_ERROR_MS
        : query.state.data?.feed.kind === "broker"
          ? BROKER_FEED_CHECK_MS
          : false,
  });
}

/** GET /api/market/snapshots (public): snapshots, market status, the feed's kind and the market clock. */
export function useMarketOverview() {
  const query = useQuery(marketOverviewQueryOptions());
  useFollowSessionEnd(query.data);
  return query;
}

/**
 * A replay's clock leaves its session at `clock.sessionEnd` for the next recorded session's open: the
 * overview is asked again then, so the screens follow it. A timer of its own, set from the HTTP answer:
 * the socket's frequent updates to the same entry would starve a refetch interval (each restarts it).
 */
export function useFollowSessionEnd(overview: LiveMarketOverview | undefined) {
  const queryClient = useQueryClient();
  const clock = overview?.clock;
  const receivedAt = overview?.receivedAt;
  const now = clock?.now;
  const speed = clock?.speed;
  const sessionEnd = clock?.sessionEnd;
  useEffect(() => {
    if (now === undefined || speed === undefined || receivedAt === undefined) return;
    const wait = untilSessionEnd(
      { now, speed, sessionEnd, simulated: true },
      receivedAt,
      Date.now(),
    );
    if (wait === undefined) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: marketOverviewQueryKey }),
      wait + SESSION_JUMP_MARGIN_MS,
    );
    return () => clearTimeout(timer);
  }, [queryClient, now, speed, sessionEnd, receivedAt]);
}

/** A realtime update: the overview with one socket payload applied (the same object if it is invalid). */
export type OverviewUpdate = (overview: LiveMarketOverview, payload: unknown) => LiveMarketOverview;

/**
 * A socket listener that applies `apply` to the cached overview. Until the HTTP answer is in there is
 * nothing to update; the answer is current anyway.
 */
export function updatesMarketOverview(queryClient: QueryClient, apply: OverviewUpdate) {
  return (payload: unknown) => {
    queryClient.setQueryData<LiveMarketOverview>(
      marketOverviewQueryKey,
      (current) => current && apply(current, payload),
    );
  };
}
