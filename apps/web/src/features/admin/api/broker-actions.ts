/**
 * The console's one write on the broker: Disconnect (POST BROKER_LOGOUT_PATH) forgets the stored access
 * token, so the feed stops. Through the app's API client (same origin, cookies; the server's CSRF check is
 * the request's Origin). Connecting is no request of ours: it is a page navigation to the status's
 * `loginPath`, which redirects to Kite's login.
 */
import { BROKER_LOGOUT_PATH, BrokerStatusSchema } from "@kalpa/contracts/api/broker";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { type ApiResult, apiRequestWithMessage } from "@/lib/api-client";
import { adminBrokerQueryKey } from "./query-keys";

/** The answer is the new broker state or only a message: either will do (the state is fetched again). */
const brokerLogoutEndpoint = {
  method: "POST",
  path: BROKER_LOGOUT_PATH,
  response: z.unknown(),
} as const;

export function useBrokerLogout() {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<unknown>, Error, void>({
    mutationFn: () => apiRequestWithMessage(brokerLogoutEndpoint),
    onSuccess: ({ data }) => {
      const status = BrokerStatusSchema.safeParse(data);
      if (status.success) queryClient.setQueryData(adminBrokerQueryKey, status.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBrokerQueryKey }),
  });
}
