import { type SignalChart, signalChartEndpoint } from "@kalpa/contracts/signals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Every signal chart in the cache (cleared with the signals on token-refreshed and market-day-reset). */
export const signalChartsQueryKey = ["live", "chart"] as const;

export function signalChartQueryKey(id: string) {
  return [...signalChartsQueryKey, id] as const;
}

/** GET /api/signals/:id/chart: the traded option's 1-minute premium candles since the signal was generated. */
export async function getSignalChart(id: string, signal?: AbortSignal): Promise<SignalChart> {
  return apiRequest(signalChartEndpoint, { params: { id }, signal });
}

export function signalChartQueryOptions(id: string) {
  return queryOptions({
    queryKey: signalChartQueryKey(id),
    queryFn: ({ signal }) => getSignalChart(id, signal),
    // Fetched once per signal; each signal-update's LTP extends it in the cache.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { private: true },
  });
}

/** The chart of the signal `id`, or nothing while there is no signal. */
export function useSignalChart(id: string | null) {
  return useQuery({ ...signalChartQueryOptions(id ?? ""), enabled: id !== null });
}
