import { adminSignalsEndpoint } from "@kalpa/contracts/signals";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminSignalsQueryKey } from "./query-keys";

/** How often the Signals panel asks again while it is on screen (LTP and P/L move with the market). */
export const SIGNALS_REFRESH_MS = 5_000;

/** GET /api/admin/signals: each model's latest signal of the market day, and whether the engine runs. */
export function useAdminSignals() {
  return useQuery({
    queryKey: adminSignalsQueryKey,
    queryFn: ({ signal }) => apiRequest(adminSignalsEndpoint, { signal }),
    refetchInterval: SIGNALS_REFRESH_MS,
    meta: { private: true },
  });
}
