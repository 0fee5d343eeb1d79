import { adminUsersEndpoint } from "@kalpa/contracts/api/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminUsersQueryKey } from "./query-keys";

/** GET /api/admin/users?q=&page=: a page of users matching username, name, e-mail or mobile. */
export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: adminUsersQueryKey(q, page),
    queryFn: ({ signal }) =>
      apiRequest(adminUsersEndpoint, { query: { q: q || undefined, page }, signal }),
    // The page being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}
