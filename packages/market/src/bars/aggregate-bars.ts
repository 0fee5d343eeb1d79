/**
 * Rolls finer bars (1-minute ones, from history or a replay file) up into coarser ones with the same
 * buckets the BarBuilder uses.
 */
import type { Bar, BarInterval } from "@kalpa/contracts/market";
import type { ExchangeName } from "@kalpa/contracts/names";
import type { CalendarOptions } from "../calendar/sessions";
import { createBucketer } from "./buckets";

/** `bars` (in time order) rolled up into `interval` bars of `exchange`. */
export function aggregateBars(
  bars: readonly Bar[],
  exchange: ExchangeName,
  interval: BarInterval,
  calendar: CalendarOptions = {},
): Bar[] {
  const bucketOf = createBucketer(calendar);
  const result: Bar[] = [];
  let current:
    | { time: number; open: number; high: number; low: number; close: number; volume: number }
    | undefined;
  for (const bar of bars) {
    const { start } = bucketOf(exchange, interval, bar.time);
    if (current?.time !== start) {
      if (current) result.push(current);
      current = { ...bar, time: start };
      continue;
    }
    current.high = Math.max(current.high, bar.high);
    current.low = Math.min(current.low, bar.low);
    current.close = bar.close;
    current.volume += bar.volume;
  }
  if (current) result.push(current);
  return result;
}
