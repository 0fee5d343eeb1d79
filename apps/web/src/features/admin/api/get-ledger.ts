import { adminLedgerEndpoint } from "@kalpa/contracts/api/ledger";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminLedgerQueryKey } from "./query-keys";

/** GET /api/admin/ledger: the signing key's id, where it is served, the time-stamping authority. */
export function useAdminLedger() {
  return useQuery({
    queryKey: adminLedgerQueryKey,
    queryFn: ({ signal }) => apiRequest(adminLedgerEndpoint, { signal }),
    meta: { private: true },
  });
}
