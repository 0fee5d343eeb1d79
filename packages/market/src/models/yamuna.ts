/**
 * Yamuna (CRUDEOIL): mean reversion on 15-minute bars, with a trend filter.
 *
 * A call (CE) when, on a closed bar:
 *   1. the previous bar closed below the lower Bollinger band and this one closes back above it
 *      (re-entry: the stretch is over),
 *   2. the trend filter allows it: the trend EMA is rising (now ≥ its value trendLookback bars ago), so
 *      the model buys dips in a rising market and does not catch a falling one,
 *   3. the middle band (the reversion target) is at least minTargetAtr × ATR away.
 * A put (PE) on the mirror image: re-entry from above the upper band while the trend EMA is falling.
 * Target: the middle band (at most maxTargetAtr × ATR away); stop: stopAtr × ATR against.
 */
import type { Bar } from "@kalpa/contracts/market";
import { Atr } from "../indicators/atr";
import { Bollinger, type BollingerBands } from "../indicators/bollinger";
import { Ema } from "../indicators/ema";
import { RollingWindow } from "../indicators/rolling-window";
import { Rsi } from "../indicators/rsi";
import { type ModelSetup, quote, type SignalModel, type SignalRules } from "./signal-model";

export interface YamunaParameters extends SignalRules {
  readonly bollingerPeriod: number;
  readonly bollingerWidth: number;
  readonly trendEma: number;
  readonly trendLookback: number;
  readonly trendToleranceAtr: number;
  readonly rsiPeriod: number;
  readonly atrPeriod: number;
  readonly minTargetAtr: number;
  readonly maxTargetAtr: number;
  readonly stopAtr: number;
}

export const YAMUNA_PARAMETERS: YamunaParameters = {
  bollingerPeriod: 20,
  bollingerWidth: 2,
  trendEma: 50,
  trendLookback: 4,
  trendToleranceAtr: 0.25,
  rsiPeriod: 14,
  atrPeriod: 14,
  minTargetAtr: 0.75,
  maxTargetAtr: 2.5,
  stopAtr: 1.25,
  strikeSteps: 0,
  entryZone: 0.015,
  openingQuietMinutes: 30,
  cutoffMinutes: 60,
  cooldownMinutes: 30,
};

export class Yamuna implements SignalModel {
  readonly id = "CrudeOil:Yamuna";
  readonly symbol = "CRUDEOIL";
  readonly interval = "15m";
  readonly #bands: Bollinger;
  readonly #trend: Ema;
  readonly #trendHistory: RollingWindow;
  readonly #rsi: Rsi;
  readonly #atr: Atr;
  #previous: { close: number; bands: BollingerBands } | undefined;

  constructor(readonly rules: YamunaParameters = YAMUNA_PARAMETERS) {
    this.#bands = new Bollinger(rules.bollingerPeriod, rules.bollingerWidth);
    this.#trend = new Ema(rules.trendEma);
    this.#trendHistory = new RollingWindow(rules.trendLookback + 1);
    this.#rsi = new Rsi(rules.rsiPeriod);
    this.#atr = new Atr(rules.atrPeriod);
  }

  update(bar: Bar): ModelSetup | undefined {
    const p = this.rules;
    const bands = this.#bands.update(bar.close);
    const trend = this.#trend.update(bar.close);
    const rsi = this.#rsi.update(bar.close);
    const atr = this.#atr.update(bar);
    const previous = this.#previous;
    if (bands) this.#previous = { close: bar.close, bands };
    if (trend !== undefined) this.#trendHistory.push(trend);
    if (!bands || !previous || trend === undefined || !this.#trendHistory.full) return undefined;
    if (rsi === undefined || !atr) return undefined;
    const trendBefore = this.#trendHistory.values()[0] ?? trend;
    const slope = trend - trendBefore;
    const tolerance = p.trendToleranceAtr * atr;
    const fromBelow = previous.close < previous.bands.lower && bar.close > bands.lower;
    const fromAbove = previous.close > previous.bands.upper && bar.close < bands.upper;
    const call = fromBelow && slope >= -tolerance;
    const put = fromAbove && slope <= tolerance;
    if (!call && !put) return undefined;
    const distance = Math.abs(bands.middle - bar.close);
    if (distance < p.minTargetAtr * atr) return undefined;
    const [band, bandValue, direction] = call
      ? ["lower", bands.lower, "not falling"]
      : ["upper", bands.upper, "not rising"];
    return {
      optionType: call ? "CE" : "PE",
      targetMove: Math.min(distance, p.maxTargetAtr * atr),
      stopMove: p.stopAtr * atr,
      reason:
        `Previous close ${quote(previous.close)} was outside the ${band} Bollinger band ` +
        `(${p.bollingerPeriod}, ${p.bollingerWidth}); close ${quote(bar.close)} is back inside ` +
        `(${band} band ${quote(bandValue)}); EMA ${p.trendEma} ${direction} ` +
        `(${quote(trendBefore)} → ${quote(trend)}); RSI ${p.rsiPeriod} ${quote(rsi)}; ` +
        `target the middle band ${quote(bands.middle)}, stop ${p.stopAtr} × ATR ${quote(atr)}.`,
      indicators: {
        close: bar.close,
        bandMiddle: bands.middle,
        bandUpper: bands.upper,
        bandLower: bands.lower,
        trendEma: trend,
        trendEmaBefore: trendBefore,
        rsi,
        atr,
      },
    };
  }
}
