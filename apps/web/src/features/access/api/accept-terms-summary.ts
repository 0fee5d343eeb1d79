import type { SubscriptionStatus } from "@kalpa/contracts/api/access";
import {
  acceptTermsSummaryEndpoint,
  TERMS_SUMMARY_VERSION,
} from "@kalpa/contracts/api/research-analyst";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { accessQueryKey, subscriptionStatusQueryKey } from "../utils/query-keys";

/**
 * POST /api/terms-summary/accept, naming the version the user read: the status takes the answer at once
 * (the access guard lets live output through), then everything that depends on access is fetched again.
 */
export function useAcceptTermsSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequestWithMessage(acceptTermsSummaryEndpoint, {
        body: { version: TERMS_SUMMARY_VERSION },
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<SubscriptionStatus>(subscriptionStatusQueryKey, (status) =>
        status ? { ...status, termsSummary: data } : status,
      );
      void queryClient.invalidateQueries({ queryKey: accessQueryKey });
    },
  });
}
