/**
 * An option's premium in candles, priced from the underlying's candles of the same minutes (the live
 * chart of a signal). A premium moves one way with the underlying, so each bar's open and close price the
 * open and close, and its extremes price the extremes: a call's high comes from the underlying's high, a
 * put's from its low. On the simulated feed this gives exactly what the engine priced (the same pricer at
 * the same prices); it is deterministic, so a chart survives a restart without storing option candles.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { OptionCandle } from "@kalpa/contracts/signals";
import type { OptionContract } from "./option-contract";
import type { OptionPricer } from "./option-pricing";

export function optionCandles(
  contract: OptionContract,
  bars: readonly Bar[],
  pricer: OptionPricer,
): OptionCandle[] {
  const call = contract.optionType === "CE";
  return bars.map((bar) => {
    // Priced at the bar's start for the open, its end for the close (time value decays within the minute).
    const end = bar.time + 60_000;
    const atHigh = pricer(contract, bar.high, end);
    const atLow = pricer(contract, bar.low, end);
    const open = pricer(contract, bar.open, bar.time);
    const close = pricer(contract, bar.close, end);
    const high = Math.max(call ? atHigh : atLow, open, close);
    const low = Math.min(call ? atLow : atHigh, open, close);
    return { time: bar.time, open, high, low, close };
  });
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** The contract as a trader writes it: "BANKNIFTY 25 NOV 2026 52000 CE". */
export function contractLabel(
  contract: Pick<OptionContract, "symbol" | "expiry" | "strike" | "optionType">,
): string {
  const [year, month, day] = contract.expiry.split("-");
  return `${contract.symbol} ${Number(day)} ${MONTHS[Number(month) - 1]} ${year} ${contract.strike} ${contract.optionType}`;
}
