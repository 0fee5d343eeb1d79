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

  max(): number {
    return Math.max(...this.values());
  }

  min(): number {
    return Math.min(...this.values());
  }
}
