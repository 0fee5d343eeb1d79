/** Where a user goes after signing in when nothing else was asked for. */
export const DEFAULT_AFTER_LOGIN = "/dashboard";

const PLACEHOLDER_ORIGIN = "https://kalpa.invalid";

/**
 * The `next` parameter of /login, if it is a path on this site: it must start with a single "/" (not "//"
 * or "/\", which browsers read as another host) and contain no backslashes or control characters.
 * Anything else gives the dashboard.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith("/") || raw.startsWith("//")) return DEFAULT_AFTER_LOGIN;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_LOGIN;
  try {
    const url = new URL(raw, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return DEFAULT_AFTER_LOGIN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}

/** The sign-in page, asked to come back to `path` afterwards. */
export function loginPathReturningTo(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
