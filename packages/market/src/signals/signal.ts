/**
 * A signal: a model's suggestion to buy one option contract, and, once the premium enters its entry zone,
 * the paper trade that follows it. One record serves both (the journal builds on it).
 */
import type { DayKey, ModelId } from "@kalpa/contracts/names";
import type {
  PriceSource,
  SignalCloseReason,
  SignalStatus,
  SignalType,
} from "@kalpa/contracts/signals";
import type { OptionContract } from "../options/option-contract";

/** What a model asks for: the contract, the zones, and why. Prices are premiums per unit. */
export interface SignalIntent extends OptionContract {
  readonly modelId: ModelId;
  /**
   * The version of the model that made it (models/model-versions.ts: a hash of its parameters and code);
   * MANUAL_MODEL_VERSION for the operator's manual signal, BEFORE_VERSIONS for signals stored before
   * versions were recorded. The record is kept per version.
   */
  readonly modelVersion: string;
  readonly type: SignalType;
  /** The instant the model decided (the close of the bar that completed the setup). */
  readonly generatedAt: number;
  /** The underlying's price then. */
  readonly underlyingPrice: number;
  /** The option's premium then. */
  readonly premium: number;
  /** The Initiated Zone: the trade triggers when the premium trades between these. */
  readonly entryLow: number;
  readonly entryHigh: number;
  /** The Projected Zone: the premium at which the trade takes its profit. */
  readonly target: number;
  /**
   * The Risk Marker: the stop's trigger. The trade is stopped out by a stop-loss-limit sell that triggers
   * when the last traded price reaches it (signals/lifecycle.ts).
   */
  readonly stopLoss: number;
  /** premium × lot size, in rupees. */
  readonly premiumPerLot: number;
  /** Why the model fired, quoting the indicator values. */
  readonly reason: string;
  /** The indicator values the decision used, by name. */
  readonly indicators: Readonly<Record<string, number>>;
  /**
   * Where the premium, and so the LTP and P&L, come from for the signal's whole life: the
   * contract's broker quotes, or the pricer's model value (signals/model-runner.ts). Absent on
   * signals made before the price source was recorded (model prices).
   */
  readonly priceSource?: PriceSource;
}

/** The version a manual signal carries: the operator's, not a model's (decision 028). */
export const MANUAL_MODEL_VERSION = "manual";
/** The version of signals stored before versions were recorded (decision 028). */
export const BEFORE_VERSIONS = "before-versions";

export interface Signal extends SignalIntent {
  readonly id: string;
  /** The Asia/Kolkata trading day the signal belongs to. */
  readonly day: DayKey;
  /** When an open trade is squared off (end of day) and an untriggered signal cancelled. */
  readonly squareOffAt: number;
  readonly lots: number;
  /**
   * Model-priced signals: the ticks of slippage each fill takes around the model price
   * (signals/lifecycle.ts "Fills"). Null when the fills are at the broker's bid and ask, and on
   * signals stored before slippage was recorded (filled at the model price itself).
   */
  readonly slippageTicks: number | null;
  /**
   * The stop's limit: the lowest price its sell takes, a buffer below the trigger fixed at birth
   * (PAPER_STOP_LIMIT_PERCENT). Null on signals stored before stop limits were recorded, whose stop
   * sells at any bid (a stop-loss-market order).
   */
  readonly stopLimit: number | null;
  readonly status: SignalStatus;
  /** The option's last traded price seen, or null before the first. */
  readonly ltp: number | null;
  readonly entryPrice: number | null;
  readonly entryTime: number | null;
  readonly exitPrice: number | null;
  readonly exitTime: number | null;
  readonly closeReason: SignalCloseReason | null;
  /** (exit or LTP − entry) per unit, while triggered and after; null before. */
  readonly pnlPoints: number | null;
  /** pnlPoints × lot size × lots: gross rupees (the card's Result & Counter). */
  readonly pnl: number | null;
  /** What the fills cost against their reference prices, rupees for the position; null before entry. */
  readonly slippage: number | null;
  /** When the last traded price reached the stop's trigger; null until then. */
  readonly stopTriggeredAt: number | null;
  /**
   * The bid was below the limit when the stop triggered (the price gapped past it): the stop rested
   * unfilled. It stays true once the stop fills at its limit or the trade is squared off.
   */
  readonly stopRested: boolean;
  readonly updatedAt: number;
}

/** The fields a transition may change: what a signal-update carries. */
export const MUTABLE_SIGNAL_FIELDS = [
  "status",
  "ltp",
  "entryPrice",
  "entryTime",
  "exitPrice",
  "exitTime",
  "closeReason",
  "pnlPoints",
  "pnl",
  "slippage",
  "stopTriggeredAt",
  "stopRested",
  "updatedAt",
] as const;
export type SignalChanges = Partial<Pick<Signal, (typeof MUTABLE_SIGNAL_FIELDS)[number]>>;

/** Whether the signal may still change (waiting to trigger, or an open trade). */
export function isActive(signal: Pick<Signal, "status">): boolean {
  return signal.status === "generated" || signal.status === "triggered";
}
