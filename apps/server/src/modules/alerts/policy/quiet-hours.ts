/**
 * Quiet hours (India time, possibly across midnight): whether an instant falls in them, and when they end.
 * Pure.
 */
import { MINUTE_MS, minutesIntoDay, parseTimeOfDay } from "@kalpa/market/time/time-of-day";

export interface QuietHours {
  from: string;
  to: string;
}

/** Milliseconds until the quiet hours end if `at` falls in them; 0 when it does not (or none are set). */
export function quietFor(quiet: QuietHours | null, at: number): number {
  if (!quiet) return 0;
  const from = parseTimeOfDay(quiet.from);
  const to = parseTimeOfDay(quiet.to);
  if (from === to) return 0;
  const now = minutesIntoDay(at);
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return 0;
  const left = (to - now + 24 * 60) % (24 * 60);
  return Math.round(left * MINUTE_MS);
}
