import { type PaperStats, paperStatsEndpoint } from "@kalpa/contracts/api/paper";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type JournalFilters, journalQuery } from "../utils/journal-filters";

/** GET /api/paper/stats?model&days: the track record of the same trades (public). */
export function getPaperStats(filters: JournalFilters, signal?: AbortSignal): Promise<PaperStats> {
  return apiRequest(paperStatsEndpoint, { query: journalQuery(filters), signal });
}

export function paperStatsQueryKey(filters: JournalFilters) {
  return ["journal", "stats", filters.model, filters.days] as const;
}

export function usePaperStats(filters: JournalFilters) {
  return useQuery(
    queryOptions({
      queryKey: paperStatsQueryKey(filters),
      queryFn: ({ signal }) => getPaperStats(filters, signal),
      staleTime: 60_000,
    }),
  );
}
