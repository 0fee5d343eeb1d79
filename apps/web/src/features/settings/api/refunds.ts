import { type AccountRefunds, accountRefundsEndpoint } from "@kalpa/contracts/api/account";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The signed-in user's refunds of access ended early (decision 033), newest first. */
export function useRefunds() {
  return useQuery<AccountRefunds>({
    queryKey: ["account", "refunds"],
    queryFn: ({ signal }) => apiRequest(accountRefundsEndpoint, { signal }),
    staleTime: 60_000,
  });
}
