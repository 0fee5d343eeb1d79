import { auditEndpoint } from "@kalpa/contracts/api/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminAuditQueryKey } from "./query-keys";

/** GET /api/admin/audit?target=&before=: the audit log, newest first, a page at a time. */
export function useAdminAudit(target: string) {
  return useInfiniteQuery({
    queryKey: adminAuditQueryKey(target),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(auditEndpoint, {
        query: { target: target || undefined, before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    meta: { private: true },
  });
}
