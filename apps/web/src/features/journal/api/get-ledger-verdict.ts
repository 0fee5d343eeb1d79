import { type LedgerVerdict, ledgerVerifyEndpoint } from "@kalpa/contracts/api/paper";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** GET /api/ledger/verify: the chain recomputed against the published day heads (public). */
export function getLedgerVerdict(signal?: AbortSignal): Promise<LedgerVerdict> {
  return apiRequest(ledgerVerifyEndpoint, { signal });
}

export const ledgerVerdictQueryKey = ["journal", "ledger"] as const;

export function useLedgerVerdict() {
  return useQuery(
    queryOptions({
      queryKey: ledgerVerdictQueryKey,
      queryFn: ({ signal }) => getLedgerVerdict(signal),
      staleTime: 60_000,
    }),
  );
}
