import {
  acceptRiskDisclosureEndpoint,
  RISK_DISCLOSURE_VERSION,
  type SubscriptionStatus,
} from "@kalpa/contracts/api/access";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { accessQueryKey, subscriptionStatusQueryKey } from "../utils/query-keys";

/** POST /api/risk-disclosure/accept, naming the version of the text the user read. */
export function acceptRiskDisclosure() {
  return apiRequestWithMessage(acceptRiskDisclosureEndpoint, {
    body: { version: RISK_DISCLOSURE_VERSION },
  });
}

/**
 * Accepting the agreement: the status the screens read takes the answer at once (so the dialog closes and
 * blocked screens open), then everything that depends on access is fetched again.
 */
export function useAcceptRiskDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRiskDisclosure,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<SubscriptionStatus>(subscriptionStatusQueryKey, (status) =>
        status ? { ...status, riskDisclosure: data } : status,
      );
      void queryClient.invalidateQueries({ queryKey: accessQueryKey });
    },
  });
}
