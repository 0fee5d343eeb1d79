/**
 * Gold, silver and the dollar index: daily series for forecasts only, Monday to Friday. Levels are round
 * figures near 2025 prices, anchors for simulated data.
 */
import type { DailySeries, DailySeriesSymbol } from "./instrument";

export const DAILY_SERIES: Readonly<Record<DailySeriesSymbol, DailySeries>> = {
  XAU: {
    symbol: "XAU",
    name: "Gold",
    forecastSlug: "xau",
    unit: "USD per troy ounce (spot)",
    tick: 0.01,
    roundLevelStep: 10,
    notes: ["Spot gold trades round the clock on weekdays; a day's bar is the India-time weekday."],
    simulation: {
      referenceLevel: 3_500,
      annualVolatility: 0.16,
      meanAbsOpeningGap: 0.001,
      typicalDailyVolume: 0,
    },
  },
  XAG: {
    symbol: "XAG",
    name: "Silver",
    forecastSlug: "xag",
    unit: "USD per troy ounce (spot)",
    tick: 0.001,
    roundLevelStep: 0.25,
    notes: ["Spot silver trades round the clock on weekdays."],
    simulation: {
      referenceLevel: 40,
      annualVolatility: 0.28,
      meanAbsOpeningGap: 0.0015,
      typicalDailyVolume: 0,
    },
  },
  DXY: {
    symbol: "DXY",
    name: "US Dollar Index",
    forecastSlug: "dollarx",
    unit: "index points",
    tick: 0.001,
    roundLevelStep: 0.5,
    notes: ["ICE US Dollar Index; weekdays."],
    simulation: {
      referenceLevel: 100,
      annualVolatility: 0.07,
      meanAbsOpeningGap: 0.0005,
      typicalDailyVolume: 0,
    },
  },
};
