import { type PaperHistory, paperHistoryEndpoint } from "@kalpa/contracts/api/paper";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type JournalFilters, journalQuery } from "../utils/journal-filters";

/** GET /api/paper/history?model&days: the day groups, newest first (public). */
export function getPaperHistory(
  filters: JournalFilters,
  signal?: AbortSignal,
): Promise<PaperHistory> {
  return apiRequest(paperHistoryEndpoint, { query: journalQuery(filters), signal });
}

export function paperHistoryQueryKey(filters: JournalFilters) {
  return ["journal", "history", filters.model, filters.days] as const;
}

export function usePaperHistory(filters: JournalFilters) {
  return useQuery(
    queryOptions({
      queryKey: paperHistoryQueryKey(filters),
      queryFn: ({ signal }) => getPaperHistory(filters, signal),
      staleTime: 60_000,
    }),
  );
}
