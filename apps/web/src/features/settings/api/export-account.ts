/**
 * Settings → Export: fetches the account export (an attachment, not the usual envelope) and saves it under
 * the server's file name. Failures are the API client's errors (the server's message when it sent one).
 */
import { accountExportEndpoint } from "@kalpa/contracts/api/account";
import { ErrorEnvelopeSchema, errorCodeForStatus } from "@kalpa/contracts/envelope";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { useMutation } from "@tanstack/react-query";
import { API_BASE, ApiError } from "@/lib/api-client";

const FALLBACK_NAME = "kalpa-account.json";

function fileNameOf(disposition: string | null): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? FALLBACK_NAME;
}

export async function exportAccount(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${accountExportEndpoint.path}`, {
      method: accountExportEndpoint.method,
      credentials: "include",
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: "NETWORK_ERROR",
      message: AUTH_MESSAGES.networkError,
      cause: error,
    });
  }
  if (!response.ok) {
    const failure = ErrorEnvelopeSchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError({
      status: response.status,
      code: failure.success ? failure.data.code : errorCodeForStatus(response.status),
      message: failure.success ? failure.data.error : AUTH_MESSAGES.somethingWentWrongRetry,
    });
  }
  const fileName = fileNameOf(response.headers.get("content-disposition"));
  const blob = new Blob([await response.text()], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the click start the download before the address goes away.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}
