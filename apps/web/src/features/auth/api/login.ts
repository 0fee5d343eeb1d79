import { type LoginBody, loginEndpoint } from "@kalpa/contracts/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";
import { adoptAccountLanguage } from "./account-language";

/** Signs in: the server sets the session cookie and answers with the user and its message. */
export async function login(body: LoginBody) {
  const { data, message } = await apiRequestWithMessage(loginEndpoint, { body });
  // The account's language follows (its strings load meanwhile); signing in does not wait for it.
  void adoptAccountLanguage(data.user);
  return { user: data.user, message };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
