import { type PaperAnalytics, paperAnalyticsEndpoint } from "@kalpa/contracts/api/paper";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type JournalFilters, journalQuery } from "../utils/journal-filters";

/** GET /api/paper/analytics?model&days: the same trades analysed (gated like the track record). */
export function getPaperAnalytics(
  filters: JournalFilters,
  signal?: AbortSignal,
): Promise<PaperAnalytics> {
  return apiRequest(paperAnalyticsEndpoint, { query: journalQuery(filters), signal });
}

export function usePaperAnalytics(filters: JournalFilters) {
  return useQuery(
    queryOptions({
      queryKey: ["journal", "analytics", filters.model, filters.days] as const,
      queryFn: ({ signal }) => getPaperAnalytics(filters, signal),
      staleTime: 60_000,
    }),
  );
}
