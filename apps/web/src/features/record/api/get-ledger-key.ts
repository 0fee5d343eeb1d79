import { LEDGER_KEY_PATH, type LedgerKey, LedgerKeySchema } from "@kalpa/contracts/api/ledger";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { API_BASE } from "@/lib/api-client";

/**
 * GET /.well-known/kalpa-ledger-key: the operator's public key. A bare JSON document (not the API's
 * envelope), served so that it can be saved and handed to kalpa-verify as it is.
 */
export async function getLedgerKey(signal?: AbortSignal): Promise<LedgerKey> {
  const response = await fetch(`${API_BASE}${LEDGER_KEY_PATH}`, {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new Error(`the key could not be loaded (HTTP ${response.status})`);
  return LedgerKeySchema.parse(await response.json());
}

export function useLedgerKey() {
  return useQuery(
    queryOptions({
      queryKey: ["record", "key"],
      queryFn: ({ signal }) => getLedgerKey(signal),
      staleTime: 3_600_000,
    }),
  );
}
