import { resetPasswordEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

export async function resetPassword(body: {
  email: string;
  newPassword: string;
  confirmPassword: string;
}) {
  const { message } = await apiRequestWithMessage(resetPasswordEndpoint, { body });
  return { message };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
