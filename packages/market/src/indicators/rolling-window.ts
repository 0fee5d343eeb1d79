/**
 * The last `size` values of a series in a ring buffer, for indicators over a fixed window (Bollinger
 * bands, highest high and lowest low). Each update is O(1); questions about the window are O(size).
 */
export class RollingWindow {
  readonly size: number;
  readonly #values: number[];
  #next = 0;
  #count = 0;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError("size must be a whole number ≥ 1");
    this.size = size;
    this.#values = new Array<number>(size).fill(0);
  }

  push(value: number): void {
    this.#values[this.#next] = value;
    this.#next = (this.#next + 1) % this.size;
    this.#count = Math.min(this.size, this.#count + 1);
  }

  /** Whether `size` values have arrived. */
  get full(): boolean {
    return this.#count === this.size;
  }

  /** The values held, oldest first. */
  values(): number[] {
    const start = this.full ? this.#next : 0;
    return Array.from(
      { length: this.#count },
      (_, i) => this.#values[(start + i) % this.size] ?? 0,
    );
  }

  /** The largest value held (-Infinity when empty); no copy of the window. */
  max(): number {
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < this.#count; i += 1) max = Math.max(max, this.#values[i] as number);
    return max;
  }

  /** The smallest value held (Infinity when empty). */
  min(): number {
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.#count; i += 1) min = Math.min(min, this.#values[i] as number);
    return min;
  }
}
