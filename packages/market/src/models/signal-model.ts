/**
 * What every model is: a pure, deterministic reader of closed bars of one symbol and interval that says,
 * bar by bar, whether its setup has formed. The model only judges the underlying; the contract, the
 * premiums and the rules shared by all models (one open signal, quiet opening, cut-off before the
 * square-off, cool-down) are applied by the ModelRunner (signals/model-runner.ts).
 */
import type { Bar, BarInterval } from "@kalpa/contracts/market";
import type { MarketSymbol, ModelId } from "@kalpa/contracts/names";
import type { OptionType } from "@kalpa/contracts/signals";

/** The rules every model has, with its own values. */
export interface SignalRules {
  /** Strike: steps in the money from the at-the-money strike (0: at the money; negative: out). */
  readonly strikeSteps: number;
  /** Half-width of the entry zone (Initiated Zone) as a share of the premium (0.01 = ±1%). */
  readonly entryZone: number;
  /** No signal in the first minutes of a session (the opening's noise). */
  readonly openingQuietMinutes: number;
  /** No new signal in the last minutes before the square-off. */
  readonly cutoffMinutes: number;
  /** No new signal for this long after the previous one closed or was cancelled. */
  readonly cooldownMinutes: number;
}

/** A setup the model sees on the underlying. */
export interface ModelSetup {
  /** CE for a rise, PE for a fall. */
  readonly optionType: OptionType;
  /** How far the underlying should move in the trade's favour to take profit (points, > 0). */
  readonly targetMove: number;
  /** How far against the trade it may move before the stop (points, > 0). */
  readonly stopMove: number;
  /** Why, quoting the indicator values. */
  readonly reason: string;
  readonly indicators: Readonly<Record<string, number>>;
}

export interface SignalModel {
  readonly id: ModelId;
  readonly symbol: MarketSymbol;
  readonly interval: Exclude<BarInterval, "1d">;
  readonly rules: SignalRules;
  /** Feeds the next closed bar (in time order); the setup it completes, if any. */
  update(bar: Bar): ModelSetup | undefined;
}

/** A number as the reasons quote it: two decimals. */
export function quote(value: number): string {
  return value.toFixed(2);
}
