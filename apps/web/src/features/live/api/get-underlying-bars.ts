import { type BarsResponse, marketBarsEndpoint } from "@kalpa/contracts/api/market";
import type { MarketSymbol } from "@kalpa/contracts/names";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function underlyingBarsQueryKey(symbol: MarketSymbol, day: string) {
  return ["live", "underlying", symbol, "1m", day] as const;
}

/** GET /api/market/bars?symbol=&interval=1m&from=<day>: the underlying's 1-minute bars of a trading day. */
export async function getUnderlyingBars(
  symbol: MarketSymbol,
  day: string,
  signal?: AbortSignal,
): Promise<BarsResponse> {
  return apiRequest(marketBarsEndpoint, {
    query: { symbol, interval: "1m", from: day },
    signal,
  });
}

export function underlyingBarsQueryOptions(symbol: MarketSymbol, day: string) {
  return queryOptions({
    queryKey: underlyingBarsQueryKey(symbol, day),
    queryFn: ({ signal }) => getUnderlyingBars(symbol, day, signal),
    // Fetched once per day and symbol; the market's live prices extend it in the cache.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUnderlyingBars(symbol: MarketSymbol, day: string | null) {
  return useQuery({ ...underlyingBarsQueryOptions(symbol, day ?? ""), enabled: day !== null });
}
