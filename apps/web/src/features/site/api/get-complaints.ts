import { type ComplaintsTable, complaintsEndpoint } from "@kalpa/contracts/api/research-analyst";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const complaintsQueryKey = ["research-analyst", "complaints"] as const;

export function complaintsQueryOptions() {
  return queryOptions({
    queryKey: complaintsQueryKey,
    queryFn: ({ signal }): Promise<ComplaintsTable> => apiRequest(complaintsEndpoint, { signal }),
  });
}

export function useComplaints() {
  return useQuery(complaintsQueryOptions());
}
