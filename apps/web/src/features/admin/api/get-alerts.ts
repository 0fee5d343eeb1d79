import { adminAlertsEndpoint } from "@kalpa/contracts/api/admin-alerts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminAlertsQueryKey } from "./query-keys";

/** How often the Alerts view asks again while it is on screen (failures and the queue move by the minute). */
export const ALERTS_REFRESH_MS = 30_000;

/** GET /api/admin/alerts: each channel's health and counts, the queue, recent failures and events. */
export function useAdminAlerts() {
  return useQuery({
    queryKey: adminAlertsQueryKey,
    queryFn: ({ signal }) => apiRequest(adminAlertsEndpoint, { signal }),
    refetchInterval: ALERTS_REFRESH_MS,
    meta: { private: true },
  });
}
