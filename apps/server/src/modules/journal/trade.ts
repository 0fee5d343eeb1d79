/**
 * A paper trade as the journal and the ledger show it: a closed signal with the charges an Indian broker
 * would have taken (packages/market journal/charges.ts: each order at the rates of its own day, and a side
 * above the freeze quantity charged brokerage per child order) and the net P/L. NSE for NIFTY and
 * BANKNIFTY options, MCX for CRUDEOIL.
 */
import type { PaperTrade, TradeCharges } from "@kalpa/contracts/api/paper";
import { stopFillOf } from "@kalpa/contracts/signals";
import { roundRupees, roundTripCharges } from "@kalpa/market/journal/charges";
import type { Signal } from "@kalpa/market/signals/signal";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { accessKeyOfModel } from "../access/rules";

export interface ClosedTradeMoney {
  charges: TradeCharges;
  /** Gross (the signal's pnl) less the charges. */
  netPnl: number;
}

/** The charges and net P/L of a closed signal; undefined for one that never traded. */
export function closedTradeMoney(signal: Signal): ClosedTradeMoney | undefined {
  const { entryPrice, exitPrice, exitTime, pnl } = signal;
  if (signal.status !== "closed" || entryPrice === null || exitPrice === null) return undefined;
  if (exitTime === null || pnl === null) return undefined;
  const charges = roundTripCharges({
    symbol: signal.symbol,
    buyPrice: entryPrice,
    sellPrice: exitPrice,
    quantity: signal.lots * signal.lotSize,
    lotSize: signal.lotSize,
    ...(signal.entryTime === null ? {} : { buyDay: dayKeyOf(signal.entryTime) }),
    sellDay: dayKeyOf(exitTime),
  });
  return { charges, netPnl: roundRupees(pnl - charges.total) };
}

/** The journal's record of a closed signal with its charges. */
export function paperTradeOf(signal: Signal, money: ClosedTradeMoney): PaperTrade {
  return {
    instrument: accessKeyOfModel(signal.modelId),
    direction: signal.type,
    entryPrice: signal.entryPrice ?? 0,
    entryTime: signal.entryTime ?? 0,
    exitPrice: signal.exitPrice ?? 0,
    exitTime: signal.exitTime ?? 0,
    pnlRupees: signal.pnl ?? 0,
    status: "closed",
    id: signal.id,
    model: signal.modelId,
    modelVersion: signal.modelVersion,
    symbol: signal.symbol,
    strike: signal.strike,
    optionType: signal.optionType,
    expiry: signal.expiry,
    lots: signal.lots,
    lotSize: signal.lotSize,
    closeReason: signal.closeReason ?? "eod",
    stopLimit: signal.stopLimit,
    stopTriggeredAt: signal.stopTriggeredAt,
    stopFill: stopFillOf(signal),
    fillBasis: signal.priceSource ?? "model",
    slippageTicks: signal.slippageTicks,
    slippage: signal.slippage ?? 0,
    charges: money.charges,
    netPnl: money.netPnl,
  };
}
