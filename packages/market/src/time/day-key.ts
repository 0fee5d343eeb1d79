/**
 * Day keys: the calendar day in Asia/Kolkata as `YYYY-MM-DD`. India keeps one offset all year (UTC+05:30,
 * no daylight saving), so the key is computed arithmetically, without Intl, on hot paths.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { civilKeyOfDays } from "./civil-days";

export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The day last answered, as [start, end) instants: ticks come in time order, so most calls fall on the
 * same day and skip formatting a date (the engine asks once per tick).
 */
let lastStart = 0;
let lastEnd = 0;
let lastKey = "";

/** The Asia/Kolkata day that the instant `at` falls on. */
export function dayKeyOf(at: Date | number): DayKey {
  const ms = typeof at === "number" ? at : at.getTime();
  if (ms >= lastStart && ms < lastEnd) return lastKey;
  if (!Number.isFinite(ms)) throw new RangeError("dayKeyOf: not a valid instant");
  const days = Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
  const key = civilKeyOfDays(days);
  lastStart = days * DAY_MS - IST_OFFSET_MS;
  lastEnd = lastStart + DAY_MS;
  lastKey = key;
  return key;
}

/** The instant at which an Asia/Kolkata day begins (00:00 IST). */
export function startOfDay(dayKey: DayKey): Date {
  const start = Date.parse(`${dayKey}T00:00:00.000Z`) - IST_OFFSET_MS;
  if (!Number.isFinite(start) || dayKeyOf(start) !== dayKey) {
    throw new RangeError(`startOfDay: "${dayKey}" is not a calendar day`);
  }
  return new Date(start);
}
