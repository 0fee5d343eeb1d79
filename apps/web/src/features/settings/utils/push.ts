/**
 * The browser's side of Web Push: whether this browser can receive push at all, the service
 * worker (public/sw.js, scope "/") that shows the alerts, and this browser's subscription. The worker is
 * registered only when the user turns alerts on: a plain page load never fetches it (the first visit's
 * JavaScript budget), and an existing registration is only looked up.
 */
import type { PushSubscriptionJson } from "@kalpa/contracts/api/alerts";

export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/";

/**
 * True when this browser has everything push needs. iOS Safari has none of it outside an app added to the
 * home screen.
 */
export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export function notificationPermission(): NotificationPermission {
  return Notification.permission;
}

/** The site's worker if it was registered before (nothing is registered here). */
export async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await existingRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Registers the worker (once: the browser reuses a registration) and waits for it to be active. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  return navigator.serviceWorker.ready;
}

/** A base64url string (the VAPID public key) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Subscribes this browser with the server's key. A subscription made earlier with another key (the
 * server's keys changed) is replaced.
 */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  const options = { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) };
  try {
    return await registration.pushManager.subscribe(options);
  } catch (error) {
    const existing = await registration.pushManager.getSubscription();
    if (!existing || !(error instanceof DOMException) || error.name !== "InvalidStateError") {
      throw error;
    }
    await existing.unsubscribe();
    return registration.pushManager.subscribe(options);
  }
}

/** The subscription as the server takes it: exactly what `toJSON()` gives. */
export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  return subscription.toJSON() as PushSubscriptionJson;
}
