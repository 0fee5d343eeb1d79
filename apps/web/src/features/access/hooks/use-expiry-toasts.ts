import type { Subscriptions } from "@kalpa/contracts/api/access";
import { TIMINGS_MS } from "@kalpa/contracts/constants";
import { useEffect } from "react";
import { notify } from "@/lib/notify";
import { claimUnshown, expiryWarnings } from "../utils/expiry-warnings";

/** Shows the expiry toasts due for `subscriptions` (6 s each), once per instrument per browser session. */
export function useExpiryToasts(subscriptions: Subscriptions | undefined): void {
  useEffect(() => {
    if (!subscriptions) return;
    for (const warning of claimUnshown(expiryWarnings(subscriptions))) {
      notify.warning(warning.message, {
        durationMs: TIMINGS_MS.expiryToast,
        id: `expiry-${warning.key}`,
      });
    }
  }, [subscriptions]);
}
