import { type SignalLatency, signalLatencyEndpoint } from "@kalpa/contracts/signals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** GET /api/signals/latency: each model's decision-to-send over its record (public). */
export function getSignalLatency(signal?: AbortSignal): Promise<SignalLatency> {
  return apiRequest(signalLatencyEndpoint, { signal });
}

export const SIGNAL_LATENCY_QUERY_KEY = ["signals", "latency"] as const;

export function useSignalLatency() {
  return useQuery(
    queryOptions({
      queryKey: SIGNAL_LATENCY_QUERY_KEY,
      queryFn: ({ signal }) => getSignalLatency(signal),
      // The server keeps its answer half a minute.
      staleTime: 30_000,
    }),
  );
}
