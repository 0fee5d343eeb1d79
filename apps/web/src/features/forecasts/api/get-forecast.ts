import { type ForecastResponse, forecastEndpoint } from "@kalpa/contracts/api/forecast";
import type { ForecastSlug } from "@kalpa/contracts/names";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { shouldRetry } from "@/lib/query-client";

/**
 * GET /api/forecast/{instrument}: today's call and put parts, recent days with outcomes and the hit rate.
 * NIFTY, BANKNIFTY and CRUDEOIL answer 401/403 without access (the page then shows the locked notice);
 * gold, silver and the dollar index answer everyone.
 */
export function getForecast(
  instrument: ForecastSlug,
  signal?: AbortSignal,
): Promise<ForecastResponse> {
  return apiRequest(forecastEndpoint, { params: { instrument }, signal });
}

/**
 * Under the access prefix (["access", ...], see features/access/utils/query-keys.ts) so a change of access
 * refetches it with the rest.
 */
export function forecastQueryKey(instrument: ForecastSlug) {
  return ["access", "forecast", instrument] as const;
}

export function useForecast(instrument: ForecastSlug) {
  return useQuery(
    queryOptions({
      queryKey: forecastQueryKey(instrument),
      queryFn: ({ signal }) => getForecast(instrument, signal),
      meta: { private: true },
      // A locked answer is an answer: asking again will not unlock it. A server that is starting is asked
      // again until it is ready (the page keeps its loading state).
      retry: shouldRetry,
      staleTime: 60_000,
    }),
  );
}
