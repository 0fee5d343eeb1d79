/**
 * A small, fast, seeded pseudo-random generator (sfc32, seeded through splitmix32) with the draws the
 * simulator needs. Not for anything secret.
 */

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Degrees of freedom of the fat-tailed shocks: Student's t with 5, scaled to unit variance. */
const SHOCK_DF = 5;
/** Largest size of a shock, in standard deviations. */
export const SHOCK_LIMIT = 5;
/**
 * E|shock| for a unit-variance t(5) draw: 2·√5·Γ(3) / (√π·4·Γ(2.5)) · √(3/5) ≈ 0.7351. The simulator
 * divides a target mean absolute gap by this to get the gap's standard deviation.
 */
export const MEAN_ABS_SHOCK = 0.7351;

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  #spareNormal: number | undefined;

  constructor(seed: number) {
    const next = splitmix32(seed);
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    for (let i = 0; i < 12; i += 1) this.uint32();
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    return this.uint32() / 4294967296;
  }

  /** Standard normal (Marsaglia's polar method; the second value of each pair is kept for the next call). */
  normal(): number {
    const spare = this.#spareNormal;
    if (spare !== undefined) {
      this.#spareNormal = undefined;
      return spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    this.#spareNormal = v * factor;
    return u * factor;
  }

  /**
   * A fat-tailed shock with mean 0 and variance about 1: Student's t with 5 degrees of freedom, scaled,
   * and held within ±SHOCK_LIMIT (a one-in-several-thousand draw would otherwise move crude oil 30% in
   * a day).
   */
  shock(): number {
    return this.studentT(SHOCK_DF, SHOCK_LIMIT);
  }

  /**
   * Student's t with `df` (a whole number above 2) degrees of freedom, scaled to unit variance and held
   * within ±`limit` standard deviations.
   */
  studentT(df: number, limit: number): number {
    let chiSquare = 0;
    for (let i = 0; i < df; i += 1) chiSquare += this.normal() ** 2;
    const t = (this.normal() / Math.sqrt(chiSquare / df)) * Math.sqrt((df - 2) / df);
    return Math.max(-limit, Math.min(limit, t));
  }
}
