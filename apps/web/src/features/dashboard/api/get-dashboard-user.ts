import { getProfileEndpoint } from "@kalpa/contracts/api/auth";
import type { Profile } from "@kalpa/contracts/api/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * The dashboard's user data (spec section 4: loading, then error or loaded): the profile. The access of
 * each service comes from the subscription status, which the route reads.
 */
export function getDashboardUser(signal?: AbortSignal): Promise<Profile> {
  return apiRequest(getProfileEndpoint, { signal });
}

export const dashboardUserQueryKey = ["dashboard", "user"] as const;

export function useDashboardUser() {
  return useQuery(
    queryOptions({
      queryKey: dashboardUserQueryKey,
      queryFn: ({ signal }) => getDashboardUser(signal),
      meta: { private: true },
    }),
  );
}
