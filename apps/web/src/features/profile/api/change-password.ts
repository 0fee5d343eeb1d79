import { type ChangePasswordBody, changePasswordEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

export async function changePassword(body: ChangePasswordBody) {
  const { message } = await apiRequestWithMessage(changePasswordEndpoint, { body });
  return { message };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
