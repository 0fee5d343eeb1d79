/**
 * Where a backtest reads 1-minute bars of the underlying: the simulated market (SimulatedMarket has this
 * method), or bars from a replay file.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import type { ReplayBar } from "../feed/replay-csv";
import { dayKeyOf } from "../time/day-key";

export interface MinuteBarSource {
  /** The 1-minute bars of `symbol` on `day`, in time order (empty when it did not trade). */
  minuteBars(symbol: MarketSymbol, day: DayKey): readonly Bar[];
}

/** A source over replayed bars (parseReplayCsv's rows), by symbol and India-time day. */
export function replayBarSource(bars: readonly ReplayBar[]): MinuteBarSource {
  const byKey = new Map<string, Bar[]>();
  for (const { symbol, ...bar } of bars) {
    const key = `${symbol} ${dayKeyOf(bar.time)}`;
    const list = byKey.get(key);
    if (list) list.push(bar);
    else byKey.set(key, [bar]);
  }
  for (const list of byKey.values()) list.sort((a, b) => a.time - b.time);
  return { minuteBars: (symbol, day) => byKey.get(`${symbol} ${day}`) ?? [] };
}
