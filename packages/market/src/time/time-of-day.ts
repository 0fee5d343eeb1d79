/**
 * Times of day in Asia/Kolkata, as minutes after midnight, and the instants they name on a given day.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { IST_OFFSET_MS, startOfDay } from "./day-key";

export const MINUTE_MS = 60 * 1000;
const DAY_MINUTES = 24 * 60;

/** "HH:MM" (24-hour) to minutes after midnight; "24:00" is allowed as the end of the day. */
export function parseTimeOfDay(text: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!(minutes <= DAY_MINUTES)) throw new RangeError(`"${text}" is not a time of day as HH:MM`);
  return minutes;
}

/** Minutes after midnight to "HH:MM". */
export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The instant (epoch ms) at `minutes` after midnight, Asia/Kolkata, on `dayKey`. */
export function instantAt(dayKey: DayKey, minutes: number): number {
  return startOfDay(dayKey).getTime() + minutes * MINUTE_MS;
}

/** Minutes (with fraction) after the Asia/Kolkata midnight that precedes `at`. */
export function minutesIntoDay(at: number): number {
  const local = at + IST_OFFSET_MS;
  const dayMs = 24 * 60 * MINUTE_MS;
  return (((local % dayMs) + dayMs) % dayMs) / MINUTE_MS;
}
