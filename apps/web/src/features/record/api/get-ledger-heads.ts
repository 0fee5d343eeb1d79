import { ledgerHeadsEndpoint, type SignedLedgerHead } from "@kalpa/contracts/api/ledger";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Days a page of the record lists; a full page means older days may follow. */
export const RECORD_PAGE_DAYS = 30;

/** GET /api/ledger/heads?before=&limit=: the signed day heads, newest first, a page at a time. */
export function useLedgerHeads() {
  return useInfiniteQuery({
    queryKey: ["record", "heads"],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(ledgerHeadsEndpoint, {
        query: { limit: RECORD_PAGE_DAYS, before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: SignedLedgerHead[]) =>
      page.length === RECORD_PAGE_DAYS ? (page.at(-1)?.day ?? null) : null,
    staleTime: 60_000,
  });
}
