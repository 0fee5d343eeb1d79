/**
 * A simulated clock: starts at an instant and runs `speed` times as fast as a real time source.
 */
import type { Clock, TimeSource } from "./clock";

export interface SimulatedClockOptions {
  /** The simulated instant at which the clock starts (epoch ms). */
  readonly start: number;
  /** How many simulated milliseconds pass per real millisecond (1 = real pace). */
  readonly speed: number;
  /** The real time source it measures elapsed time against. */
  readonly source: TimeSource;
  /**
   * The real instant at which the clock read `start` (epoch ms); by default, when it is made. Processes
   * given the same origin show the same time, whenever each started.
   */
  readonly origin?: number;
}

export interface SimulatedClock extends Clock {
  readonly start: number;
  readonly speed: number;
}

export function simulatedClock({
  start,
  speed,
  source,
  origin = source(),
}: SimulatedClockOptions): SimulatedClock {
  if (!Number.isFinite(start)) throw new RangeError("simulatedClock: start must be an instant");
  if (!(speed > 0 && Number.isFinite(speed))) {
    throw new RangeError("simulatedClock: speed must be a positive number");
  }
  if (!Number.isFinite(origin)) throw new RangeError("simulatedClock: origin must be an instant");
  return { start, speed, now: () => start + (source() - origin) * speed };
}
