import { type ModelCard, modelCardsEndpoint } from "@kalpa/contracts/api/models";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAuthState } from "@/features/auth/hooks/use-auth-state";
import { apiRequest } from "@/lib/api-client";

/** GET /api/models: every model's card (public). The index and each card read the same answer. */
export function getModelCards(signal?: AbortSignal): Promise<ModelCard[]> {
  return apiRequest(modelCardsEndpoint, { signal });
}

export const MODEL_CARDS_QUERY_KEY = ["models", "cards"] as const;

export function useModelCards() {
  // The figures may be for signed-in users only (decision 031): a sign-in or sign-out asks again.
  const signedIn = useAuthState().status === "authenticated";
  return useQuery(
    queryOptions({
      queryKey: [...MODEL_CARDS_QUERY_KEY, signedIn],
      queryFn: ({ signal }) => getModelCards(signal),
      staleTime: 60_000,
    }),
  );
}
