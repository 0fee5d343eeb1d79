import { forcedLogoutEndpoint } from "@kalpa/contracts/api/session";
import { apiRequest } from "@/lib/api-client";

/** The logout call made when the server has ended the session elsewhere (spec section 7: POST /logout). */
export async function forcedLogout(): Promise<void> {
  await apiRequest(forcedLogoutEndpoint);
}
