/** This browser's push machinery as the tests fake it (Settings → Alerts, and signing in and out). */
import { vi } from "vitest";

export const SUBSCRIPTION_JSON = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
  expirationTime: null,
  keys: {
    p256dh:
      "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

/** This browser's push machinery, faked: a worker registration with a push manager, and permission. */
export function fakePush({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  registered = false,
  subscribed = false,
} = {}) {
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    unsubscribe,
    toJSON: () => structuredClone(SUBSCRIPTION_JSON),
  };
  const state: { subscription: typeof subscription | null; registered: boolean } = {
    subscription: subscribed ? subscription : null,
    registered: registered || subscribed,
  };
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      state.subscription = subscription;
      return subscription;
    }),
  };
  const registration = { scope: "http://localhost/", pushManager };
  const serviceWorker = {
    register: vi.fn(async () => {
      state.registered = true;
      return registration;
    }),
    getRegistration: vi.fn(async () => (state.registered ? registration : undefined)),
    get ready() {
      return Promise.resolve(registration);
    },
  };
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: serviceWorker });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class PushManager {});
  return { serviceWorker, pushManager, unsubscribe, notification };
}
