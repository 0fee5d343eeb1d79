import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { isApiError } from "@/lib/api-client";

export interface ErrorFallbacks {
  /** The server answered but said nothing readable. */
  fallback: string;
  /** The request got no answer at all. */
  offline: string;
  /** Something else went wrong in the page (defaults to `fallback`). */
  unexpected?: string;
}

/**
 * The message to show for a failed call: the server's own when it sent one (ApiError carries it), else the
 * spec's fallback for that action (section 8).
 */
export function errorMessage(error: unknown, fallbacks: ErrorFallbacks): string {
  if (!isApiError(error)) return fallbacks.unexpected ?? fallbacks.fallback;
  if (error.code === "NETWORK_ERROR") return fallbacks.offline;
  if (error.code === "INVALID_RESPONSE") return fallbacks.fallback;
  return error.message || fallbacks.fallback;
}

/** Recovery requests (spec section 8): the server's error, else Request failed; no answer: Something went wrong. */
export const RECOVERY_REQUEST_FALLBACKS: ErrorFallbacks = {
  fallback: AUTH_MESSAGES.requestFailed,
  offline: AUTH_MESSAGES.somethingWentWrongRetry,
};
