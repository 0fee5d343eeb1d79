/**
 * This browser's push subscription across signing in and out. The server binds a browser's
 * alerts to the session that turned them on, so that they stop when it ends (sign-out, a password change,
 * the operator's force-logout) even with the browser closed. Signing in again sends the subscription this
 * browser still has, binding it to the new session; signing out unsubscribes it here, so that the next
 * person to sign in on this browser does not inherit it.
 */
import { addPushSubscription } from "../api/push-subscription";
import {
  currentSubscription,
  isPushSupported,
  notificationPermission,
  subscriptionJson,
} from "./push";

/** After a sign-in: sends the subscription this browser has, if alerts are on here. */
export async function resendPushSubscription(): Promise<void> {
  if (!isPushSupported() || notificationPermission() !== "granted") return;
  const subscription = await currentSubscription();
  if (subscription) await addPushSubscription(subscriptionJson(subscription));
}

/** After a sign-out: this browser stops receiving (the server already sends it nothing). */
export async function dropPushSubscription(): Promise<void> {
  if (!isPushSupported()) return;
  const subscription = await currentSubscription();
  if (subscription) await subscription.unsubscribe();
}
