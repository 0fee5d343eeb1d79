import { forgotUsernameEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

/** Mails the username of the account using this address, if there is one (same answer either way). */
export async function forgotUsername(body: { email: string }) {
  const { message } = await apiRequestWithMessage(forgotUsernameEndpoint, { body });
  return { message };
}

export function useForgotUsername() {
  return useMutation({ mutationFn: forgotUsername });
}
