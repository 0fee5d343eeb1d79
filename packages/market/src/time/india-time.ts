/**
 * Reading an India wall-clock time, as people and config files write it ("2026-03-09 09:15" or
 * "2026-03-09T09:15:30"), into an instant.
 */
import { IST_OFFSET_MS } from "./day-key";

/** "YYYY-MM-DD HH:MM[:SS]" (or with a T) in Asia/Kolkata to epoch ms. */
export function parseIndiaTime(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(text.trim());
  const ms = match
    ? Date.parse(`${match[1]}T${match[2]}${match[3] ?? ":00"}Z`) - IST_OFFSET_MS
    : Number.NaN;
  if (!Number.isFinite(ms))
    throw new RangeError(`"${text}" is not an India time as YYYY-MM-DD HH:MM[:SS]`);
  return ms;
}
