/**
 * The trade the alert tests tell of: a BankNifty KalpaVruksha signal generated, triggered at 210.50 and
 * closed at 260.50 (+₹3250), its transitions committed one by one as the engine commits them.
 */
import type { SignalRepository, TransitionRecord } from "../../src/modules/signals/repository";
import { tradeRecords } from "../journal/fixtures";

export function bankNiftyTradeRecords(): TransitionRecord[] {
  const entryTime = Date.now() - 10 * 60_000;
  return tradeRecords({
    model: "BankNifty:KalpaVruksha",
    entryTime,
    entryPrice: 210.5,
    exitTime: entryTime + 5 * 60_000,
    exitPrice: 260.5,
  });
}

/** Commits the records (by default the whole trade); answers the signal's id. */
export async function commitTrade(
  signals: Pick<SignalRepository, "record">,
  records = bankNiftyTradeRecords(),
): Promise<string> {
  for (const record of records) await signals.record([record]);
  return records[0]?.signal.id as string;
}
