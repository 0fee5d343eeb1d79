/** Signing in over HTTP, as a browser does, for suites that talk to a running server with fetch. */
import type { Credentials } from "./demo";

/** The Cookie header that sends back what a response set (each Set-Cookie's name=value). */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * Signs in through `origin` (the front a browser uses: the Origin header is the site's own, as the
 * server's cross-site check wants); answers the Cookie header to send. Throws when the sign-in is refused.
 */
export async function signIn(origin: string, account: Credentials): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!res.ok) {
    throw new Error(
      `sign-in of ${account.username} failed with ${res.status}: ${await res.text()}`,
    );
  }
  return cookieHeaderOf(res);
}
