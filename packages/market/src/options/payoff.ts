/**
 * A signal's payoff (issue 37): the P&L of its long option position over a range of the underlying, at
 * expiry (intrinsic value) and today (the model price with the time left, on the same pricing inputs the
 * engine uses: option-pricing.ts), net of the round trip's charges (journal/charges.ts, the rates of the
 * day). Signals only buy, so the most the position can lose is the premium paid plus the charges of buying
 * it and of a sale at nothing. The entry zone, target and stop are premiums; each is drawn as the underlying
 * level at which today's model price equals it, solved by bisection.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { roundRupees, roundTripCharges } from "../journal/charges";
import { dayKeyOf } from "../time/day-key";
import { generalisedBlackScholes } from "./black-scholes";
import type { OptionContract } from "./option-contract";
import { DEFAULT_PRICING, type PricingSettings, pricingInputs } from "./option-pricing";

export type PayoffContract = Pick<OptionContract, "symbol" | "optionType" | "strike" | "expiresAt">;

export interface PayoffInput {
  readonly contract: PayoffContract;
  readonly lotSize: number;
  readonly lots: number;
  /** Premium per unit paid (the entry price; before entry, the top of the entry zone). */
  readonly premiumPaid: number;
  /** The signal's premiums: entry zone, target and stop (the stop's trigger). */
  readonly entryLow: number;
  readonly entryHigh: number;
  readonly target: number;
  readonly stopLoss: number;
  /** The underlying's price now. */
  readonly underlying: number;
  /** Now (epoch ms, market clock). */
  readonly at: number;
  /** Lowest and highest underlying of the range, and how many points (at least 2). */
  readonly from: number;
  readonly to: number;
  readonly points: number;
  /** The day whose charge rates apply (the Asia/Kolkata day of `at` when left out). */
  readonly day?: DayKey;
  readonly settings?: PricingSettings;
}

export interface PayoffPoint {
  readonly underlying: number;
  /** Net P&L (rupees, the whole position) if the option is sold at its intrinsic value at expiry. */
  readonly pnlAtExpiry: number;
  /** Net P&L (rupees) if sold today at the model price with the time left. */
  readonly pnlToday: number;
}

export interface PayoffLevels {
  /** The underlying at which today's model price equals each premium; null outside the searched range. */
  readonly entryLow: number | null;
  readonly entryHigh: number | null;
  readonly target: number | null;
  readonly stopLoss: number | null;
}

/** What a marked level of the underlying is. */
export type PayoffMarkKind = "now" | "break-even" | "entry-low" | "entry-high" | "target" | "stop";

export interface PayoffMark extends PayoffPoint {
  readonly kind: PayoffMarkKind;
}

export interface Payoff {
  readonly points: readonly PayoffPoint[];
  /** The P&L at the underlying now, the break-even and each level found (for markers on the curves). */
  readonly marks: readonly PayoffMark[];
  /** The underlying at expiry at which the option is worth the premium paid: strike ± premium. */
  readonly breakEven: number;
  /** The same with the round trip's charges recovered too. */
  readonly breakEvenAfterCharges: number;
  /** The most the position can lose (rupees, positive): premium × quantity + the round trip's charges. */
  readonly maxLoss: number;
  /** The round trip's charges at the premium paid and a sale at nothing (part of maxLoss). */
  readonly charges: number;
  readonly quantity: number;
  readonly levels: PayoffLevels;
  /** The time left to expiry (ms, never negative) and the volatility today's prices use at the money now. */
  readonly msToExpiry: number;
  readonly volatility: number;
}

/** Today's model price per unit (unrounded) with the underlying at `underlying`. */
export function priceToday(
  contract: PayoffContract,
  underlying: number,
  at: number,
  settings: PricingSettings = DEFAULT_PRICING,
): number {
  return generalisedBlackScholes(pricingInputs(contract, underlying, at, settings)).price;
}

/** The option's value per unit at expiry: its intrinsic value. */
export function intrinsicValue(contract: PayoffContract, underlying: number): number {
  return contract.optionType === "CE"
    ? Math.max(0, underlying - contract.strike)
    : Math.max(0, contract.strike - underlying);
}

/**
 * The underlying in [low, high] at which `price(underlying)` equals `premium`, by bisection; the price must
 * move one way over the range (an option's price does). Null when the premium is not reached in the range.
 */
export function solveUnderlying(
  price: (underlying: number) => number,
  premium: number,
  low: number,
  high: number,
): number | null {
  let a = low;
  let b = high;
  let fa = price(a) - premium;
  const fb = price(b) - premium;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (Math.sign(fa) === Math.sign(fb)) return null;
  for (let i = 0; i < 100 && b - a > 1e-6; i++) {
    const mid = (a + b) / 2;
    const fm = price(mid) - premium;
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(fa)) {
      a = mid;
      fa = fm;
    } else {
      b = mid;
    }
  }
  return (a + b) / 2;
}

function check(input: PayoffInput): void {
  const positive = {
    lotSize: input.lotSize,
    lots: input.lots,
    premiumPaid: input.premiumPaid,
    underlying: input.underlying,
    from: input.from,
    to: input.to,
  };
  for (const [name, value] of Object.entries(positive)) {
    if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be positive`);
  }
  if (!(input.to > input.from)) throw new RangeError("the range must run from low to high");
  if (!Number.isInteger(input.points) || input.points < 2) {
    throw new RangeError("points must be a whole number of at least 2");
  }
}

/** The payoff of a long option position over the underlying's range (see the file's comment). */
export function payoff(input: PayoffInput): Payoff {
  check(input);
  const settings = input.settings ?? DEFAULT_PRICING;
  const { contract, at } = input;
  const quantity = input.lotSize * input.lots;
  const day = input.day ?? dayKeyOf(at);
  const paid = input.premiumPaid;
  const net = (value: number) => {
    const charges = roundTripCharges({
      symbol: contract.symbol,
      buyPrice: paid,
      sellPrice: value,
      quantity,
      lotSize: input.lotSize,
      sellDay: day,
    }).total;
    return roundRupees((value - paid) * quantity - charges);
  };
  const pointAt = (underlying: number): PayoffPoint => ({
    underlying,
    pnlAtExpiry: net(intrinsicValue(contract, underlying)),
    pnlToday: net(priceToday(contract, underlying, at, settings)),
  });
  const points: PayoffPoint[] = [];
  const step = (input.to - input.from) / (input.points - 1);
  for (let i = 0; i < input.points; i++) {
    const underlying = i === input.points - 1 ? input.to : input.from + i * step;
    points.push(pointAt(underlying));
  }
  const charges = roundTripCharges({
    symbol: contract.symbol,
    buyPrice: paid,
    sellPrice: 0,
    quantity,
    lotSize: input.lotSize,
    sellDay: day,
  }).total;
  const sign = contract.optionType === "CE" ? 1 : -1;
  // Charges grow a little with the sale's turnover; those of a sale at the premium paid are close enough
  // for the level (within a paisa per unit).
  const chargesAtBreakEven = roundTripCharges({
    symbol: contract.symbol,
    buyPrice: paid,
    sellPrice: paid,
    quantity,
    lotSize: input.lotSize,
    sellDay: day,
  }).total;
  const today = (underlying: number) => priceToday(contract, underlying, at, settings);
  // Levels are searched well beyond the drawn range: a premium is reached wherever it is.
  const low = Math.min(input.from, input.underlying) / 2;
  const high = Math.max(input.to, input.underlying) * 2;
  const level = (premium: number) =>
    premium > 0 ? solveUnderlying(today, premium, low, high) : null;
  const breakEven = contract.strike + sign * paid;
  const levels = {
    entryLow: level(input.entryLow),
    entryHigh: level(input.entryHigh),
    target: level(input.target),
    stopLoss: level(input.stopLoss),
  };
  const marked: [PayoffMarkKind, number | null][] = [
    ["now", input.underlying],
    ["break-even", breakEven > 0 ? breakEven : null],
    ["entry-low", levels.entryLow],
    ["entry-high", levels.entryHigh],
    ["target", levels.target],
    ["stop", levels.stopLoss],
  ];
  const marks = marked.flatMap(([kind, underlying]) =>
    underlying === null ? [] : [{ kind, ...pointAt(underlying) }],
  );
  return {
    points,
    marks,
    breakEven,
    breakEvenAfterCharges: contract.strike + sign * (paid + chargesAtBreakEven / quantity),
    maxLoss: roundRupees(paid * quantity + charges),
    charges,
    quantity,
    levels,
    msToExpiry: Math.max(0, contract.expiresAt - at),
    volatility: pricingInputs(contract, input.underlying, at, settings).volatility,
  };
}

/**
 * A range of the underlying for the payoff: around the current price, wide enough to hold the strike, the
 * break-even and the signal's levels, with a margin of `margin` of the price either side.
 */
export function payoffRange(
  underlying: number,
  levels: readonly (number | null)[],
  margin = 0.03,
): { from: number; to: number } {
  const known = levels.filter((l): l is number => l !== null && Number.isFinite(l));
  const lowest = Math.min(underlying, ...known);
  const highest = Math.max(underlying, ...known);
  return {
    from: Math.max(1, lowest - underlying * margin),
    to: highest + underlying * margin,
  };
}
