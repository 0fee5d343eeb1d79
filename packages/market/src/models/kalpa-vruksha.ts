/**
 * KalpaVruksha (NIFTY and BANKNIFTY): trend-following on 5-minute bars.
 *
 * A call (CE) when, on a closed bar:
 *   1. the fast EMA crosses above the slow EMA (it was at or below it on the bar before),
 *   2. Supertrend says up (the close is above its trailing line),
 *   3. RSI is between rsiCallMin and rsiCallMax (momentum, not yet overbought),
 *   4. the close is above the session VWAP (buyers in control of the day).
 * A put (PE) on the mirror image: fast EMA crossing below, Supertrend down, RSI between rsiPutMin and
 * rsiPutMax, close below VWAP.
 * Target: the underlying moving targetAtr × ATR in the trade's favour; stop: stopAtr × ATR against.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { MarketSymbol } from "@kalpa/contracts/names";
import { Atr } from "../indicators/atr";
import { Ema } from "../indicators/ema";
import { Rsi } from "../indicators/rsi";
import { Supertrend } from "../indicators/supertrend";
import { SessionVwap } from "../indicators/vwap";
import { type ModelSetup, quote, type SignalModel, type SignalRules } from "./signal-model";

export interface KalpaVrukshaParameters extends SignalRules {
  readonly fastEma: number;
  readonly slowEma: number;
  readonly supertrendPeriod: number;
  readonly supertrendMultiplier: number;
  readonly rsiPeriod: number;
  readonly rsiCallMin: number;
  readonly rsiCallMax: number;
  readonly rsiPutMin: number;
  readonly rsiPutMax: number;
  readonly atrPeriod: number;
  readonly targetAtr: number;
  readonly stopAtr: number;
}

export const KALPA_VRUKSHA_PARAMETERS: KalpaVrukshaParameters = {
  fastEma: 9,
  slowEma: 21,
  supertrendPeriod: 10,
  supertrendMultiplier: 3,
  rsiPeriod: 14,
  rsiCallMin: 55,
  rsiCallMax: 75,
  rsiPutMin: 25,
  rsiPutMax: 45,
  atrPeriod: 14,
  targetAtr: 2,
  stopAtr: 1.2,
  strikeSteps: 0,
  entryZone: 0.01,
  openingQuietMinutes: 15,
  cutoffMinutes: 45,
  cooldownMinutes: 15,
};

export type KalpaVrukshaId = "Nifty:KalpaVruksha" | "BankNifty:KalpaVruksha";

const SYMBOLS: Readonly<Record<KalpaVrukshaId, MarketSymbol>> = {
  "Nifty:KalpaVruksha": "NIFTY",
  "BankNifty:KalpaVruksha": "BANKNIFTY",
};

export class KalpaVruksha implements SignalModel {
  readonly symbol: MarketSymbol;
  readonly interval = "5m";
  readonly #fast: Ema;
  readonly #slow: Ema;
  readonly #supertrend: Supertrend;
  readonly #rsi: Rsi;
  readonly #atr: Atr;
  readonly #vwap = new SessionVwap();
  #previousSpread: number | undefined;

  constructor(
    readonly id: KalpaVrukshaId,
    readonly rules: KalpaVrukshaParameters = KALPA_VRUKSHA_PARAMETERS,
  ) {
    this.symbol = SYMBOLS[id];
    this.#fast = new Ema(rules.fastEma);
    this.#slow = new Ema(rules.slowEma);
    this.#supertrend = new Supertrend(rules.supertrendPeriod, rules.supertrendMultiplier);
    this.#rsi = new Rsi(rules.rsiPeriod);
    this.#atr = new Atr(rules.atrPeriod);
  }

  update(bar: Bar): ModelSetup | undefined {
    const p = this.rules;
    const fast = this.#fast.update(bar.close);
    const slow = this.#slow.update(bar.close);
    const trend = this.#supertrend.update(bar);
    const rsi = this.#rsi.update(bar.close);
    const atr = this.#atr.update(bar);
    const vwap = this.#vwap.update(bar);
    const previousSpread = this.#previousSpread;
    if (fast === undefined || slow === undefined) return undefined;
    this.#previousSpread = fast - slow;
    if (previousSpread === undefined || !trend || rsi === undefined || atr === undefined) {
      return undefined;
    }
    const crossedUp = previousSpread <= 0 && fast > slow;
    const crossedDown = previousSpread >= 0 && fast < slow;
    const call =
      crossedUp &&
      trend.direction === "up" &&
      rsi >= p.rsiCallMin &&
      rsi <= p.rsiCallMax &&
      bar.close > vwap;
    const put =
      crossedDown &&
      trend.direction === "down" &&
      rsi >= p.rsiPutMin &&
      rsi <= p.rsiPutMax &&
      bar.close < vwap;
    if (!call && !put) return undefined;
    const [above, below] = call ? ["above", "below"] : ["below", "above"];
    return {
      optionType: call ? "CE" : "PE",
      targetMove: p.targetAtr * atr,
      stopMove: p.stopAtr * atr,
      reason:
        `EMA ${p.fastEma} (${quote(fast)}) crossed ${above} EMA ${p.slowEma} (${quote(slow)}); ` +
        `Supertrend ${trend.direction} (line ${quote(trend.value)}); RSI ${p.rsiPeriod} ${quote(rsi)}; ` +
        `close ${quote(bar.close)} ${above} VWAP ${quote(vwap)}; ATR ${p.atrPeriod} ${quote(atr)}: ` +
        `target ${p.targetAtr} ATR, stop ${p.stopAtr} ATR ${below}.`,
      indicators: {
        close: bar.close,
        emaFast: fast,
        emaSlow: slow,
        supertrend: trend.value,
        rsi,
        vwap,
        atr,
      },
    };
  }
}
