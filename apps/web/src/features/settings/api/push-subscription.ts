/**
 * This browser's push subscription on the server: the server's VAPID public key to subscribe
 * with, then POST the subscription exactly as `PushSubscription.toJSON()` gives it, or DELETE it by its
 * endpoint. Each answers the server's message (shown as a toast).
 */
import {
  addPushSubscriptionEndpoint,
  type PushSubscriptionJson,
  removePushSubscriptionEndpoint,
  vapidPublicKeyEndpoint,
} from "@kalpa/contracts/api/alerts";
import { apiRequest, apiRequestWithMessage } from "@/lib/api-client";

export async function getVapidPublicKey(): Promise<string> {
  const { publicKey } = await apiRequest(vapidPublicKeyEndpoint);
  return publicKey;
}

export async function addPushSubscription(
  subscription: PushSubscriptionJson,
): Promise<string | undefined> {
  const { message } = await apiRequestWithMessage(addPushSubscriptionEndpoint, {
    body: subscription,
  });
  return message;
}

export async function removePushSubscription(endpoint: string): Promise<string | undefined> {
  const { message } = await apiRequestWithMessage(removePushSubscriptionEndpoint, {
    body: { endpoint },
  });
  return message;
}
