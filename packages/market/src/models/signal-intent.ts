/**
 * From a model's setup on the underlying to a signal intent on an option: the contract (strike, expiry,
 * lot size), its premium now, and the premiums at which the target and stop moves of the underlying would
 * put it (repriced at the same instant, so a move that takes longer meets a lower premium: time decay
 * works against a bought option). The entry zone is the premium ± the model's entryZone share.
 */
import type { CalendarOptions } from "../calendar/sessions";
import { contractAt, type OptionContract, premiumPerLot } from "../options/option-contract";
import { type OptionPricer, roundPremium } from "../options/option-pricing";
import type { SignalIntent } from "../signals/signal";
import { currentModelVersion } from "./model-versions";
import { type ModelSetup, quote, type SignalModel } from "./signal-model";

/**
 * What trading the contract needs beyond the product's tables: with a broker, the contract must be in its
 * instrument list (its expiry and lot size come from there), and its live quote prices it.
 */
export interface ContractMarket {
  /** The contract as listed, or why it cannot be traded. */
  readonly list?: (contract: OptionContract, at: number) => OptionContract | string;
  /** The contract's fresh quote (last traded price), when there is one. */
  readonly quote?: (contract: OptionContract, at: number) => number | undefined;
}

/**
 * The intent for `setup` at `at`; undefined when the zones do not leave target > entry > stop, or (the
 * reason, as a string) when the contract is not one the broker lists.
 */
export function signalIntent(
  model: SignalModel,
  setup: ModelSetup,
  underlyingPrice: number,
  at: number,
  pricer: OptionPricer,
  calendar: CalendarOptions = {},
  market: ContractMarket = {},
): SignalIntent | string | undefined {
  const { symbol, rules } = model;
  const tables = contractAt(symbol, setup.optionType, underlyingPrice, at, {
    stepsInTheMoney: rules.strikeSteps,
    calendar,
  });
  const contract = market.list ? market.list(tables, at) : tables;
  if (typeof contract === "string") return contract;
  const direction = setup.optionType === "CE" ? 1 : -1;
  const modelPremium = pricer(contract, underlyingPrice, at);
  const quoted = market.quote?.(contract, at);
  const premium = quoted ?? modelPremium;
  // A quote moves the model's target and stop with it, in proportion.
  const scale = quoted === undefined ? 1 : quoted / modelPremium;
  const level = (price: number) => (scale === 1 ? price : roundPremium(symbol, price * scale));
  const target = level(pricer(contract, underlyingPrice + direction * setup.targetMove, at));
  const stopLoss = level(pricer(contract, underlyingPrice - direction * setup.stopMove, at));
  const entryLow = roundPremium(symbol, premium * (1 - rules.entryZone));
  const entryHigh = roundPremium(symbol, premium * (1 + rules.entryZone));
  if (!(target > entryHigh && entryLow > stopLoss)) return undefined;
  const move = (points: number) => `${quote(points)} points`;
  return {
    ...contract,
    modelId: model.id,
    modelVersion: currentModelVersion(model.id).version,
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
    priceSource: quoted === undefined ? "model" : "quote",
  };
}
