/**
 * The daily forecast (docs/models.md "Forecasts"). Made before a day's session opens from the
 * daily bars up to the previous session, deterministic, and explained in its commentary.
 *
 * 1. Indicators on the daily closes: EMA 9 and EMA 21 (trend), RSI 14 (Wilder), ATR 14 (Wilder) and the
 *    floor pivots of the last session.
 * 2. Levels on the underlying. The call part (bullish) aims at the first resistance (R1, R2, R3) at least
 *    0.3 ATR above the close, else the close + 1 ATR; its stop is half an ATR below the close. The put part
 *    mirrors it with S1, S2, S3 below and the stop half an ATR above.
 * 3. Prices. NIFTY, BANKNIFTY, CRUDEOIL: the at-the-money CE and PE of the traded expiry (the next one
 *    when it expires on the forecast day), priced at the
 *    session's open with the underlying at the close (entry), at the target level (target) and at the stop
 *    level (stop), on the simulated IV model. XAU, XAG, DXY: the levels themselves; strikePrice is the
 *    round level (step 10, 0.25, 0.5) nearest the close.
 * 4. Probability bias: 50, ±10 for the trend (EMA 9 against EMA 21), + 0.4 × (RSI − 50), ±5 for the close
 *    against the pivot; clamped to 15..85 and rounded for the call; the put gets 100 minus it.
 */

import type { ForecastPart, ForecastPriceKind } from "@kalpa/contracts/api/forecast";
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, ForecastSlug } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";
import { Atr } from "../indicators/atr";
import { Ema } from "../indicators/ema";
import { type FloorPivots, floorPivots } from "../indicators/pivots";
import { Rsi } from "../indicators/rsi";
import { roundToTick } from "../instruments/price-steps";
import {
  contractAt,
  contractKey,
  type OptionContract,
  tradedExpiry,
} from "../options/option-contract";
import { roundPremium, theoreticalOption } from "../options/option-pricing";
import {
  decimalsOf,
  FORECAST_INSTRUMENTS,
  type ForecastInstrument,
  forecastDayStart,
} from "./forecast-instruments";

export const FORECAST_PARAMETERS = {
  emaFast: 9,
  emaSlow: 21,
  rsiPeriod: 14,
  atrPeriod: 14,
  /** Stop distance from the close, in ATRs. */
  stopAtr: 0.5,
  /** A pivot level closer to the close than this (in ATRs) is not worth aiming at. */
  minTargetAtr: 0.3,
  /** Target distance in ATRs when no pivot level qualifies. */
  fallbackTargetAtr: 1,
  trendPoints: 10,
  rsiPointsPerUnit: 0.4,
  pivotPoints: 5,
  minBias: 15,
  maxBias: 85,
} as const;

/** Daily bars a forecast needs at least (the slow EMA and a settled RSI and ATR). */
export const MIN_FORECAST_BARS = 30;

export interface ForecastIndicators {
  /** The last session's close. */
  readonly close: number;
  readonly emaFast: number;
  readonly emaSlow: number;
  readonly rsi: number;
  readonly atr: number;
  readonly pivots: FloorPivots;
}

/** A part's plan on the underlying: what the scoring of the day watches. */
export interface PartLevels {
  readonly direction: "up" | "down";
  readonly entry: number;
  readonly target: number;
  readonly stop: number;
  /** Where the target came from: "R1", "S2", "1 ATR"... */
  readonly targetSource: string;
}

export interface GeneratedForecast {
  readonly slug: ForecastSlug;
  readonly day: DayKey;
  readonly priceKind: ForecastPriceKind;
  readonly expiry: DayKey | null;
  readonly call: ForecastPart;
  readonly put: ForecastPart;
  readonly callLevels: PartLevels;
  readonly putLevels: PartLevels;
  readonly indicators: ForecastIndicators;
}

/** EMA, RSI and ATR after the last bar, and the pivots from it; undefined with too few bars. */
export function forecastIndicators(bars: readonly Bar[]): ForecastIndicators | undefined {
  const last = bars.at(-1);
  if (!last || bars.length < MIN_FORECAST_BARS) return undefined;
  const p = FORECAST_PARAMETERS;
  const fast = new Ema(p.emaFast);
  const slow = new Ema(p.emaSlow);
  const rsi = new Rsi(p.rsiPeriod);
  const atr = new Atr(p.atrPeriod);
  for (const bar of bars) {
    fast.update(bar.close);
    slow.update(bar.close);
    rsi.update(bar.close);
    atr.update(bar);
  }
  if (
    fast.value === undefined ||
    slow.value === undefined ||
    rsi.value === undefined ||
    atr.value === undefined
  ) {
    return undefined;
  }
  return {
    close: last.close,
    emaFast: fast.value,
    emaSlow: slow.value,
    rsi: rsi.value,
    atr: atr.value,
    pivots: floorPivots(last),
  };
}

/** The call part's bias in whole percent (the put's is 100 minus it). */
export function callBias(ind: ForecastIndicators): number {
  const p = FORECAST_PARAMETERS;
  const trend = Math.sign(ind.emaFast - ind.emaSlow) * p.trendPoints;
  const momentum = (ind.rsi - 50) * p.rsiPointsPerUnit;
  const pivot = Math.sign(ind.close - ind.pivots.pivot) * p.pivotPoints;
  const bias = Math.round(50 + trend + momentum + pivot);
  return Math.min(p.maxBias, Math.max(p.minBias, bias));
}

function partLevels(ind: ForecastIndicators, direction: "up" | "down", tick: number): PartLevels {
  const p = FORECAST_PARAMETERS;
  const sign = direction === "up" ? 1 : -1;
  const { close, atr, pivots } = ind;
  const candidates: Array<[string, number]> =
    direction === "up"
      ? [
          ["R1", pivots.r1],
          ["R2", pivots.r2],
          ["R3", pivots.r3],
        ]
      : [
          ["S1", pivots.s1],
          ["S2", pivots.s2],
          ["S3", pivots.s3],
        ];
  const found = candidates.find(([, level]) => sign * (level - close) >= p.minTargetAtr * atr);
  const [targetSource, rawTarget] = found ?? [
    `${p.fallbackTargetAtr} ATR`,
    close + sign * p.fallbackTargetAtr * atr,
  ];
  return {
    direction,
    entry: roundToTick(close, tick),
    target: roundToTick(rawTarget, tick),
    stop: roundToTick(close - sign * p.stopAtr * atr, tick),
    targetSource,
  };
}

function riskReward(entry: number, target: number, stop: number): number {
  const risk = Math.abs(entry - stop);
  return risk > 0 ? Math.round((Math.abs(target - entry) / risk) * 100) / 100 : 0;
}

/** A number as the commentary writes it: Indian grouping, fixed decimals. */
export function formatForecastNumber(value: number, decimals: number): string {
  return value.toLocaleString("en-IN", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

function trendWords(ind: ForecastIndicators): string {
  if (ind.emaFast > ind.emaSlow) {
    return "the faster average is above the slower one, so the short-term trend is up";
  }
  if (ind.emaFast < ind.emaSlow) {
    return "the faster average is below the slower one, so the short-term trend is down";
  }
  return "the two averages are level, so there is no clear trend";
}

function rsiWords(rsi: number): string {
  if (rsi >= 70) return "overbought: the rise may be stretched and a pullback is common from here";
  if (rsi <= 30) return "oversold: the fall may be stretched and a bounce is common from here";
  if (rsi > 50) return "above the middle line: buyers have had the better of recent sessions";
  if (rsi < 50) return "below the middle line: sellers have had the better of recent sessions";
  return "on the middle line: buyers and sellers are balanced";
}

/** The part of the commentary both parts share: the indicator values in plain words. */
function context(instrument: ForecastInstrument, ind: ForecastIndicators): string {
  const f = (value: number) => formatForecastNumber(value, instrument.decimals);
  const p = FORECAST_PARAMETERS;
  const symbol = instrument.symbol;
  return [
    `${symbol} closed the last session at ${f(ind.close)}.`,
    `Trend: the ${p.emaFast}-day EMA is ${f(ind.emaFast)} and the ${p.emaSlow}-day EMA is ${f(ind.emaSlow)}; ${trendWords(ind)}.`,
    `Momentum: the ${p.rsiPeriod}-day RSI is ${formatForecastNumber(ind.rsi, 1)}, ${rsiWords(ind.rsi)}.`,
    `Volatility: the ${p.atrPeriod}-day ATR is ${f(ind.atr)}, about how far ${symbol} moves in a typical day.`,
    `Floor pivots from the last session: pivot ${f(ind.pivots.pivot)}, resistance R1 ${f(ind.pivots.r1)}, support S1 ${f(ind.pivots.s1)}.`,
  ].join(" ");
}

function targetWords(levels: PartLevels): string {
  return levels.targetSource.endsWith("ATR")
    ? `one ATR ${levels.direction === "up" ? "above" : "below"} the close, as no pivot level was far enough`
    : `the ${levels.targetSource} pivot level`;
}

function planWords(
  instrument: ForecastInstrument,
  levels: PartLevels,
  part: Omit<ForecastPart, "commentary">,
  optionType: OptionType,
  expiry: DayKey | null,
): string {
  const f = (value: number) => formatForecastNumber(value, instrument.decimals);
  const up = levels.direction === "up";
  const move = up ? "rises" : "falls";
  const against = up ? "falls" : "rises";
  const side = up ? "below" : "above";
  const view = up ? "Call view (bullish)" : "Put view (bearish)";
  const symbol = instrument.symbol;
  const tail = `Reward to risk is ${formatForecastNumber(part.riskReward, 2)} and the probability bias is ${part.probabilityBias}%, from the trend, the RSI and the close against the pivot.`;
  if (instrument.kind === "option") {
    const rupees = (value: number) => `₹${formatForecastNumber(value, 2)}`;
    return [
      `${view}: the ${part.strikePrice} ${optionType} expiring ${expiry} priced near ${rupees(part.entryPrice)} with ${symbol} at the close.`,
      `Target ${rupees(part.target)} if ${symbol} ${move} to ${f(levels.target)} (${targetWords(levels)});`,
      `stop ${rupees(part.stopLoss)} if it ${against} to ${f(levels.stop)} (half an ATR ${side} the close).`,
      tail,
    ].join(" ");
  }
  const roundLevel = formatForecastNumber(part.strikePrice, decimalsOf(instrument.roundLevelStep));
  return [
    `${view}: entry near ${f(part.entryPrice)}, by the round level ${roundLevel}.`,
    `Target ${f(part.target)} (${targetWords(levels)});`,
    `stop ${f(part.stopLoss)} (half an ATR ${side} the close).`,
    tail,
  ].join(" ");
}

/**
 * The forecast of `slug` for `day` from its daily bars up to the previous session (oldest first; the
 * server passes the last 120). Undefined with fewer than MIN_FORECAST_BARS bars.
 */
/**
 * The option contract a forecast part prices: the at-the-money strike at the close, at the traded expiry
 * (the next one when it expires on the forecast day itself: a lottery ticket).
 */
function forecastContract(
  symbol: OptionContract["symbol"],
  optionType: OptionType,
  close: number,
  day: DayKey,
  at: number,
): OptionContract {
  const traded = contractAt(symbol, optionType, close, at);
  return traded.expiry > day
    ? traded
    : { ...traded, ...tradedExpiry(symbol, traded.expiresAt + 1) };
}

/** The contracts a forecast of an option instrument prices (its call and its put); none for a level one. */
export function forecastContracts(
  slug: ForecastSlug,
  day: DayKey,
  bars: readonly Bar[],
): OptionContract[] {
  const instrument = FORECAST_INSTRUMENTS[slug];
  const ind = forecastIndicators(bars);
  if (!ind || instrument.kind !== "option") return [];
  const at = forecastDayStart(slug, day);
  return (["CE", "PE"] as const).map((type) =>
    forecastContract(instrument.symbol, type, ind.close, day, at),
  );
}

/**
 * The forecast of `slug` for `day`. `anchors` (by contractKey) are the contracts' real premiums before the
 * day (a broker's last traded price): a part on an anchored contract enters at it, its target and stop the
 * model's scaled by anchor ÷ model, as a signal born on a quote is.
 */
export function generateForecast(
  slug: ForecastSlug,
  day: DayKey,
  bars: readonly Bar[],
  anchors: ReadonlyMap<string, number> = new Map(),
): GeneratedForecast | undefined {
  const instrument = FORECAST_INSTRUMENTS[slug];
  const ind = forecastIndicators(bars);
  if (!ind) return undefined;
  const levelTick = instrument.kind === "level" ? instrument.tick : 10 ** -instrument.decimals;
  const callLevels = partLevels(ind, "up", levelTick);
  const putLevels = partLevels(ind, "down", levelTick);
  const callPercent = callBias(ind);
  const shared = context(instrument, ind);

  const at = forecastDayStart(slug, day);
  let expiry: DayKey | null = null;

  const makePart = (levels: PartLevels, optionType: OptionType, bias: number): ForecastPart => {
    let prices: Pick<ForecastPart, "strikePrice" | "entryPrice" | "target" | "stopLoss">;
    if (instrument.kind === "option") {
      const symbol = instrument.symbol;
      const contract = forecastContract(symbol, optionType, ind.close, day, at);
      expiry = contract.expiry;
      const model = (underlying: number) => theoreticalOption(contract, underlying, at).price;
      const anchor = anchors.get(contractKey(contract));
      const scale = anchor === undefined ? 1 : anchor / model(ind.close);
      const price = (underlying: number) => roundPremium(symbol, model(underlying) * scale);
      const tick = roundPremium(symbol, 0);
      const entryPrice = anchor === undefined ? price(ind.close) : roundPremium(symbol, anchor);
      prices = {
        strikePrice: contract.strike,
        entryPrice,
        target: Math.max(price(levels.target), roundPremium(symbol, entryPrice + tick)),
        stopLoss: Math.max(
          tick,
          Math.min(price(levels.stop), roundPremium(symbol, entryPrice - tick)),
        ),
      };
    } else {
      const step = instrument.roundLevelStep;
      prices = {
        strikePrice: roundToTick(Math.round(ind.close / step) * step, step),
        entryPrice: levels.entry,
        target: levels.target,
        stopLoss: levels.stop,
      };
    }
    const part = {
      signalDate: day,
      ...prices,
      riskReward: riskReward(prices.entryPrice, prices.target, prices.stopLoss),
      probabilityBias: bias,
    };
    const plan = planWords(instrument, levels, part, optionType, expiry);
    return { ...part, commentary: `${shared} ${plan}` };
  };

  const call = makePart(callLevels, "CE", callPercent);
  const put = makePart(putLevels, "PE", 100 - callPercent);
  return {
    slug,
    day,
    priceKind: instrument.kind === "option" ? "premium" : "level",
    expiry,
    call,
    put,
    callLevels,
    putLevels,
    indicators: ind,
  };
}
