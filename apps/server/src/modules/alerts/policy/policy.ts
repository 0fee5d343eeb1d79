/**
 * What may be sent at the moment of sending (decision 024), pure: nothing goes to someone without open
 * access to the event's instrument and the agreements accepted (as for the live screens and their
 * sockets), nor for a choice turned off since it was queued, nor in the subscriber's quiet hours, where a
 * signal is dropped (it would be stale by morning) and a reminder waits for them to end. The queue
 * (delivery.ts) reads the access and preferences, asks this, and records the answer.
 */
import {
  type AlertChannel,
  type AlertEvent,
  type AlertPreferences,
  DEFAULT_ALERT_PREFERENCES,
} from "@kalpa/contracts/api/alerts";
import type { AccessKey } from "@kalpa/contracts/names";
import { isOpen, type SubscriptionState } from "../../access/rules";
import type { Delivery } from "../channels/channel";
import { quietFor } from "./quiet-hours";

/** A user's access at the moment of sending, as modules/access reads it. */
export interface AccessNow {
  states: Map<AccessKey, SubscriptionState>;
  riskDisclosure: { accepted: boolean };
  /** The Most Important Terms and Conditions, while the operator's research-analyst profile asks for them. */
  termsSummary?: { required: boolean; accepted: boolean };
}

export type SkipReason = "noAccess" | "unwanted" | "quiet";

/** What a skipped delivery's row says (`last_error`). */
export const SKIPPED_BECAUSE: Record<SkipReason, string> = {
  noAccess: "no access when it was due",
  unwanted: "no longer chosen",
  quiet: "quiet hours",
};

export interface SendingVerdict {
  /** To send now, by channel, in the order given. */
  ready: Map<AlertChannel, Delivery[]>;
  /** Not to send, by why (delivery ids). */
  skipped: Record<SkipReason, number[]>;
  /** Reminders put off until their subscriber's quiet hours end. */
  later: Map<number, Date>;
}

export function sendingVerdict(
  deliveries: readonly Delivery[],
  at: {
    access: Map<number, AccessNow>;
    preferences: Map<number, AlertPreferences>;
    now: Date;
  },
): SendingVerdict {
  const verdict: SendingVerdict = {
    ready: new Map(),
    skipped: { noAccess: [], unwanted: [], quiet: [] },
    later: new Map(),
  };
  const now = at.now.getTime();
  for (const delivery of deliveries) {
    const user = at.access.get(delivery.userId);
    const terms = user?.termsSummary;
    if (
      !user?.riskDisclosure.accepted ||
      (terms?.required === true && !terms.accepted) ||
      !isOpen(user.states.get(delivery.instrument), at.now)
    ) {
      verdict.skipped.noAccess.push(delivery.id);
      continue;
    }
    const prefs = at.preferences.get(delivery.userId) ?? DEFAULT_ALERT_PREFERENCES;
    // Turned off since it was queued (in Settings, or by an e-mail's unsubscribe link).
    const chosen = prefs.channels[delivery.channel][delivery.instrument];
    if (!chosen.includes(delivery.event as AlertEvent)) {
      verdict.skipped.unwanted.push(delivery.id);
      continue;
    }
    const wait = quietFor(prefs.quietHours, now);
    if (wait > 0) {
      if (delivery.event === "access-expiring")
        verdict.later.set(delivery.id, new Date(now + wait));
      else verdict.skipped.quiet.push(delivery.id);
      continue;
    }
    const list = verdict.ready.get(delivery.channel) ?? [];
    list.push(delivery);
    verdict.ready.set(delivery.channel, list);
  }
  return verdict;
}
