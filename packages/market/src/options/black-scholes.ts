/**
 * European option prices and greeks in the generalised Black-Scholes-Merton form (Haug, "The Complete Guide
 * to Option Pricing Formulas", ch. 1), with a cost of carry b:
 *
 * - Black-Scholes on an index with dividend yield q: b = r − q (NIFTY, BANKNIFTY options on the spot index);
 * - Black-76 on a futures price: b = 0 (MCX CRUDEOIL options, whose underlying is the futures contract).
 *
 * Units: `years` is act/365 calendar time; rates and volatility are annualised decimals (0.13 = 13%).
 * Greeks are given as traders quote them: theta per calendar day, vega and rho per 1 percentage point.
 */
import type { OptionType } from "@kalpa/contracts/signals";
import { normalCdf, normalPdf } from "./normal";

export interface OptionGreeks {
  /** Premium per unit of the underlying. */
  readonly price: number;
  /** ∂price/∂underlying. */
  readonly delta: number;
  /** ∂²price/∂underlying². */
  readonly gamma: number;
  /** Change in price for +1 volatility point (0.01). */
  readonly vega: number;
  /** Change in price for one calendar day passing (usually negative). */
  readonly theta: number;
  /** Change in price for +1 percentage point of the interest rate. */
  readonly rho: number;
}

export interface GeneralisedInputs {
  readonly type: OptionType;
  /** Spot (Black-Scholes) or futures price (Black-76). */
  readonly underlying: number;
  readonly strike: number;
  readonly years: number;
  readonly rate: number;
  readonly volatility: number;
  /** Cost of carry b: r − q for an index, 0 for a futures contract. */
  readonly carry: number;
  /** Whether the carry moves with the rate (b = r − q), which decides rho. False for Black-76. */
  readonly carryFollowsRate: boolean;
}

export interface BlackScholesInputs {
  readonly type: OptionType;
  readonly spot: number;
  readonly strike: number;
  readonly years: number;
  readonly rate: number;
  readonly volatility: number;
  /** Continuous dividend yield (default 0). */
  readonly dividendYield?: number;
}

export interface Black76Inputs {
  readonly type: OptionType;
  readonly forward: number;
  readonly strike: number;
  readonly years: number;
  readonly rate: number;
  readonly volatility: number;
}

const DAYS_PER_YEAR = 365;

/** At or after expiry (or with no volatility): the discounted intrinsic value of the forward. */
function degenerate(inputs: GeneralisedInputs): OptionGreeks {
  const { type, underlying, strike, rate, carry } = inputs;
  const years = Math.max(0, inputs.years);
  const carryFactor = Math.exp((carry - rate) * years);
  const discount = Math.exp(-rate * years);
  const sign = type === "CE" ? 1 : -1;
  const forwardValue = underlying * carryFactor;
  const strikeValue = strike * discount;
  const inTheMoney = sign * (forwardValue - strikeValue) > 0;
  return {
    price: inTheMoney ? sign * (forwardValue - strikeValue) : 0,
    delta: inTheMoney ? sign * carryFactor : 0,
    gamma: 0,
    vega: 0,
    theta: 0,
    rho: 0,
  };
}

/** Price and greeks under the generalised model. */
export function generalisedBlackScholes(inputs: GeneralisedInputs): OptionGreeks {
  const { type, underlying: s, strike: k, years: t, rate: r, volatility: v, carry: b } = inputs;
  if (!(s > 0) || !(k > 0)) throw new RangeError("underlying and strike must be positive");
  if (!(t > 0) || !(v > 0)) return degenerate(inputs);
  const sqrtT = Math.sqrt(t);
  const volSqrtT = v * sqrtT;
  const d1 = (Math.log(s / k) + (b + 0.5 * v * v) * t) / volSqrtT;
  const d2 = d1 - volSqrtT;
  const carryFactor = Math.exp((b - r) * t);
  const discount = Math.exp(-r * t);
  const density = normalPdf(d1);
  const sign = type === "CE" ? 1 : -1;
  const nd1 = normalCdf(sign * d1);
  const nd2 = normalCdf(sign * d2);

  const price = sign * (s * carryFactor * nd1 - k * discount * nd2);
  const delta = sign * carryFactor * nd1;
  const gamma = (carryFactor * density) / (s * volSqrtT);
  const vegaPerUnit = s * carryFactor * density * sqrtT;
  const thetaPerYear =
    (-s * carryFactor * density * v) / (2 * sqrtT) -
    sign * (b - r) * s * carryFactor * nd1 -
    sign * r * k * discount * nd2;
  const rhoPerUnit = inputs.carryFollowsRate ? sign * t * k * discount * nd2 : -t * price;
  return {
    price,
    delta,
    gamma,
    vega: vegaPerUnit / 100,
    theta: thetaPerYear / DAYS_PER_YEAR,
    rho: rhoPerUnit / 100,
  };
}

/** Black-Scholes(-Merton) on a spot price with a continuous dividend yield: index options. */
export function blackScholes(inputs: BlackScholesInputs): OptionGreeks {
  const q = inputs.dividendYield ?? 0;
  return generalisedBlackScholes({
    type: inputs.type,
    underlying: inputs.spot,
    strike: inputs.strike,
    years: inputs.years,
    rate: inputs.rate,
    volatility: inputs.volatility,
    carry: inputs.rate - q,
    carryFollowsRate: true,
  });
}

/** Black-76 on a futures price: options on futures (MCX CRUDEOIL). */
export function black76(inputs: Black76Inputs): OptionGreeks {
  return generalisedBlackScholes({
    type: inputs.type,
    underlying: inputs.forward,
    strike: inputs.strike,
    years: inputs.years,
    rate: inputs.rate,
    volatility: inputs.volatility,
    carry: 0,
    carryFollowsRate: false,
  });
}
