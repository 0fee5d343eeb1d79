import { type SignalPayoff, signalPayoffEndpoint } from "@kalpa/contracts/signals";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Today's curve moves with the clock and the underlying: the payoff is asked again this often. */
export const PAYOFF_REFRESH_MS = 60_000;

export function signalPayoffQueryKey(id: string, entryPrice: number | null) {
  return ["live", "payoff", id, entryPrice] as const;
}

/** GET /api/signals/:id/payoff: the signal's payoff at expiry and today. */
export async function getSignalPayoff(id: string, signal?: AbortSignal): Promise<SignalPayoff> {
  return apiRequest(signalPayoffEndpoint, { params: { id }, signal });
}

/** The payoff of the signal `id` (asked again once it is entered: the premium paid changes). */
export function useSignalPayoff(id: string | null, entryPrice: number | null) {
  return useQuery({
    queryKey: signalPayoffQueryKey(id ?? "", entryPrice),
    queryFn: ({ signal }) => getSignalPayoff(id ?? "", signal),
    enabled: id !== null,
    staleTime: PAYOFF_REFRESH_MS,
    refetchInterval: PAYOFF_REFRESH_MS,
    meta: { private: true },
  });
}
