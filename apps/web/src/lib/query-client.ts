import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** The signed-in user's own data: dropped from the cache when the session ends. */
      private?: boolean;
    };
  }
}

const MAX_RETRIES = 2;

/** Retry transient failures (network, 5xx, unreadable answers) a couple of times, never a refusal (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
