import { adminUserEndpoint } from "@kalpa/contracts/api/admin";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminUserQueryKey } from "./query-keys";

/** GET /api/admin/users/:id: the user, their access, contributions, sessions and recent audit. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminUserQueryKey(id),
    queryFn: ({ signal }) => apiRequest(adminUserEndpoint, { params: { id }, signal }),
    meta: { private: true },
  });
}
