/** How the Signals panel writes a signal's contract, as a trader says it. */
import type { SignalWire } from "@kalpa/contracts/signals";
import { formatNumber } from "@/lib/format";

/** "NIFTY 25,000 CE". */
export function signalContract(
  signal: Pick<SignalWire, "symbol" | "strike" | "optionType">,
): string {
  return `${signal.symbol} ${formatNumber(signal.strike)} ${signal.optionType}`;
}
