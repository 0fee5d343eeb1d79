/**
 * Paper trades for the journal tests, written the one way trades are written: recordTransition's
 * generated, triggered and closed events (what the engine records as a model's signal runs its course).
 */
import type { ModelId } from "@kalpa/contracts/names";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { stopLimitOf } from "@kalpa/market/signals/lifecycle";
import type { Signal } from "@kalpa/market/signals/signal";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { SignalRepository, TransitionRecord } from "../../src/modules/signals/repository";

const SYMBOL_OF: Record<ModelId, Signal["symbol"]> = {
  "BankNifty:KalpaVruksha": "BANKNIFTY",
  "BankNifty:HFT": "BANKNIFTY",
  "Nifty:KalpaVruksha": "NIFTY",
  "CrudeOil:Yamuna": "CRUDEOIL",
};

export interface TradeSpec {
  model: ModelId;
  /** The model's version (default: the one the engine runs now). */
  modelVersion?: string;
  entryTime: number;
  entryPrice: number;
  /** Omitted: the trade stays open. */
  exitTime?: number;
  exitPrice?: number;
  lotSize?: number;
  lots?: number;
  squareOffAt?: number;
  /** Model fills: ticks of slippage (default 0), and what the fills cost in rupees (default 0). */
  slippageTicks?: number;
  slippage?: number;
  /**
   * A losing trade's stop: by default it filled when it triggered, at the exit. "filled-at-limit": it
   * triggered five minutes before the exit below its limit and rested (a stop-resting event), then filled;
   * "squared-off": the same, and the exit is the square-off's ("eod").
   */
  stop?: "filled-at-limit" | "squared-off";
}

/** How long a fixture's resting stop rests before its exit. */
export const RESTING_MS = 5 * 60_000;

let counter = 0;

/** The generated signal of a trade (generated a minute before its entry). */
export function generatedSignal(spec: TradeSpec): Signal {
  counter += 1;
  const symbol = SYMBOL_OF[spec.model];
  const generatedAt = spec.entryTime - 60_000;
  const lotSize = spec.lotSize ?? 65;
  const day = dayKeyOf(generatedAt);
  return {
    modelId: spec.model,
    modelVersion: spec.modelVersion ?? currentModelVersion(spec.model).version,
    symbol,
    type: "BUY",
    optionType: "CE",
    strike: symbol === "CRUDEOIL" ? 5500 : 25_000,
    expiry: "2026-12-29",
    expiresAt: Date.parse("2026-12-29T15:30:00+05:30"),
    lotSize,
    generatedAt,
    underlyingPrice: 25_010,
    premium: spec.entryPrice,
    entryLow: spec.entryPrice - 1,
    entryHigh: spec.entryPrice + 1,
    target: spec.entryPrice + 50,
    stopLoss: spec.entryPrice - 30,
    premiumPerLot: spec.entryPrice * lotSize,
    reason: "test fixture",
    indicators: { rsi: 55 },
    id: `${spec.model}@fixture-${counter}-${generatedAt}`,
    day,
    squareOffAt: spec.squareOffAt ?? Date.parse(`${day}T15:15:00+05:30`),
    lots: spec.lots ?? 1,
    slippageTicks: spec.slippageTicks ?? 0,
    slippage: null,
    stopLimit: stopLimitOf(symbol, spec.entryPrice - 30, 3),
    stopTriggeredAt: null,
    stopRested: false,
    status: "generated",
    ltp: null,
    entryPrice: null,
    entryTime: null,
    exitPrice: null,
    exitTime: null,
    closeReason: null,
    pnlPoints: null,
    pnl: null,
    updatedAt: generatedAt,
  };
}

const paise = (value: number) => Math.round(value * 100) / 100;

/** The transitions of a trade: generated, triggered and (with an exit) closed. */
export function tradeRecords(spec: TradeSpec): TransitionRecord[] {
  const generated = generatedSignal(spec);
  const quantity = generated.lotSize * generated.lots;
  const triggered: Signal = {
    ...generated,
    status: "triggered",
    ltp: spec.entryPrice,
    entryPrice: spec.entryPrice,
    entryTime: spec.entryTime,
    pnlPoints: 0,
    pnl: 0,
    updatedAt: spec.entryTime,
  };
  const records: TransitionRecord[] = [
    { signal: generated, changes: {}, event: "generated" },
    {
      signal: triggered,
      changes: {
        status: "triggered",
        ltp: spec.entryPrice,
        entryPrice: spec.entryPrice,
        entryTime: spec.entryTime,
        pnlPoints: 0,
        pnl: 0,
        updatedAt: spec.entryTime,
      },
      event: "triggered",
    },
  ];
  if (spec.exitTime !== undefined && spec.exitPrice !== undefined) {
    const points = paise(spec.exitPrice - spec.entryPrice);
    const loss = spec.exitPrice <= spec.entryPrice;
    let before = triggered;
    if (loss && spec.stop) {
      const at = spec.exitTime - RESTING_MS;
      before = { ...triggered, stopTriggeredAt: at, stopRested: true, updatedAt: at };
      records.push({
        signal: before,
        changes: { stopTriggeredAt: at, stopRested: true, updatedAt: at },
        event: "stop-resting",
      });
    } else if (loss) {
      before = { ...triggered, stopTriggeredAt: spec.exitTime };
    }
    const closed: Signal = {
      ...before,
      status: "closed",
      ltp: spec.exitPrice,
      exitPrice: spec.exitPrice,
      exitTime: spec.exitTime,
      closeReason: !loss ? "target" : spec.stop === "squared-off" ? "eod" : "stop",
      pnlPoints: points,
      pnl: paise(points * quantity),
      slippage: spec.slippage ?? 0,
      updatedAt: spec.exitTime,
    };
    records.push({
      signal: closed,
      changes: {
        status: "closed",
        ltp: closed.ltp,
        exitPrice: closed.exitPrice,
        exitTime: closed.exitTime,
        closeReason: closed.closeReason,
        ...(loss && !spec.stop ? { stopTriggeredAt: closed.stopTriggeredAt } : {}),
        pnlPoints: closed.pnlPoints,
        pnl: closed.pnl,
        updatedAt: closed.updatedAt,
      },
      event: "closed",
    });
  }
  return records;
}

/** Records a trade's transitions, one transaction each as the engine's flushes do; its signal's id. */
export async function recordTrade(repository: SignalRepository, spec: TradeSpec): Promise<string> {
  const records = tradeRecords(spec);
  for (const record of records) await repository.record([record]);
  return records[0]?.signal.id as string;
}

/**
 * One Nifty trade on each day (in 10:00 at 100, out 11:00 at 110, India time): four ledger entries a day,
 * for the ledger's tests.
 */
export async function recordDayTrades(repository: SignalRepository, days: readonly string[]) {
  const india = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);
  for (const day of days) {
    await recordTrade(repository, {
      model: "Nifty:KalpaVruksha",
      entryTime: india(day, "10:00:00"),
      entryPrice: 100,
      exitTime: india(day, "11:00:00"),
      exitPrice: 110,
    });
  }
}
