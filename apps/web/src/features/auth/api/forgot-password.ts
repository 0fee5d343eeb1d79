import { forgotPasswordEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

/** Mails a reset OTP to the account using this address, if there is one. The OTP never comes back here. */
export async function forgotPassword(body: { email: string }) {
  const { message } = await apiRequestWithMessage(forgotPasswordEndpoint, { body });
  return { message };
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
