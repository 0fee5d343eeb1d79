/**
 * The option pricer of a backtest on recorded index bars: the recording has no option prices of those
 * years, so each index option is priced on the fitted surface's shape at a level from the index's own
 * recent moves (options/realised-level.ts): the realised volatility of the 20 daily returns before the
 * day (the recorded daily closes), times the implied-over-realised ratio the recorded at-the-money options
 * showed. A static level fitted to a calm month would price a volatile one's options far too cheap, and
 * flatter every bought option. Where fewer closes are recorded, the fitted level stands. CRUDEOIL is left
 * to its surface (its recorded signals trade recorded prices).
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, MarketSymbol } from "@kalpa/contracts/names";
import { previousTradingDay } from "../calendar/sessions";
import { CALIBRATED_IMPLIED_OVER_REALISED } from "../options/calibrated-surfaces";
import {
  DEFAULT_PRICING,
  type OptionPricer,
  type PricingSettings,
  pricerOn,
} from "../options/option-pricing";
import { REALISED_SESSIONS, realisedVolatility, withAtmLevels } from "../options/realised-level";
import { dayKeyOf } from "../time/day-key";

/** Trading days searched back for the closes (holidays and gaps in the recording included). */
const LOOKBACK_DAYS = 2 * REALISED_SESSIONS;

/** The at-the-money level of `symbol` on `day` from the daily closes before it, if enough are recorded. */
export function realisedLevel(
  symbol: "NIFTY" | "BANKNIFTY",
  day: DayKey,
  dailyBar: (symbol: MarketSymbol, day: DayKey) => Bar | undefined,
): number | undefined {
  const closes: number[] = [];
  let current = day;
  for (let i = 0; i < LOOKBACK_DAYS && closes.length <= REALISED_SESSIONS; i += 1) {
    current = previousTradingDay("NSE", current);
    const bar = dailyBar(symbol, current);
    if (bar) closes.unshift(bar.close);
  }
  const realised = realisedVolatility(closes);
  return realised === undefined ? undefined : realised * CALIBRATED_IMPLIED_OVER_REALISED[symbol];
}

/** A pricer at each day's realised level (computed once a day per index). */
export function realisedLevelPricer(
  dailyBar: (symbol: MarketSymbol, day: DayKey) => Bar | undefined,
  settings: PricingSettings = DEFAULT_PRICING,
): OptionPricer {
  const byDay = new Map<string, PricingSettings>();
  const settingsOn = (symbol: MarketSymbol, day: DayKey) => {
    if (symbol === "CRUDEOIL") return settings;
    const key = `${symbol} ${day}`;
    let found = byDay.get(key);
    if (!found) {
      const level = realisedLevel(symbol, day, dailyBar);
      found = level === undefined ? settings : withAtmLevels(settings, { [symbol]: level });
      byDay.set(key, found);
    }
    return found;
  };
  return pricerOn((symbol, at) => settingsOn(symbol, dayKeyOf(at)));
}
