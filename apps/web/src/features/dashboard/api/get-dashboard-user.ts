import { getProfileEndpoint } from "@kalpa/contracts/api/auth";
import type { Profile } from "@kalpa/contracts/api/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * The dashboard's user data (spec section 4: loading, then error or loaded). The profile today; issue 6
 * adds the subscription status beside it (GET /api/subscription/status), and the access of each service.
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
