import { type RegisterBody, registerEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

/** Creates the unverified account and mails its OTP; answers with the username as stored. */
export async function register(body: RegisterBody) {
  const { data, message } = await apiRequestWithMessage(registerEndpoint, { body });
  return { username: data.username, message };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
