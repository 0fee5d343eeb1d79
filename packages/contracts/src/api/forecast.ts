/**
 * Daily forecasts (issue 9; spec sections 2 "Forecast page", 3 "forecast", 7 `/api/forecast/{instrument}`).
 *
 * For each instrument and trading day, made before its session opens from the daily bars up to the
 * previous session: a call part (the bullish view) and a put part (the bearish view). For NIFTY, BANKNIFTY
 * and CRUDEOIL the prices are option premiums of the traded contract (strikePrice its strike); for XAU, XAG
 * and the dollar index they are levels of the underlying (strikePrice the nearest round level).
 *
 * Once the day is over each part is scored: "target" (target reached first), "stop" (stop reached first, or
 * both within one bar), "neither"; null until scored. The hit rate is the share of scored parts that
 * reached their target.
 */
import * as z from "zod/mini";
import { DayKeySchema, ForecastSlugSchema } from "../names";

export const FORECAST_OUTCOMES = ["target", "stop", "neither"] as const;
export const ForecastOutcomeSchema = z.enum(FORECAST_OUTCOMES);
export type ForecastOutcome = z.infer<typeof ForecastOutcomeSchema>;

/** What a part's prices are: option premiums (rupees) or levels of the underlying (its units). */
export const FORECAST_PRICE_KINDS = ["premium", "level"] as const;
export const ForecastPriceKindSchema = z.enum(FORECAST_PRICE_KINDS);
export type ForecastPriceKind = z.infer<typeof ForecastPriceKindSchema>;

/** One side of a day's forecast: the spec's eight fields. */
export const ForecastPartSchema = z.object({
  signalDate: DayKeySchema,
  strikePrice: z.number(),
  entryPrice: z.number(),
  target: z.number(),
  stopLoss: z.number(),
  /** Reward over risk: |target − entry| / |entry − stop|, two decimals. */
  riskReward: z.number(),
  /** A whole percent: the chance this part's direction plays out. Call and put add up to 100. */
  probabilityBias: z.number(),
  commentary: z.string(),
});
export type ForecastPart = z.infer<typeof ForecastPartSchema>;

/** A day's forecast as served: both parts, the contract details and, once scored, the outcomes. */
export const ForecastDaySchema = z.object({
  day: DayKeySchema,
  priceKind: ForecastPriceKindSchema,
  /** The option expiry the premiums are for (YYYY-MM-DD); null for levels. */
  expiry: z.nullable(DayKeySchema),
  call: ForecastPartSchema,
  put: ForecastPartSchema,
  callOutcome: z.nullable(ForecastOutcomeSchema),
  putOutcome: z.nullable(ForecastOutcomeSchema),
});
export type ForecastDay = z.infer<typeof ForecastDaySchema>;

export const ForecastHitRateSchema = z.object({
  /** Scored parts (two a finished day) in the history. */
  scored: z.number(),
  targets: z.number(),
  stops: z.number(),
  /** targets / scored as a whole percent; null with nothing scored yet. */
  percent: z.nullable(z.number()),
});
export type ForecastHitRate = z.infer<typeof ForecastHitRateSchema>;

/** GET /api/forecast/{instrument}. */
export const ForecastResponseSchema = z.object({
  instrument: ForecastSlugSchema,
  /** The display name (NIFTY 50, Gold...). */
  name: z.string(),
  /** What the levels are in (₹ premium, USD per troy ounce, index points). */
  unit: z.string(),
  /** The forecast for the current or next trading day; null before any exists. */
  today: z.nullable(ForecastDaySchema),
  /** Earlier forecasts, newest first, with their outcomes. */
  history: z.array(ForecastDaySchema),
  hitRate: ForecastHitRateSchema,
  /** True unless a broker feed runs (gold, silver and the dollar index are always a simulated series). */
  simulated: z.boolean(),
});
export type ForecastResponse = z.infer<typeof ForecastResponseSchema>;

/** Days of history the endpoint answers with. */
export const FORECAST_HISTORY_DAYS = 20;

export const forecastEndpoint = {
  method: "GET",
  path: "/api/forecast/:instrument",
  response: ForecastResponseSchema,
} as const;

export const forecastPath = (instrument: string) => `/api/forecast/${instrument}`;
