import { brokerStatusEndpoint } from "@kalpa/contracts/api/broker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminBrokerQueryKey } from "./query-keys";

/** How often the Broker view asks again while it is on screen (the feed's last price moves by the second). */
export const BROKER_REFRESH_MS = 5_000;
/** How often every other view asks, for its "Broker login needed" banner. */
export const BROKER_BANNER_REFRESH_MS = 30_000;

export function brokerStatusQueryOptions(refetchInterval: number) {
  return queryOptions({
    queryKey: adminBrokerQueryKey,
    queryFn: ({ signal }) => apiRequest(brokerStatusEndpoint, { signal }),
    refetchInterval,
    meta: { private: true },
  });
}

/** GET /api/admin/broker: the broker connection's state, its feed's health and its instrument list. */
export function useBrokerStatus(refetchInterval = BROKER_REFRESH_MS) {
  return useQuery(brokerStatusQueryOptions(refetchInterval));
}
