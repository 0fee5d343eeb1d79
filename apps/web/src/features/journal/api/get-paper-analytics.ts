import {
  type PaperAnalytics,
  type PaperFollowingAnalytics,
  paperAnalyticsEndpoint,
  paperFollowingAnalyticsEndpoint,
} from "@kalpa/contracts/api/paper";
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

export function usePaperAnalytics(filters: JournalFilters, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ["journal", "analytics", filters.model, filters.days] as const,
      queryFn: ({ signal }) => getPaperAnalytics(filters, signal),
      staleTime: 60_000,
      enabled,
    }),
  );
}

/** GET /api/paper/analytics/following?days: the signed-in reader's followed models, analysed together. */
export function getPaperFollowingAnalytics(
  days: number,
  signal?: AbortSignal,
): Promise<PaperFollowingAnalytics> {
  return apiRequest(paperFollowingAnalyticsEndpoint, { query: { days: String(days) }, signal });
}

export function usePaperFollowingAnalytics(days: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ["journal", "analytics", "following", days] as const,
      queryFn: ({ signal }) => getPaperFollowingAnalytics(days, signal),
      staleTime: 60_000,
      enabled,
    }),
  );
}
