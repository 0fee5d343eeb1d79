/**
 * The shapes of instrument data: the option underlyings the product trades, and the daily series it only
 * forecasts.
 */
import type { ExchangeId, ExchangeName, ForecastSlug, MarketSymbol } from "@kalpa/contracts/names";

/** Spot gold and silver (USD per troy ounce) and the US dollar index. */
export const DAILY_SERIES_SYMBOLS = ["XAU", "XAG", "DXY"] as const;
export type DailySeriesSymbol = (typeof DAILY_SERIES_SYMBOLS)[number];

/** Every symbol the simulator can produce a price series for. */
export type SeriesSymbol = MarketSymbol | DailySeriesSymbol;

export type ExpiryKind = "weekly" | "monthly";

/** How the simulator makes this series behave (see sim/ and docs/market-data.md). */
export interface SimulationProfile {
  /** The level on the simulator's anchor day, and the level the path is gently pulled back toward. */
  readonly referenceLevel: number;
  /** Annualised volatility of daily close-to-close log returns (0.13 = 13%). */
  readonly annualVolatility: number;
  /** Mean absolute opening gap, open against the previous close (0.003 = 0.3%). */
  readonly meanAbsOpeningGap: number;
  /** A typical full day's traded volume (units of the underlying), illustrative. */
  readonly typicalDailyVolume: number;
}

export interface OptionUnderlying {
  readonly symbol: MarketSymbol;
  readonly name: string;
  readonly exchange: ExchangeName;
  readonly exchangeId: ExchangeId;
  readonly underlying: string;
  readonly strikeStep: number;
  /** Minimum price step of the option premium. */
  readonly optionTick: number;
  /** Minimum price step of the underlying quote. */
  readonly underlyingTick: number;
  /**
   * Contract expiries listed now (BANKNIFTY and CRUDEOIL have no weeklies); calendar/expiries.ts's
   * `expiryKindsOn` gives them by day (BANKNIFTY had weeklies until 13 Nov 2024).
   */
  readonly expiryKinds: readonly ExpiryKind[];
  /**
   * Whether a fresh position can be opened in a series on its expiry day. False for MCX's CRUDEOIL
   * options: their in-the-money contracts devolve into futures at expiry and brokers take no fresh
   * positions that day, so the engine trades the next series from the expiry day (option-contract.ts).
   */
  readonly opensOnExpiryDay: boolean;
  /** Sources, and which values are unverified. */
  readonly notes: readonly string[];
  readonly simulation: SimulationProfile;
}

export interface DailySeries {
  readonly symbol: DailySeriesSymbol;
  readonly name: string;
  readonly forecastSlug: ForecastSlug;
  readonly unit: string;
  /** Price step of the series. */
  readonly tick: number;
  /** Step of the round levels a forecast talks about (support at 2,350, 2,360...). */
  readonly roundLevelStep: number;
  readonly notes: readonly string[];
  readonly simulation: SimulationProfile;
}
