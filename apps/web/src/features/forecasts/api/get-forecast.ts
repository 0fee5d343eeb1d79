import { type ForecastResponse, forecastEndpoint } from "@kalpa/contracts/api/forecast";
import type { ForecastSlug } from "@kalpa/contracts/names";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

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
      // The query client's retries: a locked answer (4xx) is not asked again; a starting server is, until it
      // is ready (lib/query-client.ts).
      staleTime: 60_000,
    }),
  );
}
