import {
  type ResearchAnalyst,
  researchAnalystEndpoint,
} from "@kalpa/contracts/api/research-analyst";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function getResearchAnalyst(signal?: AbortSignal): Promise<ResearchAnalyst> {
  return apiRequest(researchAnalystEndpoint, { signal });
}

export const researchAnalystQueryKey = ["research-analyst"] as const;

/**
 * The operator's research-analyst profile (null without one): the footer, the disclosures, each live
 * signal card and the journal's track record read it.
 */
export function researchAnalystQueryOptions() {
  return queryOptions({
    queryKey: researchAnalystQueryKey,
    queryFn: ({ signal }) => getResearchAnalyst(signal),
    staleTime: 5 * 60_000,
  });
}

export function useResearchAnalyst() {
  return useQuery(researchAnalystQueryOptions());
}
