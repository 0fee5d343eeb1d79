/**
 * The six forecast instruments: NIFTY, BANKNIFTY and CRUDEOIL (their parts are option premiums on the traded
 * contract, on the exchange's business days) and XAU, XAG and DXY (levels on the underlying, Monday to
 * Friday), with the instant a forecast day starts.
 */
import type { DayKey, ExchangeName, ForecastSlug, MarketSymbol } from "@kalpa/contracts/names";
import { isBusinessDay, sessionsOn } from "../calendar/sessions";
import { DAILY_SERIES } from "../instruments/daily-series";
import type { DailySeriesSymbol, SeriesSymbol } from "../instruments/instrument";
import { OPTION_UNDERLYINGS } from "../instruments/option-underlyings";
import { weekdayOf } from "../time/day-math";
import { instantAt } from "../time/time-of-day";

export type ForecastInstrument =
  | {
      readonly slug: ForecastSlug;
      readonly kind: "option";
      readonly symbol: MarketSymbol;
      readonly exchange: ExchangeName;
      readonly name: string;
      readonly unit: string;
      /** Decimals the underlying's levels are quoted with. */
      readonly decimals: number;
    }
  | {
      readonly slug: ForecastSlug;
      readonly kind: "level";
      readonly symbol: DailySeriesSymbol;
      readonly name: string;
      readonly unit: string;
      readonly decimals: number;
      readonly tick: number;
      readonly roundLevelStep: number;
    };

/** Decimals of a price step (0.25 → 2, 10 → 0). */
export function decimalsOf(tick: number): number {
  const text = String(tick);
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

function option(slug: ForecastSlug, symbol: MarketSymbol, name: string): ForecastInstrument {
  const underlying = OPTION_UNDERLYINGS[symbol];
  return {
    slug,
    kind: "option",
    symbol,
    exchange: underlying.exchange,
    name,
    unit: "₹ option premium",
    decimals: Math.max(2, decimalsOf(underlying.underlyingTick)),
  };
}

function level(slug: ForecastSlug, symbol: DailySeriesSymbol): ForecastInstrument {
  const series = DAILY_SERIES[symbol];
  return {
    slug,
    kind: "level",
    symbol,
    name: series.name,
    unit: series.unit,
    decimals: Math.max(2, decimalsOf(series.tick)),
    tick: series.tick,
    roundLevelStep: series.roundLevelStep,
  };
}

export const FORECAST_INSTRUMENTS: Readonly<Record<ForecastSlug, ForecastInstrument>> = {
  nifty: option("nifty", "NIFTY", "NIFTY 50"),
  banknifty: option("banknifty", "BANKNIFTY", "BANKNIFTY"),
  crudeoil: option("crudeoil", "CRUDEOIL", "Crude Oil"),
  xau: level("xau", "XAU"),
  xag: level("xag", "XAG"),
  dollarx: level("dollarx", "DXY"),
};

/** The series whose daily bars a forecast of `slug` reads. */
export function forecastSeries(slug: ForecastSlug): SeriesSymbol {
  return FORECAST_INSTRUMENTS[slug].symbol;
}

/** Whether `slug` has a forecast on `day`: a business day of its exchange, or a weekday. */
export function isForecastDay(slug: ForecastSlug, day: DayKey): boolean {
  const instrument = FORECAST_INSTRUMENTS[slug];
  if (instrument.kind === "option") return isBusinessDay(instrument.exchange, day);
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6;
}

/**
 * The instant the forecast day starts: the first regular (or evening) session's open for options, 00:00
 * Asia/Kolkata for the round-the-clock series. A forecast is made before it; its options are priced at it.
 */
export function forecastDayStart(slug: ForecastSlug, day: DayKey): number {
  const instrument = FORECAST_INSTRUMENTS[slug];
  if (instrument.kind === "level") return instantAt(day, 0);
  const session = sessionsOn(instrument.exchange, day).find((s) => s.kind !== "muhurat");
  return session?.open ?? instantAt(day, 0);
}
