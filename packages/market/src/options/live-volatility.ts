/**
 * At-the-money volatility from a broker's live quotes. The fitted surfaces (calibrated-surfaces.ts)
 * hold their shape well from month to month but not their level: in April–May 2026 the market's at-the-money
 * premiums sat 38–46 % away from a level fitted to November 2025. On a broker's feed, the engine quotes the
 * strikes around the money; each quote of the strike nearest the forward is solved for its implied
 * volatility (implied-volatility.ts), and the model prices every contract of that symbol on the fitted
 * surface with its level moved so that the at-the-money volatility is the market's (smoothed over the
 * latest quotes). The model's price is what a signal falls back on without a fresh quote of its own
 * contract, and what scales its target and stop from the quote's premium (signal-intent.ts).
 *
 * A level is used for LIVE_VOLATILITY_FRESH_MS after its last quote; then the fitted level again.
 */
import type { MarketSymbol } from "@kalpa/contracts/names";
import { optionUnderlying } from "../instruments/option-underlyings";
import { impliedVolatility } from "./implied-volatility";
import { atmVolatility } from "./iv-model";
import type { OptionContract } from "./option-contract";
import {
  DEFAULT_PRICING,
  type OptionPricer,
  type PricingSettings,
  pricerOn,
  pricingInputs,
} from "./option-pricing";
import { withAtmLevels } from "./realised-level";

/** How long a live level stands after its last quote (market time). */
export const LIVE_VOLATILITY_FRESH_MS = 5 * 60_000;
/** The weight of each new at-the-money quote in the smoothed level. */
export const LIVE_VOLATILITY_WEIGHT = 0.2;

export interface LiveQuote {
  /** Exchange time of the quote (epoch ms). */
  readonly time: number;
  readonly ltp: number;
  /** Best bid and ask (0: that side is empty). */
  readonly bid: number;
  readonly ask: number;
}

interface Level {
  /** The surface's `atm` (away from expiry) that gives the market's at-the-money volatility. */
  readonly atm: number;
  readonly at: number;
}

export class LiveAtmVolatility {
  readonly #settings: PricingSettings;
  readonly #levels = new Map<MarketSymbol, Level>();

  constructor(settings: PricingSettings = DEFAULT_PRICING) {
    this.#settings = settings;
  }

  /**
   * A quote of `contract` with the underlying at `underlyingPrice`: when the contract is the strike
   * nearest the forward and its price (the book's middle, else the last trade) has an implied volatility,
   * the symbol's level moves towards it. Answers the quote's implied volatility, if it was used.
   */
  observe(
    contract: Pick<OptionContract, "symbol" | "optionType" | "strike" | "expiresAt">,
    quote: LiveQuote,
    underlyingPrice: number,
  ): number | undefined {
    if (!(underlyingPrice > 0) || quote.time >= contract.expiresAt) return undefined;
    const inputs = pricingInputs(contract, underlyingPrice, quote.time, this.#settings);
    const forward = underlyingPrice * Math.exp(inputs.carry * inputs.years);
    const step = Math.abs(contract.strike - forward);
    if (step > this.#halfStep(contract)) return undefined;
    const price = quote.bid > 0 && quote.ask > quote.bid ? (quote.bid + quote.ask) / 2 : quote.ltp;
    if (!(price > 0)) return undefined;
    const volatility = impliedVolatility({ ...inputs, price });
    if (volatility === undefined) return undefined;
    const surface = this.#settings.surfaces[contract.symbol];
    // The level away from expiry whose at-the-money volatility at this contract's time is the market's.
    const atm = (volatility / atmVolatility(surface, inputs.years)) * surface.atm;
    const previous = this.level(contract.symbol, quote.time);
    const level =
      previous === undefined ? atm : previous + LIVE_VOLATILITY_WEIGHT * (atm - previous);
    this.#levels.set(contract.symbol, { atm: level, at: quote.time });
    return volatility;
  }

  /** The symbol's live level (the surface's `atm`) at `at`, while fresh. */
  level(symbol: MarketSymbol, at: number): number | undefined {
    const level = this.#levels.get(symbol);
    return level && at - level.at <= LIVE_VOLATILITY_FRESH_MS ? level.atm : undefined;
  }

  /** The settings with each fresh symbol's surface moved to its live level. */
  settingsAt(at: number): PricingSettings {
    const levels: Partial<Record<MarketSymbol, number>> = {};
    for (const symbol of this.#levels.keys()) {
      const atm = this.level(symbol, at);
      if (atm !== undefined) levels[symbol] = atm;
    }
    return withAtmLevels(this.#settings, levels);
  }

  /** A pricer on the live levels (the fitted ones where none is fresh), rounded to the tick. */
  pricer(): OptionPricer {
    return pricerOn((_symbol, at) => this.settingsAt(at));
  }

  /** Half the strike grid: a strike within it of the forward is the one at the money. */
  #halfStep(contract: Pick<OptionContract, "symbol">): number {
    return optionUnderlying(contract.symbol).strikeStep / 2;
  }
}
