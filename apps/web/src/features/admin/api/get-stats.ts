import { adminStatsEndpoint } from "@kalpa/contracts/api/admin";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminStatsQueryKey } from "./query-keys";

/** GET /api/admin/stats: users, active subscribers per instrument, expiring soon, signed copies pending. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminStatsQueryKey,
    queryFn: ({ signal }) => apiRequest(adminStatsEndpoint, { signal }),
    meta: { private: true },
  });
}
