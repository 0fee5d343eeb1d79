/**
 * Daily forecasts (spec sections 2 "Forecast page", 3 "forecast", 7 `/api/forecast/{instrument}`).
 *
 * For each instrument and trading day, made before its session opens from the daily bars up to the
 * previous session: a call part (the bullish view) and a put part (the bearish view). For NIFTY, BANKNIFTY
 * and CRUDEOIL the prices are option premiums of the traded contract (strikePrice its strike); for XAU, XAG
 * and the dollar index they are levels of the underlying (strikePrice the nearest round level).
 *
 * Once the day is over each part is scored (docs/models.md "Forecasts"): "target" (reached first),
 * "stop" (reached first, or both within one 1-minute bar, or the day opened through it), "neither",
 * "not-entered" (the day opened at or through the target: nobody could have entered at the plan's price)
 * and "undecided" (only the daily bar is stored and it touched both: the order is unknown); null until
 * scored. The day's close on the underlying is recorded too.
 *
 * The favoured side is the part with the higher probability bias (none on a 50/50 day). A hit rate is the
 * share of decided parts (target, stop or neither) that reached their target; "not-entered" and
 * "undecided" parts are left out. The Brier score reads the call's bias as the chance that the day closes
 * above the reference close (the previous session's close the forecast was made from), and is set beside
 * always 50%, yesterday's direction and the window's share of up-days, with skill scores.
 */
import * as z from "zod/mini";
import { DayKeySchema, ForecastSlugSchema } from "../names";

export const FORECAST_OUTCOMES = ["target", "stop", "neither", "undecided", "not-entered"] as const;
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

/** A forecast's two parts. */
export const FORECAST_SIDES = ["call", "put"] as const;
export const ForecastSideSchema = z.enum(FORECAST_SIDES);
export type ForecastSide = z.infer<typeof ForecastSideSchema>;

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
  /** The part with the higher probability bias; null on a 50/50 day. */
  favoured: z.nullable(ForecastSideSchema),
  /** The previous session's close on the underlying, which the forecast was made from. */
  referenceClose: z.number(),
  /** The day's close on the underlying, recorded when the day is scored; null before (or if unknown). */
  close: z.nullable(z.number()),
  /** Whether the day closed above referenceClose (a tie is not above); null while the close is unknown. */
  closedAbove: z.nullable(z.boolean()),
});
export type ForecastDay = z.infer<typeof ForecastDaySchema>;

/** How a set of parts scored. */
export const ForecastHitRateSchema = z.object({
  /** Parts with an outcome. */
  scored: z.number(),
  /** Parts decided: target, stop or neither (scored minus not-entered and undecided). */
  decided: z.number(),
  targets: z.number(),
  stops: z.number(),
  neither: z.number(),
  notEntered: z.number(),
  undecided: z.number(),
  /** targets / decided as a whole percent; null with nothing decided yet. */
  percent: z.nullable(z.number()),
});
export type ForecastHitRate = z.infer<typeof ForecastHitRateSchema>;

/**
 * Brier scores over a window: the mean of (p − o)² over its days with a known close and a known previous
 * direction, where o is 1 when the day closed above the reference close, else 0. Lower is better: 0 is
 * perfect, always saying 50% scores 0.25, and always being sure and wrong scores 1.
 *
 * The skill score against a reference is 1 − forecast ÷ reference: above 0 the forecast beat it, below 0
 * it did worse. The climatology is the window's share of up-days (upDays ÷ days) said every day; that share
 * is known only once the window is over, so it is a hindsight reference (the usual one in forecast
 * verification): skill above 0 against it means the forecast knew more than how often the window went up.
 */
export const ForecastBrierSchema = z.object({
  /** Days scored (the same days for the forecast and every reference). */
  days: z.number(),
  /** Of those, the days that closed above their reference close (o = 1). */
  upDays: z.number(),
  /** p = the call's probability bias ÷ 100; null with no days. */
  forecast: z.nullable(z.number()),
  /** The naive baseline: p = 1 when the previous session closed above its own previous close, else 0. */
  baseline: z.nullable(z.number()),
  /**
   * The climatology: p = upDays ÷ days every day, whose score is that share × (1 − share); 0 when every day
   * went the same way (all up, or none up); null with no days.
   */
  climatology: z.nullable(z.number()),
  /** The forecast's skill scores, 1 − forecast ÷ reference, four decimals. */
  skill: z.object({
    /** Against always 50% (0.25); null with no days. */
    coinFlip: z.nullable(z.number()),
    /**
     * Against the climatology; null with no days, and when the climatology scores 0 (every day went the
     * same way): nothing beats a perfect reference, and the ratio is undefined.
     */
    climatology: z.nullable(z.number()),
  }),
});
export type ForecastBrier = z.infer<typeof ForecastBrierSchema>;

/** A constant 50% every day: its Brier score, whatever happens. */
export const COIN_FLIP_BRIER = 0.25;

/** The windows the scores are given for: the last 30 and 90 scored days, and all (null). */
export const FORECAST_SCORE_WINDOWS = [30, 90, null] as const;

/** How the forecasts scored over the last `lastDays` scored days (null: all of them). */
export const ForecastScoreWindowSchema = z.object({
  lastDays: z.nullable(z.number()),
  /** Scored days in the window (at most lastDays). */
  days: z.number(),
  /** The favoured part of each day (50/50 days have none and are left out). */
  favoured: ForecastHitRateSchema,
  call: ForecastHitRateSchema,
  put: ForecastHitRateSchema,
  brier: ForecastBrierSchema,
});
export type ForecastScoreWindow = z.infer<typeof ForecastScoreWindowSchema>;

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
  /** The favoured side's hit rate over the last 30 scored days (the same as scores[0].favoured). */
  hitRate: ForecastHitRateSchema,
  /** The hit rates and Brier scores over the last 30, 90 and all scored days, in that order. */
  scores: z.array(ForecastScoreWindowSchema),
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
