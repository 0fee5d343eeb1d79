/**
 * Day keys: the calendar day in Asia/Kolkata as `YYYY-MM-DD`. India keeps one offset all year (UTC+05:30,
 * no daylight saving), so the key is computed arithmetically, without Intl, on hot paths.
 */
import type { DayKey } from "@kalpa/contracts/names";

export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Asia/Kolkata day that the instant `at` falls on. */
export function dayKeyOf(at: Date | number): DayKey {
  const ms = typeof at === "number" ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("dayKeyOf: not a valid instant");
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant at which an Asia/Kolkata day begins (00:00 IST). */
export function startOfDay(dayKey: DayKey): Date {
  const start = Date.parse(`${dayKey}T00:00:00.000Z`) - IST_OFFSET_MS;
  if (!Number.isFinite(start) || dayKeyOf(start) !== dayKey) {
    throw new RangeError(`startOfDay: "${dayKey}" is not a calendar day`);
  }
  return new Date(start);
}
