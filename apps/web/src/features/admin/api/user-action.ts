/**
 * The console's changes to one user: each POST answers with the user's detail, which replaces the one on
 * screen; the counts, lists and audit log are then fetched again. The server's message (Access granted.,
 * Signed agreement recorded., …) is handed back for the screen to show.
 */
import {
  type AdminUserDetail,
  deactivateEndpoint,
  endAccessEndpoint,
  forceLogoutUserEndpoint,
  grantAccessEndpoint,
  reactivateEndpoint,
  recordRdaEndpoint,
  setRoleEndpoint,
  unlinkUserTelegramEndpoint,
} from "@kalpa/contracts/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiResult, apiRequestWithMessage } from "@/lib/api-client";
import { adminQueryKey, adminUserQueryKey } from "./query-keys";

const ENDPOINTS = {
  grant: grantAccessEndpoint,
  deactivate: deactivateEndpoint,
  endAccess: endAccessEndpoint,
  reactivate: reactivateEndpoint,
  recordRda: recordRdaEndpoint,
  setRole: setRoleEndpoint,
  forceLogout: forceLogoutUserEndpoint,
  unlinkTelegram: unlinkUserTelegramEndpoint,
} as const;

export type UserAction = keyof typeof ENDPOINTS;

type BodyOf<A extends UserAction> = (typeof ENDPOINTS)[A] extends { body: infer B }
  ? B extends { _zod: { input: infer I } }
    ? I
    : never
  : undefined;

export function useUserAction<A extends UserAction>(userId: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation<ApiResult<AdminUserDetail>, Error, BodyOf<A>>({
    mutationFn: (body) =>
      apiRequestWithMessage(ENDPOINTS[action] as (typeof ENDPOINTS)["grant"], {
        params: { id: userId },
        ...(body === undefined ? {} : { body: body as never }),
      }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(adminUserQueryKey(userId), data);
      void queryClient.invalidateQueries({
        queryKey: adminQueryKey,
        predicate: (query) => query.queryKey[1] !== "user" || query.queryKey[2] !== userId,
      });
    },
  });
}
