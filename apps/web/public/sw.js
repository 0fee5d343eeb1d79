/**
 * Kalpa's service worker: it shows the alerts the server pushes (issue 23) and opens their page when one is
 * clicked. Nothing else: there is deliberately no fetch handler, so it never serves, caches or sees a page or
 * an API answer (those carry the session). It is registered only when a signed-in user turns alerts on in
 * Settings (apps/web/src/features/settings/utils/push.ts), never on a plain page load.
 *
 * A push carries JSON { title, body, url, tag } (PushPayloadSchema in packages/contracts/src/api/alerts.ts);
 * anything else is still shown, as the site's name with the text received. `url` is opened only when it is a
 * path on this site: an absolute address elsewhere (or "//elsewhere") opens the dashboard instead.
 */
const FALLBACK_TITLE = "Kalpa";
const FALLBACK_URL = "/dashboard";
const ICON = "/icon-192.png";
const BADGE = "/icon-192.png";

/** `url` as an absolute address on this site's origin, or null when it points anywhere else. */
function sameOriginUrl(url, origin) {
  if (
    typeof url !== "string" ||
    !url.startsWith("/") ||
    url.startsWith("//") ||
    url.includes("\\")
  ) {
    return null;
  }
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : null;
  } catch {
    return null;
  }
}

/** What a push says, whatever arrived: the payload's fields when it is the JSON we send, else its text. */
function readPayload(data) {
  let text = "";
  try {
    text = data ? data.text() : "";
  } catch {
    text = "";
  }
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object") {
      return {
        title: typeof parsed.title === "string" && parsed.title ? parsed.title : FALLBACK_TITLE,
        body: typeof parsed.body === "string" ? parsed.body : "",
        url: typeof parsed.url === "string" ? parsed.url : FALLBACK_URL,
        tag: typeof parsed.tag === "string" && parsed.tag ? parsed.tag : undefined,
      };
    }
  } catch {
    // Not JSON: shown as plain text below.
  }
  return { title: FALLBACK_TITLE, body: text.slice(0, 300), url: FALLBACK_URL, tag: undefined };
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const options = { body: payload.body, data: { url: payload.url }, icon: ICON, badge: BADGE };
  if (payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const origin = self.location.origin;
  const wanted = event.notification.data?.url;
  const target = sameOriginUrl(wanted, origin) ?? `${origin}${FALLBACK_URL}`;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => client.url.startsWith(`${origin}/`));
      if (open) {
        const focused = await open.focus();
        const client = focused ?? open;
        if ("navigate" in client) {
          try {
            await client.navigate(target);
            return;
          } catch {
            // An uncontrolled window cannot be navigated from here: open a new one instead.
          }
        } else {
          return;
        }
      }
      await self.clients.openWindow(target);
    }),
  );
});
