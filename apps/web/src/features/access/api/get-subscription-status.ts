import { type SubscriptionStatus, subscriptionStatusEndpoint } from "@kalpa/contracts/api/access";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { subscriptionStatusQueryKey } from "../utils/query-keys";
import { writeSubscriptionHint } from "../utils/subscription-hint";

/**
 * GET /api/subscription/status (spec section 3): the user, their access per instrument and where they
 * stand with the risk disclosure agreement. Every answer refreshes the `userSubscription` hint.
 */
export async function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  const status = await apiRequest(subscriptionStatusEndpoint, { signal });
  writeSubscriptionHint(status.subscriptions);
  return status;
}

export function subscriptionStatusQueryOptions() {
  return queryOptions({
    queryKey: subscriptionStatusQueryKey,
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    meta: { private: true },
  });
}

export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled });
}
