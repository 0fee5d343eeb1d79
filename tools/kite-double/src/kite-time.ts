/**
 * Kite's ways of writing time (docs/kite-connect-reference.md §3 and §6): datetimes are
 * `yyyy-mm-dd hh:mm:ss` in India time, candle timestamps `2017-12-15T09:15:00+0530`.
 */
import { dayKeyOf, IST_OFFSET_MS } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { instantAt } from "@kalpa/market/time/time-of-day";

/** `yyyy-mm-dd hh:mm:ss`, India time. */
export function kiteDateTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** A candle's timestamp: `yyyy-mm-ddThh:mm:ss+0530`. */
export function kiteCandleTime(at: number): string {
  return `${new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19)}+0530`;
}

/**
 * Reads a `from`/`to` parameter: `yyyy-mm-dd hh:mm:ss` (or `hh:mm`, or a `T` between) in India time, or a
 * bare `yyyy-mm-dd` meaning its 00:00. Undefined when it is neither.
 */
export function parseKiteDateTime(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return undefined;
  const [, day, hours = "00", minutes = "00", seconds = "00"] = match;
  const at = Date.parse(`${day}T${hours}:${minutes}:${seconds}Z`) - IST_OFFSET_MS;
  if (!Number.isFinite(at) || dayKeyOf(at) !== day) return undefined;
  return at;
}

/** The first 06:00 India time after `at`: when an access token issued at `at` stops working. */
export function nextSixAm(at: number): number {
  const day = dayKeyOf(at);
  const today = instantAt(day, 6 * 60);
  return today > at ? today : instantAt(addDays(day, 1), 6 * 60);
}
