import { logoutEndpoint } from "@kalpa/contracts/api/session";
import { useMutation } from "@tanstack/react-query";
import { apiRequestWithMessage } from "@/lib/api-client";

/** Ends this browser's session on the server (idempotent). */
export async function logout() {
  const { message } = await apiRequestWithMessage(logoutEndpoint);
  return { message };
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
