import { type SiteInfo, siteInfoEndpoint } from "@kalpa/contracts/api/site";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return apiRequest(siteInfoEndpoint, { signal });
}

export const siteInfoQueryKey = ["site"] as const;

export function siteInfoQueryOptions() {
  return queryOptions({
    queryKey: siteInfoQueryKey,
    queryFn: ({ signal }) => getSiteInfo(signal),
    // The brand and the operator's contact change rarely.
    staleTime: 10 * 60_000,
  });
}

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}
