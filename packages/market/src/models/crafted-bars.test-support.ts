/**
 * Hand-made bar series for the models' unit tests: closes at a fixed spacing from 09:15 India time on
 * 9 Mar 2026, each bar's high and low half a point either side of its close, volume 1.
 */
import type { Bar } from "@kalpa/contracts/market";
import { parseIndiaTime } from "../time/india-time";
import { MINUTE_MS } from "../time/time-of-day";

export function craftedBars(closes: readonly number[], minutes: number): Bar[] {
  const start = parseIndiaTime("2026-03-09 09:15");
  return closes.map((close, i) => ({
    time: start + i * minutes * MINUTE_MS,
    open: close,
    high: close + 0.5,
    low: close - 0.5,
    close,
    volume: 1,
  }));
}
