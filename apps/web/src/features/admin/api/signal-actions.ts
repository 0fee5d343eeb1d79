/**
 * The console's two writes on the signal engine: squaring off every open signal now, and a manual signal.
 * Each hands back the server's message ("N signal(s) squared off.", "Manual signal sent." or, on 202, that it
 * is queued) and fetches the Signals panel again.
 */
import {
  type ForceEodCloseResultSchema,
  forceEodCloseEndpoint,
  type ManualSignal,
  type ManualSignalResultSchema,
  manualSignalEndpoint,
} from "@kalpa/contracts/signals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod/mini";
import { type ApiResult, apiRequestWithMessage } from "@/lib/api-client";
import { adminSignalsQueryKey } from "./query-keys";

export function useForceEodClose() {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<z.infer<typeof ForceEodCloseResultSchema>>, Error, void>({
    mutationFn: () => apiRequestWithMessage(forceEodCloseEndpoint),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSignalsQueryKey }),
  });
}

export function useSendManualSignal() {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<z.infer<typeof ManualSignalResultSchema>>, Error, ManualSignal>({
    mutationFn: (body) => apiRequestWithMessage(manualSignalEndpoint, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSignalsQueryKey }),
  });
}
