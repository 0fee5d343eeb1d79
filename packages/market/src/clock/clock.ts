/**
 * The market's notion of now. Every piece of logic that needs the time takes a Clock (or an instant), so
 * a simulated or test clock can stand in for the real one.
 */

/** A function returning epoch milliseconds, e.g. the server's `Date.now`. */
export type TimeSource = () => number;

export interface Clock {
  /** The current instant, epoch milliseconds. */
  now(): number;
}

/** The real clock: whatever the time source says. */
export function realClock(source: TimeSource): Clock {
  return { now: source };
}
