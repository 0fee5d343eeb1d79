/**
 * The push services the server sends to (decision 024): Google's, Mozilla's, Apple's and Microsoft's by
 * default, over https only; PUSH_SERVICE_HOSTS adds hosts (a local double in tests: `127.0.0.1:8790`, which
 * may then be plain http). A subscription naming any other host is refused, or the server would become a
 * proxy into the operator's network.
 */

/** A host, or `*.` and a domain for any of its sub-domains. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

export interface PushHosts {
  /** Whether a subscription's endpoint may be sent to; the reason when not. */
  allows(endpoint: string): boolean;
}

function matches(pattern: string, host: string): boolean {
  if (pattern.startsWith("*."))
    return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** `extra`: PUSH_SERVICE_HOSTS, comma-separated hosts (with a port when not 443). */
export function pushHosts(extra: readonly string[] = []): PushHosts {
  const added = extra.map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  return {
    allows(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return false;
      }
      if (url.username || url.password) return false;
      const hostWithPort = url.port ? `${url.hostname}:${url.port}` : url.hostname;
      if (added.some((pattern) => matches(pattern, hostWithPort.toLowerCase()))) {
        return url.protocol === "https:" || url.protocol === "http:";
      }
      if (url.protocol !== "https:" || url.port !== "") return false;
      return DEFAULT_PUSH_SERVICE_HOSTS.some((pattern) =>
        matches(pattern, url.hostname.toLowerCase()),
      );
    },
  };
}
