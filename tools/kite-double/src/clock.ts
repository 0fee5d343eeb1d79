/**
 * The double's market clock, by the product's rule (apps/server/src/engine/market-clock.ts, which this
 * package may not import): `auto` at speed 1 is the real time while NSE is open; otherwise (NSE closed, or
 * another speed) it starts at the most recent NSE session's open; an instant starts there. It then runs
 * `speed` times as fast as the real clock.
 */
import { isOpen, mostRecentSessionOpen } from "@kalpa/market/calendar/session-search";
import { simulatedClock } from "@kalpa/market/clock/simulated-clock";

export interface DoubleClock {
  now(): number;
  /** Where the clock started (epoch ms). */
  readonly start: number;
  readonly speed: number;
  /** Whether it is the real clock (auto, speed 1, NSE open at start). */
  readonly live: boolean;
}

export function createDoubleClock(
  start: "auto" | number,
  speed: number,
  realNow: () => number,
): DoubleClock {
  const real = realNow();
  if (start === "auto" && speed === 1 && isOpen("NSE", real)) {
    return { now: realNow, start: real, speed: 1, live: true };
  }
  const from = start === "auto" ? mostRecentSessionOpen("NSE", real) : start;
  const clock = simulatedClock({ start: from, speed, source: realNow });
  return { now: () => clock.now(), start: from, speed, live: false };
}
