/**
 * The market clock every market rule reads (sessions, day keys, expiries). SIM_CLOCK_START=auto (the
 * default) uses the real time while NSE is open and otherwise starts inside the most recent NSE session, once
 * every model's quiet opening is over and a margin after it (autoClockStart: 11:00 on a regular day), so a
 * newcomer at any hour sees a market in motion (the engine computes the day up to there on start:
 * market-engine.ts); an instant starts there. SIM_CLOCK_SPEED runs it faster.
 *
 * SIM_CLOCK_EPOCH shares one simulated clock between processes (a cluster, a process restarted): the clock
 * read its start at that real instant, and "auto" is decided at it, so every process shows the same time
 * whenever it started. Without it, each process's clock starts when the process does.
 */
import type { MarketClock } from "@kalpa/contracts/api/market";
import { MODEL_IDS } from "@kalpa/contracts/names";
import { isOpen, mostRecentSessionOpen, sessionAt } from "@kalpa/market/calendar/session-search";
import { type CalendarOptions, sessionsOn } from "@kalpa/market/calendar/sessions";
import { sessionWalk, type WalkedSession } from "@kalpa/market/clock/session-walk";
import { simulatedClock } from "@kalpa/market/clock/simulated-clock";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { createModel } from "@kalpa/market/models/models";
import { dayKeyOf } from "@kalpa/market/time/day-key";

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
  /** The real instant at which the simulated clock read its start (SIM_CLOCK_EPOCH); by default, now. */
  epoch?: number | undefined;
}

/** How long after the last model's quiet opening an automatic start begins: time for every model to act. */
export const AUTO_START_MARGIN_MINUTES = 90;

/**
 * Where SIM_CLOCK_START=auto starts while NSE is closed at `real`: in the most recent NSE session, at the
 * latest end of every model's quiet opening on that day (its exchange's first open plus its
 * openingQuietMinutes) plus AUTO_START_MARGIN_MINUTES; 11:00 India time on a regular day (KalpaVruksha's
 * 09:30 and Yamuna's 09:30, plus 90 minutes). Never past that session's last minute, never before its open.
 */
export function autoClockStart(real: number, calendar: CalendarOptions): number {
  const open = mostRecentSessionOpen("NSE", real, calendar);
  const day = dayKeyOf(open);
  let quietEnd = open;
  for (const id of MODEL_IDS) {
    const model = createModel(id);
    const first = sessionsOn(OPTION_UNDERLYINGS[model.symbol].exchange, day, calendar)[0];
    if (!first) continue;
    quietEnd = Math.max(quietEnd, first.open + model.rules.openingQuietMinutes * 60_000);
  }
  const close = sessionAt("NSE", open, calendar)?.close ?? open + 60_000;
  return Math.max(open, Math.min(quietEnd + AUTO_START_MARGIN_MINUTES * 60_000, close - 60_000));
}

export function createMarketClock(
  options: MarketClockOptions,
  realNow: () => number = Date.now,
): MarketClockHandle {
  const real = options.epoch ?? realNow();
  const liveNow = options.start === "auto" && options.speed === 1 && !options.autoStart;
  if (liveNow && (options.live || isOpen("NSE", real, options.calendar))) {
    return { now: realNow, info: () => ({ now: realNow(), speed: 1, simulated: false }) };
  }
  const start =
    options.start !== "auto"
      ? options.start
      : (options.autoStart?.(real) ?? autoClockStart(real, options.calendar));
  const clock = simulatedClock({ start, speed: options.speed, source: realNow, origin: real });
  return {
    now: () => clock.now(),
    info: () => ({ now: clock.now(), speed: options.speed, simulated: true }),
  };
}

export interface SessionWalkClockOptions {
  /** The recorded sessions, in time order. */
  sessions: readonly WalkedSession[];
  /** "auto": the first session's open; an instant: there, or the next session's open if between sessions. */
  start: "auto" | number;
  speed: number;
  epoch?: number | undefined;
}

/**
 * A replay's clock: it walks the recorded sessions one after another (clock/session-walk.ts), at
 * SIM_CLOCK_SPEED inside each and straight from a session's close to the next one's open. SIM_CLOCK_EPOCH
 * shares it between processes as above.
 */
export function createSessionWalkClock(
  options: SessionWalkClockOptions,
  realNow: () => number = Date.now,
): MarketClockHandle {
  const first = options.sessions[0];
  if (!first) throw new Error("a replay needs at least one recorded session");
  const clock = sessionWalk({
    sessions: options.sessions,
    start: options.start === "auto" ? first.open : options.start,
    speed: options.speed,
    source: realNow,
    origin: options.epoch ?? realNow(),
  });
  return {
    now: () => clock.now(),
    info: () => ({
      now: clock.now(),
      speed: options.speed,
      simulated: true,
      sessionEnd: clock.sessionEnd(),
    }),
  };
}
