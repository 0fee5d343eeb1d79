/**
 * This browser's push alerts, as Settings → Alerts shows and switches them: unsupported, blocked (the
 * notification permission denied), on or off, and busy while switching. Turning on asks the permission,
 * registers the service worker, subscribes with the server's key and sends the subscription; turning off
 * unsubscribes and tells the server. The server's message, or its error, is shown as a toast.
 */
import { useCallback, useEffect, useState } from "react";
import { type TranslationKey, useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import {
  addPushSubscription,
  getVapidPublicKey,
  removePushSubscription,
} from "../api/push-subscription";
import {
  currentSubscription,
  isPushSupported,
  notificationPermission,
  subscribe,
  subscriptionJson,
} from "../utils/push";
import "@/features/settings/i18n/alerts-en";

export type PushState = "checking" | "unsupported" | "denied" | "on" | "off";

export function usePushAlerts() {
  const { t, language } = useTranslation();
  const [state, setState] = useState<PushState>(() =>
    isPushSupported() ? "checking" : "unsupported",
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isPushSupported()) return;
    let live = true;
    const check = async (): Promise<PushState> => {
      if (notificationPermission() === "denied") return "denied";
      const subscription = await currentSubscription().catch(() => null);
      return subscription && notificationPermission() === "granted" ? "on" : "off";
    };
    void check().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);

  /** The server's confirmation in English; ours (the same words) in another language. */
  const confirm = useCallback(
    (message: string | undefined, key: TranslationKey) =>
      notify.success(language === "en" && message ? message : t(key)),
    [language, t],
  );

  const failure = useCallback(
    (error: unknown) =>
      notify.error(
        isApiError(error) && error.message ? error.message : t("alertSettings.push.failed"),
      ),
    [t],
  );

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === "denied") {
        setState("denied");
        return;
      }
      if (permission !== "granted") {
        notify.warning(t("alertSettings.push.dismissed"));
        return;
      }
      const subscription = await subscribe(await getVapidPublicKey());
      let message: string | undefined;
      try {
        message = await addPushSubscription(subscriptionJson(subscription));
      } catch (error) {
        // The server did not take it: leave no subscription behind that nothing will ever push to.
        await subscription.unsubscribe().catch(() => undefined);
        throw error;
      }
      setState("on");
      confirm(message, "alertSettings.push.subscribed");
    } catch (error) {
      if (error instanceof DOMException && error.name === "NotAllowedError") {
        setState(notificationPermission() === "denied" ? "denied" : "off");
        if (notificationPermission() !== "denied") failure(error);
        return;
      }
      failure(error);
    } finally {
      setBusy(false);
    }
  }, [confirm, failure, t]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      let message: string | undefined;
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        setState("off");
        message = await removePushSubscription(endpoint);
      }
      setState("off");
      confirm(message, "alertSettings.push.unsubscribed");
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  }, [confirm, failure]);

  return { state, busy, turnOn, turnOff };
}
