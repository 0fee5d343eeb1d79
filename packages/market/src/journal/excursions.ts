/**
 * A closed trade's maximum adverse and favourable excursions (MAE / MFE) of the premium (issue 37,
 * decision 038): the premium's path between the entry and the exit is priced from the underlying's stored
 * 1-minute bars with the engine's own option pricing (option-pricing.ts: the same inputs the option chain
 * and the simulator's fills use). A long option's premium rises with the underlying for a call and falls
 * with it for a put, so each minute's lowest and highest premium are the prices at the bar's low and high
 * (at the bar's end, the time left to expiry of that minute).
 *
 * The path is anchored at the fill: each minute's premium is the entry price moved by as much as the model
 * price moved from the entry (the underlying at the entry: the open of the minute holding it, else of the
 * first minute priced). On the simulator the fills are the model's, so this is the model's path; on a
 * broker's feed the quotes may sit above or below the model's level, and anchoring keeps that offset out of
 * the excursions (what is measured is how far the premium moved, not where the model puts it).
 *
 * Only minutes wholly inside the trade are priced (the minute of the entry and of the exit also hold
 * prices from before and after it); the fills themselves bound the path at both ends. Each excursion is
 * per unit of premium, 0 or more: MAE = entry − the lowest premium, MFE = the highest − entry.
 *
 * Without bars for the trade (the stored 1-minute bars are kept for a few sessions only) there is no path:
 * `null`, never a guess. Coverage is returned so a reader knows how many minutes were priced.
 */
import { generalisedBlackScholes } from "../options/black-scholes";
import type { OptionContract } from "../options/option-contract";
import { DEFAULT_PRICING, type PricingSettings, pricingInputs } from "../options/option-pricing";

const MINUTE_MS = 60_000;

export interface ExcursionBar {
  /** The minute's start, epoch ms. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
}

export interface ExcursionInput {
  readonly contract: Pick<OptionContract, "symbol" | "optionType" | "strike" | "expiresAt">;
  readonly entryTime: number;
  readonly exitTime: number;
  readonly entryPrice: number;
  readonly exitPrice: number;
  /** The underlying's 1-minute bars, any order; those not wholly inside the trade are ignored. */
  readonly bars: readonly ExcursionBar[];
  readonly settings?: PricingSettings;
}

export interface Excursions {
  /** Per unit of premium, 0 or more, to 2 decimals. */
  readonly mae: number;
  readonly mfe: number;
  /** The lowest and highest premium of the path (the fills included). */
  readonly low: number;
  readonly high: number;
  /** Minutes priced, and the whole minutes the trade spanned. */
  readonly minutes: number;
  readonly spanMinutes: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The excursions of one trade's premium; null when no minute wholly inside the trade has a bar. */
export function premiumExcursions(input: ExcursionInput): Excursions | null {
  const { contract, entryTime, exitTime, entryPrice, exitPrice } = input;
  if (!(exitTime >= entryTime)) return null;
  const settings = input.settings ?? DEFAULT_PRICING;
  const call = contract.optionType === "CE";
  let low = Math.min(entryPrice, exitPrice);
  let high = Math.max(entryPrice, exitPrice);
  let minutes = 0;
  const model = (underlying: number, at: number) =>
    generalisedBlackScholes(pricingInputs(contract, underlying, at, settings)).price;
  const inside = input.bars
    .filter(
      (bar) =>
        bar.time >= entryTime &&
        bar.time + MINUTE_MS <= exitTime &&
        bar.low > 0 &&
        bar.high >= bar.low,
    )
    .sort((a, b) => a.time - b.time);
  const first = inside[0];
  if (!first) return null;
  const holding = input.bars.find(
    (bar) => bar.time <= entryTime && entryTime < bar.time + MINUTE_MS,
  );
  const underlyingAtEntry = holding && holding.open > 0 ? holding.open : first.open;
  const offset = entryPrice - model(underlyingAtEntry, entryTime);
  const price = (underlying: number, at: number) => model(underlying, at) + offset;
  for (const bar of inside) {
    const end = bar.time + MINUTE_MS;
    const atLow = price(bar.low, end);
    const atHigh = price(bar.high, end);
    const lowest = call ? atLow : atHigh;
    const highest = call ? atHigh : atLow;
    if (lowest < low) low = lowest;
    if (highest > high) high = highest;
    minutes += 1;
  }
  return {
    mae: round2(Math.max(0, entryPrice - low)),
    mfe: round2(Math.max(0, high - entryPrice)),
    low: round2(low),
    high: round2(high),
    minutes,
    spanMinutes: Math.floor((exitTime - entryTime) / MINUTE_MS),
  };
}

/**
 * How far the entry fill was from the signal's entry zone, per unit: 0 inside the zone, positive by how much
 * it paid above the zone's top, negative by how much below its bottom (a better price than asked).
 */
export function entryVersusZone(entryPrice: number, entryLow: number, entryHigh: number): number {
  if (entryPrice > entryHigh) return round2(entryPrice - entryHigh);
  if (entryPrice < entryLow) return round2(entryPrice - entryLow);
  return 0;
}
