/**
 * Open interest and its change on a broker's feed (issue 37, decision 038). Kite's full-mode packets carry
 * a contract's open interest (broker/kite/ticker-wire.ts decodes it: `oi`, with the day's high and low) but
 * not the previous session's, so the change is measured from the first open interest this process saw for
 * the contract that day (Asia/Kolkata), and the moment it was seen is kept to say so.
 */
import { dayKeyOf } from "../time/day-key";

export interface OpenInterestReading {
  readonly oi: number;
  /** oi − the day's first reading. */
  readonly change: number;
  /** When the day's first reading was seen (epoch ms). */
  readonly since: number;
}

export class OpenInterestChanges {
  readonly #first = new Map<string, { day: string; oi: number; at: number }>();

  /** Records a reading of `key`'s open interest at `at`; undefined for a reading that is not one (≤ 0). */
  observe(key: string, oi: number, at: number): OpenInterestReading | undefined {
    if (!(oi > 0) || !Number.isFinite(oi)) return undefined;
    const day = dayKeyOf(at);
    let first = this.#first.get(key);
    if (!first || first.day !== day) {
      first = { day, oi, at };
      this.#first.set(key, first);
    }
    return { oi, change: oi - first.oi, since: first.at };
  }

  /** Forgets the contracts not read on `day` (a day's contracts are a few dozen). */
  prune(day: string): void {
    for (const [key, first] of this.#first) if (first.day !== day) this.#first.delete(key);
  }
}
