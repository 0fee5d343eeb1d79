/**
 * Implied volatility: the volatility at which the generalised Black-Scholes price equals an observed
 * premium. Newton's method on vega, kept inside a bracket that always holds the root, falling back to a
 * bisection step whenever Newton would leave the bracket or vega is too small to trust. A premium outside
 * the no-arbitrage bounds (below the discounted intrinsic value, or at or above the underlying's discounted
 * value for a call, the strike's for a put) has no implied volatility: the answer is undefined, never NaN.
 */
import { type GeneralisedInputs, generalisedBlackScholes } from "./black-scholes";

export type ImpliedVolatilityInputs = Omit<GeneralisedInputs, "volatility"> & {
  /** The observed premium per unit. */
  readonly price: number;
};

/** Volatilities searched: 0.01% to 1,000% a year. */
export const IV_BOUNDS = { low: 1e-4, high: 10 } as const;
/** Relative to the premium: deep out-of-the-money premiums are tiny, and still have a volatility. */
const PRICE_TOLERANCE = 1e-12;
const VOL_TOLERANCE = 1e-10;
const MAX_ITERATIONS = 100;

/** The no-arbitrage range of a European premium: [lower, upper). */
export function premiumBounds(inputs: Omit<ImpliedVolatilityInputs, "price">): {
  lower: number;
  upper: number;
} {
  const { type, underlying, strike, years, rate, carry } = inputs;
  const carried = underlying * Math.exp((carry - rate) * years);
  const discounted = strike * Math.exp(-rate * years);
  return type === "CE"
    ? { lower: Math.max(0, carried - discounted), upper: carried }
    : { lower: Math.max(0, discounted - carried), upper: discounted };
}

/** The implied volatility of `inputs.price`, or undefined when no volatility produces it. */
export function impliedVolatility(inputs: ImpliedVolatilityInputs): number | undefined {
  const { price } = inputs;
  if (!Number.isFinite(price) || !(inputs.years > 0)) return undefined;
  if (!(inputs.underlying > 0) || !(inputs.strike > 0)) return undefined;
  const { lower, upper } = premiumBounds(inputs);
  if (!(price > lower) || !(price < upper)) return undefined;

  const priceAt = (volatility: number) => generalisedBlackScholes({ ...inputs, volatility });
  let low: number = IV_BOUNDS.low;
  let high: number = IV_BOUNDS.high;
  if (priceAt(low).price > price || priceAt(high).price < price) return undefined;

  // Brenner-Subrahmanyam's at-the-money estimate as the start, held inside the bracket.
  const guess = (Math.sqrt((2 * Math.PI) / inputs.years) * price) / inputs.underlying;
  let vol = Math.min(high, Math.max(low, Number.isFinite(guess) ? guess : 0.2));
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    const { price: model, vega } = priceAt(vol);
    const diff = model - price;
    if (Math.abs(diff) <= PRICE_TOLERANCE * price) return vol;
    if (diff > 0) high = vol;
    else low = vol;
    const vegaPerUnit = vega * 100;
    const newton = vegaPerUnit > 1e-12 ? vol - diff / vegaPerUnit : Number.NaN;
    const next = newton > low && newton < high ? newton : 0.5 * (low + high);
    if (Math.abs(next - vol) < VOL_TOLERANCE) return next;
    vol = next;
  }
  return vol;
}
