import { currentSignalsEndpoint } from "@kalpa/contracts/signals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { newerSignals, type SignalsByModel, signalsFromCurrent } from "../utils/signals";

/** The live screen's signals: the latest of each model, kept current by the socket's events. */
export const currentSignalsQueryKey = ["live", "signals"] as const;

/** GET /api/signals/current: the latest signal of each model the user may see. */
export async function getCurrentSignals(signal?: AbortSignal): Promise<SignalsByModel> {
  return signalsFromCurrent(await apiRequest(currentSignalsEndpoint, { signal }));
}

export function currentSignalsQueryOptions() {
  return queryOptions({
    queryKey: currentSignalsQueryKey,
    // An answer never replaces a newer signal the socket delivered while it was on its way.
    queryFn: async ({ signal, client }) => {
      const fetched = await getCurrentSignals(signal);
      return newerSignals(client.getQueryData(currentSignalsQueryKey), fetched);
    },
    // The socket keeps it current; it is fetched again on mount, reconnect and reset.
    staleTime: 0,
    meta: { private: true },
  });
}

export function useCurrentSignals() {
  return useQuery(currentSignalsQueryOptions());
}
