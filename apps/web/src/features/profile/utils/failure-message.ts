import { isApiError } from "@/lib/api-client";

/** The server's message when it answered with one, else the fallback (no answer, or an unreadable one). */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === "NETWORK_ERROR" || error.code === "INVALID_RESPONSE") return fallback;
  return error.message || fallback;
}
