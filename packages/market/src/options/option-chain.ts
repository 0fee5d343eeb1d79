/**
 * The option chain around a strike (issue 37): for each strike on the instrument's grid within
 * `strikesEachSide` steps of the centre, the call's and the put's model price with the implied volatility
 * and greeks it was priced at, from the settings' volatility surface (option-pricing.ts). Theta is per
 * calendar day, vega per volatility point (black-scholes.ts). Bid and ask are the model's price less and
 * plus `spreadTicks` option ticks when a spread is given (the simulator's fills slip that much), else absent.
 *
 * Where a broker's quote of a contract is given, its last price, bid and ask replace the model's (and its
 * implied volatility is the one its price solves for); the greeks stay the model's at that volatility.
 * Also answered: the at-the-money strike (the grid's strike nearest the forward), the forward itself and the
 * at-the-money implied volatility.
 */
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import { optionUnderlying } from "../instruments/option-underlyings";
import { nearestStrike, roundToTick } from "../instruments/price-steps";
import { generalisedBlackScholes } from "./black-scholes";
import { impliedVolatility } from "./implied-volatility";
import { atmVolatility } from "./iv-model";
import {
  DEFAULT_PRICING,
  type PricingSettings,
  pricingInputs,
  roundPremium,
} from "./option-pricing";

export interface ChainQuote {
  readonly ltp: number;
  /** 0: that side of the book is empty. */
  readonly bid: number;
  readonly ask: number;
  /** Open interest and its change since the day's first reading (open-interest.ts), when the feed has it. */
  readonly oi?: number;
  readonly oiChange?: number;
}

export interface ChainSide {
  readonly ltp: number;
  readonly bid: number | null;
  readonly ask: number | null;
  /** Annualised decimal (0.12 = 12 %). */
  readonly iv: number;
  readonly delta: number;
  readonly gamma: number;
  /** Per calendar day. */
  readonly theta: number;
  /** Per volatility point. */
  readonly vega: number;
  /** Whether the prices are a broker's quote (else the model's). */
  readonly quoted: boolean;
  /** Open interest and its change (a broker's quote that carries it; null otherwise: no model has any). */
  readonly oi: number | null;
  readonly oiChange: number | null;
}

export interface ChainRow {
  readonly strike: number;
  readonly call: ChainSide;
  readonly put: ChainSide;
}

export interface OptionChain {
  readonly symbol: MarketSymbol;
  readonly expiry: DayKey;
  readonly underlying: number;
  readonly forward: number;
  readonly atmStrike: number;
  readonly strikeStep: number;
  /** The surface's at-the-money volatility at this expiry (annualised decimal). */
  readonly atmIv: number;
  readonly rows: readonly ChainRow[];
}

export interface ChainInputs {
  readonly symbol: MarketSymbol;
  readonly underlying: number;
  readonly expiry: DayKey;
  readonly expiresAt: number;
  readonly at: number;
  /** The strike the chain is centred on (the signal's); the at-the-money strike when absent. */
  readonly centreStrike?: number | undefined;
  readonly strikesEachSide?: number;
  readonly settings?: PricingSettings;
  /** The model's half-spread in option ticks; absent: no bid or ask from the model. */
  readonly spreadTicks?: number | undefined;
  /** A broker's quotes by strike and type ("26000:CE"). */
  readonly quotes?: ReadonlyMap<string, ChainQuote>;
}

export const CHAIN_STRIKES_EACH_SIDE = 10;

export function chainQuoteKey(strike: number, type: OptionType): string {
  return `${strike}:${type}`;
}

export function buildOptionChain(inputs: ChainInputs): OptionChain {
  const { symbol, underlying, expiry, expiresAt, at } = inputs;
  if (!(underlying > 0)) throw new RangeError("the underlying's price must be positive");
  const settings = inputs.settings ?? DEFAULT_PRICING;
  const each = inputs.strikesEachSide ?? CHAIN_STRIKES_EACH_SIDE;
  if (!Number.isInteger(each) || each < 0)
    throw new RangeError("strikes each side: a whole number");
  const { strikeStep: step, optionTick: tick } = optionUnderlying(symbol);
  const contract = (strike: number, optionType: OptionType) => ({
    symbol,
    optionType,
    strike,
    expiresAt,
  });
  // The forward from the pricing inputs of any strike (carry and time do not depend on the strike).
  const probe = pricingInputs(
    contract(nearestStrike(underlying, step), "CE"),
    underlying,
    at,
    settings,
  );
  const forward = underlying * Math.exp(probe.carry * probe.years);
  const atmStrike = nearestStrike(forward, step);
  const centre =
    inputs.centreStrike !== undefined && inputs.centreStrike > 0
      ? nearestStrike(inputs.centreStrike, step)
      : atmStrike;

  const side = (strike: number, type: OptionType): ChainSide => {
    const base = pricingInputs(contract(strike, type), underlying, at, settings);
    const quote = inputs.quotes?.get(chainQuoteKey(strike, type));
    if (quote && quote.ltp > 0) {
      const mid = quote.bid > 0 && quote.ask > quote.bid ? (quote.bid + quote.ask) / 2 : quote.ltp;
      const iv = impliedVolatility({ ...base, price: mid }) ?? base.volatility;
      const greeks = generalisedBlackScholes({ ...base, volatility: iv });
      return {
        ltp: quote.ltp,
        bid: quote.bid > 0 ? quote.bid : null,
        ask: quote.ask > 0 ? quote.ask : null,
        iv,
        delta: greeks.delta,
        gamma: greeks.gamma,
        theta: greeks.theta,
        vega: greeks.vega,
        quoted: true,
        oi: quote.oi ?? null,
        oiChange: quote.oi === undefined ? null : (quote.oiChange ?? null),
      };
    }
    const greeks = generalisedBlackScholes(base);
    const ltp = roundPremium(symbol, greeks.price);
    const spread = inputs.spreadTicks !== undefined ? inputs.spreadTicks * tick : undefined;
    return {
      ltp,
      bid: spread === undefined ? null : Math.max(tick, roundToTick(ltp - spread, tick)),
      ask: spread === undefined ? null : roundToTick(ltp + spread, tick),
      iv: base.volatility,
      delta: greeks.delta,
      gamma: greeks.gamma,
      theta: greeks.theta,
      vega: greeks.vega,
      quoted: false,
      oi: null,
      oiChange: null,
    };
  };

  const rows: ChainRow[] = [];
  for (let offset = -each; offset <= each; offset += 1) {
    const strike = centre + offset * step;
    if (strike <= 0) continue;
    rows.push({ strike, call: side(strike, "CE"), put: side(strike, "PE") });
  }
  return {
    symbol,
    expiry,
    underlying,
    forward,
    atmStrike,
    strikeStep: step,
    atmIv: atmVolatility(settings.surfaces[symbol], probe.years),
    rows,
  };
}

/**
 * Days of history a percentile needs (decision 038): about a month of sessions. Fewer would rank today
 * among a handful of days; the card says how many there are instead.
 */
export const IV_PERCENTILE_MIN_DAYS = 20;

/**
 * Where `value` stands among a history of daily values (the caller passes the last year's): the share of
 * days at or below it, 0–100. Undefined with fewer than IV_PERCENTILE_MIN_DAYS usable days.
 */
export function ivPercentile(history: readonly number[], value: number): number | undefined {
  const days = history.filter((v) => Number.isFinite(v) && v > 0);
  if (days.length < IV_PERCENTILE_MIN_DAYS || !Number.isFinite(value)) return undefined;
  const atOrBelow = days.filter((v) => v <= value).length;
  return Math.round((atOrBelow / days.length) * 100);
}

/**
 * The at-the-money IV a chain shows: on a broker's feed, the mean of the IVs the at-the-money call's and
 * put's quotes solve for when both are quoted (the market's level); otherwise the model surface's.
 */
export function chainAtmIv(chain: OptionChain): { iv: number; source: "model" | "broker" } {
  const row = chain.rows.find((r) => r.strike === chain.atmStrike);
  if (row?.call.quoted && row.put.quoted) {
    return { iv: (row.call.iv + row.put.iv) / 2, source: "broker" };
  }
  return { iv: chain.atmIv, source: "model" };
}
