/**
 * Calibrating the IV model to a real option chain, pure (the files are read by scripts/calibrate-options.ts
 * and recorded/option-chain.test.ts):
 *
 * - the forward of an expiry from put–call parity, C − P = e^(−rT) (F − K), on the strikes nearest the
 *   money (where both sides trade most), and the dividend yield q it implies against the spot;
 * - the model's premium of a quoted contract: Black-76 on that forward at the surface's volatility;
 * - the median absolute percentage error of those premiums, the measure the model is held to;
 * - a least-squares fit of a surface's level, skew, curvature and near-expiry premium to quotes, its smile
 *   held under the slope at which premiums would stop falling (calls) or rising (puts) with the strike.
 */
import type { OptionType } from "@kalpa/contracts/signals";
import { black76 } from "./black-scholes";
import { type IvSurface, surfaceVolatility } from "./iv-model";
import { normalCdf, normalPdf } from "./normal";

/** A call and a put of one strike and expiry, their last prices. */
export interface ParityPair {
  readonly strike: number;
  readonly call: number;
  readonly put: number;
}

/** How many strikes nearest the money the parity forward reads. */
const PARITY_STRIKES = 3;

/**
 * The forward of one expiry by put–call parity: K + e^(rT)(C − P) on the `PARITY_STRIKES` strikes where
 * |C − P| is smallest (the money), their median. Throws on an empty chain or a non-positive time.
 */
export function parityForward(pairs: readonly ParityPair[], rate: number, years: number): number {
  if (!(years > 0)) throw new RangeError("the parity forward needs time to expiry");
  const usable = pairs.filter((p) => p.strike > 0 && p.call > 0 && p.put > 0);
  if (usable.length === 0) throw new RangeError("no strike with both a call and a put price");
  const nearest = [...usable]
    .sort((a, b) => Math.abs(a.call - a.put) - Math.abs(b.call - b.put))
    .slice(0, PARITY_STRIKES)
    .map((p) => p.strike + Math.exp(rate * years) * (p.call - p.put))
    .sort((a, b) => a - b);
  return median(nearest);
}

/** The continuous dividend yield q for which spot × e^((r − q)T) is the forward. */
export function impliedDividendYield(
  spot: number,
  forward: number,
  rate: number,
  years: number,
): number {
  if (!(spot > 0) || !(forward > 0) || !(years > 0)) {
    throw new RangeError("spot, forward and time must be positive");
  }
  return rate - Math.log(forward / spot) / years;
}

/** One quoted option: its market premium against the forward of its expiry. */
export interface ChainQuote {
  readonly type: OptionType;
  readonly strike: number;
  readonly forward: number;
  readonly years: number;
  readonly price: number;
}

/** The model's premium for a quote's contract: Black-76 on its forward at the surface's volatility. */
export function modelPremium(surface: IvSurface, quote: ChainQuote, rate: number): number {
  const volatility = surfaceVolatility(surface, quote.strike, quote.forward, quote.years);
  return black76({
    type: quote.type,
    forward: quote.forward,
    strike: quote.strike,
    years: quote.years,
    rate,
    volatility,
  }).price;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("the median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median of |model − market| / market over the quotes (0.1 = 10 %). */
export function medianAbsolutePercentageError(
  surface: IvSurface,
  quotes: readonly ChainQuote[],
  rate: number,
): number {
  return median(quotes.map((q) => Math.abs(modelPremium(surface, q, rate) - q.price) / q.price));
}

/** The parameters a fit moves; the rest of the surface (floor, ceiling, fade) is kept from the start. */
export const FITTED_PARAMETERS = ["atm", "skew", "curvature", "nearExpiryPremium"] as const;
export type FittedParameter = (typeof FITTED_PARAMETERS)[number];

/** Where each fitted parameter may go: a fit outside these is not a surface this model should quote. */
const LIMITS: Record<FittedParameter, readonly [number, number]> = {
  atm: [0.03, 1.5],
  skew: [-0.5, 0.5],
  curvature: [0, 0.5],
  nearExpiryPremium: [-0.5, 2],
};

/**
 * Whether a surface's smile keeps premiums monotone in the strike (calls falling, puts rising): at x
 * standard deviations, with the smile's multiplier m and its slope m′ (per standard deviation), a call
 * spread stays positive while m′ · φ(x/m) < N(−x/m) on the call side, and the mirror on the put side
 * (d₁ ≈ −x/m away from expiry's last minutes). Checked on a grid out to the wing, with a margin of 20 %
 * (the fit keeps 25 %, so that its figures rounded for the generated file still pass).
 */
export function smileWithinNoArbitrage(surface: IvSurface, margin = 0.8): boolean {
  for (let x = -surface.wing; x <= surface.wing + 1e-9; x += 0.05) {
    const raw = 1 + surface.skew * x + surface.curvature * x * x;
    if (raw <= surface.floor || raw >= surface.ceiling) continue;
    const slope = surface.skew + 2 * surface.curvature * x;
    const z = Math.abs(x) / raw;
    const outward = x >= 0 ? slope : -slope;
    if (outward > 0 && outward * normalPdf(z) > margin * normalCdf(-z)) return false;
  }
  return true;
}

/**
 * Fits `parameters` of `start` to `quotes` by least squares on the log of the premiums (each quote weighs
 * the same whatever its size), with Nelder–Mead inside the limits above and the no-arbitrage smile,
 * starting from `start` with a flat smile (always inside). Deterministic.
 */
export function fitSurface(
  start: IvSurface,
  quotes: readonly ChainQuote[],
  rate: number,
  parameters: readonly FittedParameter[] = FITTED_PARAMETERS,
): IvSurface {
  if (quotes.length < parameters.length) throw new RangeError("too few quotes to fit the surface");
  const build = (point: readonly number[]): IvSurface => {
    const surface: Record<string, number> = { ...start };
    parameters.forEach((name, i) => {
      const [low, high] = LIMITS[name];
      surface[name] = Math.min(high, Math.max(low, point[i] as number));
    });
    return surface as unknown as IvSurface;
  };
  const loss = (point: readonly number[]): number => {
    const surface = build(point);
    if (!smileWithinNoArbitrage(surface, 0.75)) return Number.POSITIVE_INFINITY;
    let sum = 0;
    for (const q of quotes) {
      const model = Math.max(1e-9, modelPremium(surface, q, rate));
      sum += Math.log(model / q.price) ** 2;
    }
    return sum;
  };
  const flat = { ...start, skew: 0, curvature: 0 };
  // Restarted from its own best, twice: a simplex pressed against the no-arbitrage wall can stall.
  let best = parameters.map((name) => flat[name]);
  for (let run = 0; run < 3; run += 1) best = nelderMead(loss, best);
  return build(best);
}

/** Nelder–Mead minimisation from `start` (steps of 10 % or 0.02), a fixed number of iterations. */
function nelderMead(f: (x: readonly number[]) => number, start: readonly number[]): number[] {
  const n = start.length;
  let simplex: { x: number[]; y: number }[] = [{ x: [...start], y: f(start) }];
  for (let i = 0; i < n; i += 1) {
    const x = [...start];
    x[i] = (x[i] as number) + Math.max(0.02, Math.abs(x[i] as number) * 0.1);
    simplex.push({ x, y: f(x) });
  }
  const along = (a: readonly number[], b: readonly number[], t: number) =>
    a.map((v, i) => v + t * ((b[i] as number) - v));
  for (let iteration = 0; iteration < 400 * n; iteration += 1) {
    simplex.sort((a, b) => a.y - b.y);
    const worst = simplex[n] as { x: number[]; y: number };
    const centroid = start.map(
      (_, i) => simplex.slice(0, n).reduce((s, p) => s + (p.x[i] as number), 0) / n,
    );
    const reflected = along(centroid, worst.x, -1);
    const fr = f(reflected);
    const bestY = (simplex[0] as { y: number }).y;
    if (fr < bestY) {
      const expanded = along(centroid, worst.x, -2);
      const fe = f(expanded);
      simplex[n] = fe < fr ? { x: expanded, y: fe } : { x: reflected, y: fr };
    } else if (fr < (simplex[n - 1] as { y: number }).y) {
      simplex[n] = { x: reflected, y: fr };
    } else {
      const contracted = along(centroid, worst.x, 0.5);
      const fc = f(contracted);
      if (fc < worst.y) simplex[n] = { x: contracted, y: fc };
      else {
        const first = simplex[0] as { x: number[]; y: number };
        simplex = simplex.map((p, i) => {
          if (i === 0) return p;
          const x = along(first.x, p.x, 0.5);
          return { x, y: f(x) };
        });
      }
    }
  }
  simplex.sort((a, b) => a.y - b.y);
  return (simplex[0] as { x: number[] }).x;
}
