/**
 * From a model's setup on the underlying to a signal intent on an option: the contract (strike, expiry,
 * lot size), its premium now, and the premiums at which the target and stop moves of the underlying would
 * put it (repriced at the same instant, so a move that takes longer meets a lower premium: time decay
 * works against a bought option). The entry zone is the premium ± the model's entryZone share.
 */
import type { CalendarOptions } from "../calendar/sessions";
import { contractAt, premiumPerLot } from "../options/option-contract";
import { type OptionPricer, roundPremium } from "../options/option-pricing";
import type { SignalIntent } from "../signals/signal";
import { type ModelSetup, quote, type SignalModel } from "./signal-model";

/** The intent for `setup` at `at`, or undefined when the zones do not leave target > entry > stop. */
export function signalIntent(
  model: SignalModel,
  setup: ModelSetup,
  underlyingPrice: number,
  at: number,
  pricer: OptionPricer,
  calendar: CalendarOptions = {},
): SignalIntent | undefined {
  const { symbol, rules } = model;
  const contract = contractAt(symbol, setup.optionType, underlyingPrice, at, {
    stepsInTheMoney: rules.strikeSteps,
    calendar,
  });
  const direction = setup.optionType === "CE" ? 1 : -1;
  const premium = pricer(contract, underlyingPrice, at);
  const target = pricer(contract, underlyingPrice + direction * setup.targetMove, at);
  const stopLoss = pricer(contract, underlyingPrice - direction * setup.stopMove, at);
  const entryLow = roundPremium(symbol, premium * (1 - rules.entryZone));
  const entryHigh = roundPremium(symbol, premium * (1 + rules.entryZone));
  if (!(target > entryHigh && entryLow > stopLoss)) return undefined;
  const move = (points: number) => `${quote(points)} points`;
  return {
    ...contract,
    modelId: model.id,
    type: "BUY",
    generatedAt: at,
    underlyingPrice,
    premium,
    entryLow,
    entryHigh,
    target,
    stopLoss,
    premiumPerLot: premiumPerLot(premium, contract.lotSize),
    reason:
      `${setup.reason} Buy ${symbol} ${contract.expiry} ${contract.strike} ${setup.optionType} ` +
      `between ${quote(entryLow)} and ${quote(entryHigh)}; target ${quote(target)} ` +
      `(${symbol} ${move(setup.targetMove)} ${direction > 0 ? "higher" : "lower"}), ` +
      `stop ${quote(stopLoss)} (${move(setup.stopMove)} against).`,
    indicators: setup.indicators,
  };
}
