import { QueryClient } from "@tanstack/react-query";
import { type ApiError, isApiError } from "./api-client";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** The signed-in user's own data: dropped from the cache when the session ends. */
      private?: boolean;
    };
  }
}

const MAX_RETRIES = 2;
/**
 * Just after a first start the server answers 503 STARTING while it writes the journal and the forecasts
 * (decision 019): a query asks again every Retry-After (2 s) for up to about three minutes, so its screen
 * keeps its loading state instead of showing an error or an empty list.
 */
const STARTING_RETRY_MS = 2000;
const STARTING_MAX_RETRIES = 90;
/** However soon an answer says to ask again, not more often than this. */
const MIN_STARTING_RETRY_MS = 500;

/** The server's "still writing this data, ask again shortly". */
function isStarting(error: unknown): error is ApiError {
  return isApiError(error) && error.code === "STARTING";
}

/**
 * Retry transient failures (network, 5xx, unreadable answers) a couple of times, never a refusal (4xx); a
 * server that is starting, until it is ready.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isStarting(error)) return failureCount < STARTING_MAX_RETRIES;
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** A starting server's Retry-After; otherwise TanStack Query's own back-off (1 s, 2 s, 4 s... at most 30 s). */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isStarting(error)) {
    return Math.max(MIN_STARTING_RETRY_MS, error.retryAfterMs ?? STARTING_RETRY_MS);
  }
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
