/**
 * The access rules, as pure functions of a subscription row and "now" (the app's clock, never the simulated
 * market clock). Time rules (the contracts' access.ts header):
 *
 * - Access is open while the row is `active` and its expiry is null or later than now.
 * - An expiry is always the Asia/Kolkata midnight that ends the last day of access: access "through
 *   21 Dec 2026" ends at 2026-12-22T00:00+05:30.
 * - A grant of N days to a user whose access is open extends it: the last day moves N days later. Otherwise
 *   (never granted, expired or switched off) the last day is today + N, so access runs through the rest of
 *   today and N more whole days, and daysLeft reads N.
 * - A grant `until` a day sets that day as the last day (today or later), whatever was there before.
 * - daysLeft counts Asia/Kolkata days from today to the last day: 0 on the last day, -1 the day after, null
 *   without an expiry.
 */
import type { AccessCheck, SubscriptionEntry } from "@kalpa/contracts/api/access";
import { formatDayKey } from "@kalpa/contracts/day-format";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import {
  type AccessKey,
  type DayKey,
  INSTRUMENTS,
  type InstrumentSlug,
  type ModelId,
} from "@kalpa/contracts/names";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays, daysBetween } from "@kalpa/market/time/day-math";

export interface SubscriptionState {
  instrument: AccessKey;
  active: boolean;
  startedAt: Date;
  expiresAt: Date | null;
}

/** A grant's period: a number of days, or through the end of a given day. */
export type GrantPeriod = { days: number } | { until: DayKey };

/** The last day of access that ends at `expiry`: the Asia/Kolkata day of the instant just before it. */
export function lastDayOf(expiry: Date): DayKey {
  return dayKeyOf(expiry.getTime() - 1);
}

/** The instant access through the end of `lastDay` ends: the Asia/Kolkata midnight starting the next day. */
export function expiryAfter(lastDay: DayKey): Date {
  return startOfDay(addDays(lastDay, 1));
}

export function isOpen(state: SubscriptionState | undefined, now: Date): boolean {
  if (!state?.active) return false;
  return state.expiresAt === null || state.expiresAt.getTime() > now.getTime();
}

/** The subscription status entry of one instrument (a missing row is "never granted"). */
export function entryOf(state: SubscriptionState | undefined, now: Date): SubscriptionEntry {
  if (!state)
    return { hasAccess: false, isActive: false, expiry: null, lastDay: null, daysLeft: null };
  const lastDay = state.expiresAt ? lastDayOf(state.expiresAt) : null;
  return {
    hasAccess: isOpen(state, now),
    isActive: state.active,
    expiry: state.expiresAt?.toISOString() ?? null,
    lastDay,
    daysLeft: lastDay === null ? null : daysBetween(dayKeyOf(now), lastDay),
  };
}

/**
 * The spec's message when access is closed (section 8): never granted → not found; switched off →
 * inactive; past its expiry → expired on the last day. Null while access is open.
 */
export function closedMessage(
  key: AccessKey,
  state: SubscriptionState | undefined,
  now: Date,
): string | null {
  if (!state) return ACCESS_MESSAGES.notFound(key);
  if (!state.active) return ACCESS_MESSAGES.inactive(key);
  if (isOpen(state, now) || state.expiresAt === null) return null;
  return ACCESS_MESSAGES.expired(key, formatDayKey(lastDayOf(state.expiresAt)));
}

export function accessCheckOf(
  key: AccessKey,
  state: SubscriptionState | undefined,
  now: Date,
): AccessCheck {
  return { service: key, ...entryOf(state, now), message: closedMessage(key, state, now) };
}

/** The last day a grant gives, and whether it extends access that is open now. */
export function grantedLastDay(
  current: SubscriptionState | undefined,
  period: GrantPeriod,
  now: Date,
): { lastDay: DayKey; extends: boolean } {
  const extendable = isOpen(current, now) && current?.expiresAt ? current.expiresAt : undefined;
  if ("until" in period) return { lastDay: period.until, extends: extendable !== undefined };
  const base = extendable ? lastDayOf(extendable) : dayKeyOf(now);
  return { lastDay: addDays(base, period.days), extends: extendable !== undefined };
}

/** The access key of an instrument's path segment (nifty → Nifty). */
export function accessKeyOfSlug(slug: InstrumentSlug): AccessKey {
  const instrument = INSTRUMENTS.find((entry) => entry.slug === slug);
  if (!instrument) throw new RangeError(`accessKeyOfSlug: unknown instrument "${slug}"`);
  return instrument.key;
}

const MODEL_ACCESS: Record<ModelId, AccessKey> = {
  "BankNifty:KalpaVruksha": "BankNifty",
  "BankNifty:HFT": "BankNifty",
  "Nifty:KalpaVruksha": "Nifty",
  "CrudeOil:Yamuna": "CrudeOil",
};

/** The access key a model's output belongs to: BankNifty covers both of its models. */
export function accessKeyOfModel(model: ModelId): AccessKey {
  return MODEL_ACCESS[model];
}
