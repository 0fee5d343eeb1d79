/**
 * A clock that moves only when told: for tests, and for replaying a day step by step.
 */
import type { Clock } from "./clock";

export class ManualClock implements Clock {
  #at: number;

  constructor(at: number) {
    this.#at = at;
  }

  now(): number {
    return this.#at;
  }

  /** Moves to `at`; a clock never goes backwards. */
  set(at: number): void {
    if (at < this.#at) throw new RangeError("ManualClock: time cannot go backwards");
    this.#at = at;
  }

  advance(ms: number): void {
    this.set(this.#at + ms);
  }
}
