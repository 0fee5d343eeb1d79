/**
 * The market clock every market rule reads (sessions, day keys, expiries). SIM_CLOCK_START=auto (the
 * default) uses the real time while NSE is open and otherwise starts at the most recent NSE session's open,
 * so a newcomer at any hour sees a live market; an instant starts there. SIM_CLOCK_SPEED runs it faster.
 */
import type { MarketClock } from "@kalpa/contracts/api/market";
import { isOpen, mostRecentSessionOpen } from "@kalpa/market/calendar/session-search";
import type { CalendarOptions } from "@kalpa/market/calendar/sessions";
import { simulatedClock } from "@kalpa/market/clock/simulated-clock";

export interface MarketClockHandle {
  now(): number;
  /** The clock as the API shows it, read now. */
  info(): MarketClock;
}

export interface MarketClockOptions {
  start: "auto" | number;
  speed: number;
  calendar: CalendarOptions;
  /** A broker streams the real market: "auto" is then the real time, open or closed. */
  live?: boolean;
  /** Where an automatic start begins when NSE is closed (the replay feed starts at its first bar). */
  autoStart?: (realNow: number) => number;
}

export function createMarketClock(
  options: MarketClockOptions,
  realNow: () => number = Date.now,
): MarketClockHandle {
  const real = realNow();
  const liveNow = options.start === "auto" && options.speed === 1 && !options.autoStart;
  if (liveNow && (options.live || isOpen("NSE", real, options.calendar))) {
    return { now: realNow, info: () => ({ now: realNow(), speed: 1, simulated: false }) };
  }
  const start =
    options.start !== "auto"
      ? options.start
      : (options.autoStart?.(real) ?? mostRecentSessionOpen("NSE", real, options.calendar));
  const clock = simulatedClock({ start, speed: options.speed, source: realNow });
  return {
    now: () => clock.now(),
    info: () => ({ now: clock.now(), speed: options.speed, simulated: true }),
  };
}
