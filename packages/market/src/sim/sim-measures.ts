/**
 * The simulator measured like the market (measures.ts): its NIFTY and BANKNIFTY trading days from the
 * anchor day on, as minute sessions for the minute measures and as daily closes for the daily ones.
 */
import type { DayKey } from "@kalpa/contracts/names";
import { addDays } from "../time/day-math";
import { SIM_ANCHOR_DAY } from "./daily-path";
import {
  type MarketMeasures,
  type MinuteSession,
  measurePair,
  measureSessions,
  NSE_SESSION_MINUTES,
  type PairMeasures,
} from "./measures";
import type { SimulatedMarket } from "./simulated-market";

export interface SimulatedMeasures {
  readonly NIFTY: MarketMeasures;
  readonly BANKNIFTY: MarketMeasures;
  readonly pair: PairMeasures;
  /** The minute sessions measured (for further statistics). */
  readonly sessions: { readonly NIFTY: MinuteSession[]; readonly BANKNIFTY: MinuteSession[] };
}

/** The first `count` sessions `make` gives (it skips a day by giving undefined) from the anchor day. */
function firstSessions(
  count: number,
  make: (day: DayKey) => MinuteSession | undefined,
): MinuteSession[] {
  const sessions: MinuteSession[] = [];
  for (let day: DayKey = SIM_ANCHOR_DAY; sessions.length < count; day = addDays(day, 1)) {
    const session = make(day);
    if (session) sessions.push(session);
  }
  return sessions;
}

/** The first `count` full NSE sessions (375 minutes) of `symbol` from the anchor day. */
export function simulatedSessions(
  market: SimulatedMarket,
  symbol: "NIFTY" | "BANKNIFTY",
  count: number,
): MinuteSession[] {
  return firstSessions(count, (day) => {
    const bars = market.minuteBars(symbol, day);
    if (bars.length !== NSE_SESSION_MINUTES) return undefined;
    return { day, open: bars[0]?.open ?? 0, closes: bars.map((bar) => bar.close) };
  });
}

/** Daily closes only (cheap: no minute bars), as one-minute sessions for the daily measures. */
function dailySessions(
  market: SimulatedMarket,
  symbol: "NIFTY" | "BANKNIFTY",
  count: number,
): MinuteSession[] {
  return firstSessions(count, (day) => {
    const point = market.dailyPoint(symbol, day);
    return point && { day, open: point.open, closes: [point.close] };
  });
}

/**
 * The simulator's measures: minute measures over `minuteDays` sessions, daily ones (volatility, kurtosis,
 * gaps, daily correlation) over `dailyDays`.
 */
export function measureSimulator(
  market: SimulatedMarket,
  minuteDays: number,
  dailyDays: number,
): SimulatedMeasures {
  const nifty = simulatedSessions(market, "NIFTY", minuteDays);
  const bank = simulatedSessions(market, "BANKNIFTY", minuteDays);
  const niftyDaily = dailySessions(market, "NIFTY", dailyDays);
  const bankDaily = dailySessions(market, "BANKNIFTY", dailyDays);
  const merged = (minute: MinuteSession[], daily: MinuteSession[]): MarketMeasures => {
    const m = measureSessions(minute);
    const d = measureSessions(daily);
    return {
      dailyVolatility: d.dailyVolatility,
      minuteKurtosis: m.minuteKurtosis,
      dailyKurtosis: d.dailyKurtosis,
      closeToMiddayVolatility: m.closeToMiddayVolatility,
      meanAbsGap: d.meanAbsGap,
    };
  };
  return {
    NIFTY: merged(nifty, niftyDaily),
    BANKNIFTY: merged(bank, bankDaily),
    pair: {
      minuteCorrelation: measurePair(nifty, bank).minuteCorrelation,
      dailyCorrelation: measurePair(niftyDaily, bankDaily).dailyCorrelation,
    },
    sessions: { NIFTY: nifty, BANKNIFTY: bank },
  };
}
