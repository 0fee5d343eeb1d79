/**
 * A clock the app reads through BuildAppOptions.clock: it follows real time until a test freezes it, and
 * then moves only when told, so a boundary (60 s cooldown, 10 min expiry, 24 h) can be hit exactly.
 */
export interface TestClock {
  now: () => Date;
  /** Stops time at the current moment (or at `at`). */
  freeze(at?: Date): void;
  /** Moves time forward (frozen or not). */
  advance(ms: number): void;
  /** Back to real time. */
  reset(): void;
}

export function createTestClock(): TestClock {
  let frozen: number | undefined;
  let offset = 0;
  return {
    now: () => new Date(frozen ?? Date.now() + offset),
    freeze(at) {
      frozen = at ? at.getTime() : Date.now() + offset;
    },
    advance(ms) {
      if (frozen === undefined) offset += ms;
      else frozen += ms;
    },
    reset() {
      frozen = undefined;
      offset = 0;
    },
  };
}
