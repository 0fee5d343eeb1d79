import { type AccessCheck, accessCheckEndpoint } from "@kalpa/contracts/api/access";
import type { InstrumentSlug } from "@kalpa/contracts/names";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { accessCheckQueryKey } from "../utils/query-keys";

/**
 * GET /api/subscriptions/{service}: the access guard's check for one instrument. 200 for any signed-in
 * user (with the spec's message when there is no access), 401 without a session.
 */
export function getAccessCheck(
  service: InstrumentSlug,
  signal?: AbortSignal,
): Promise<AccessCheck> {
  return apiRequest(accessCheckEndpoint, { params: { service }, signal });
}

export function useAccessCheck(service: InstrumentSlug) {
  return useQuery(
    queryOptions({
      queryKey: accessCheckQueryKey(service),
      queryFn: ({ signal }) => getAccessCheck(service, signal),
      meta: { private: true },
    }),
  );
}
