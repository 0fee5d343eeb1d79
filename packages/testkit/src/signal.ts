/**
 * A signal as it crosses the wire (SignalWire: new-signal, GET /api/signals/current, the console's Signals
 * view), for tests that need one: a NIFTY KalpaVruksha call waiting in its entry zone, every field given,
 * with the overrides on top. The id, the model's name, instrument and symbol follow `model` unless
 * overridden; every other default is fixed (an overridden generatedAt does not move updatedAt).
 * The optional fields signals made before they were recorded lack (stopLimit, stopTriggeredAt,
 * stopRested, priceSource, slippageTicks, slippage) are absent unless given.
 */
import type { AccessKey, MarketSymbol, ModelId } from "@kalpa/contracts/names";
import type { SignalWire } from "@kalpa/contracts/signals";

const SYMBOL_OF: Record<AccessKey, MarketSymbol> = {
  Nifty: "NIFTY",
  BankNifty: "BANKNIFTY",
  CrudeOil: "CRUDEOIL",
};

/** Tue 10 Mar 2026, 10:15 in India. */
const GENERATED_AT = Date.UTC(2026, 2, 10, 4, 45);

export function signalFixture(overrides: Partial<SignalWire> = {}): SignalWire {
  const model: ModelId = overrides.model ?? "Nifty:KalpaVruksha";
  const [instrument, name] = model.split(":") as [AccessKey, string];
  return {
    id: `${model}-1`,
    model,
    name,
    modelVersion: "5b5cc1a75ae5",
    instrument,
    symbol: SYMBOL_OF[instrument],
    day: "2026-03-10",
    generatedAt: GENERATED_AT,
    expiry: "2026-03-26",
    strike: 24_300,
    optionType: "CE",
    type: "BUY",
    lotSize: 65,
    lots: 1,
    premium: 212.5,
    premiumPerLot: 13_812.5,
    entryLow: 210,
    entryHigh: 215,
    target: 240,
    stopLoss: 195,
    status: "generated",
    ltp: 212.5,
    entryPrice: null,
    entryTime: null,
    exitPrice: null,
    exitTime: null,
    closeReason: null,
    pnlPoints: null,
    pnl: null,
    reason: "EMA 9 above EMA 21 and RSI 14 at 61.2: the trend is up.",
    updatedAt: GENERATED_AT,
    ...overrides,
  };
}
