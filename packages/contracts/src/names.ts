/**
 * Names that cross the wire (DESIGN.md section 3a). Defined once here; web and server import them.
 */
import * as z from "zod/mini";

/** Access keys: subscription status keys and the instrument names used in messages. */
export const ACCESS_KEYS = ["Nifty", "BankNifty", "CrudeOil"] as const;
export const AccessKeySchema = z.enum(ACCESS_KEYS);
export type AccessKey = z.infer<typeof AccessKeySchema>;

/** Instruments as they appear in URL paths. */
export const INSTRUMENT_SLUGS = ["nifty", "banknifty", "crudeoil"] as const;
export const InstrumentSlugSchema = z.enum(INSTRUMENT_SLUGS);
export type InstrumentSlug = z.infer<typeof InstrumentSlugSchema>;

/** Forecasts add gold, silver and the dollar index, which are always unlocked. */
export const FORECAST_SLUGS = [...INSTRUMENT_SLUGS, "xau", "xag", "dollarx"] as const;
export const ForecastSlugSchema = z.enum(FORECAST_SLUGS);
export type ForecastSlug = z.infer<typeof ForecastSlugSchema>;

/** Market symbols used by snapshots and the ticker. */
export const MARKET_SYMBOLS = ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const;
export const MarketSymbolSchema = z.enum(MARKET_SYMBOLS);
export type MarketSymbol = z.infer<typeof MarketSymbolSchema>;

/** Models that produce signals and journal entries. */
export const MODEL_IDS = [
  "BankNifty:KalpaVruksha",
  "BankNifty:HFT",
  "Nifty:KalpaVruksha",
  "CrudeOil:Yamuna",
] as const;
export const ModelIdSchema = z.enum(MODEL_IDS);
export type ModelId = z.infer<typeof ModelIdSchema>;

/**
 * A model's version: 12 hex digits, a hash of the model's parameters and code
 * (packages/market models/model-versions.ts); "manual" on the operator's manual signals, "before-versions"
 * on signals stored before versions were recorded (decision 028).
 */
export const ModelVersionSchema = z
  .string()
  .check(z.regex(/^(?:[0-9a-f]{12}|manual|before-versions)$/, "Unknown model version."));
export type ModelVersion = z.infer<typeof ModelVersionSchema>;

/** Exchanges by the spec's numeric id. */
export const EXCHANGES = { NSE: 1, MCX: 5 } as const;
export type ExchangeName = keyof typeof EXCHANGES;
export type ExchangeId = (typeof EXCHANGES)[ExchangeName];

/** One row per instrument tying the names above together. */
export const INSTRUMENTS: ReadonlyArray<{
  key: AccessKey;
  slug: InstrumentSlug;
  symbol: MarketSymbol;
  exchange: ExchangeName;
}> = [
  { key: "Nifty", slug: "nifty", symbol: "NIFTY", exchange: "NSE" },
  { key: "BankNifty", slug: "banknifty", symbol: "BANKNIFTY", exchange: "NSE" },
  { key: "CrudeOil", slug: "crudeoil", symbol: "CRUDEOIL", exchange: "MCX" },
];

/** A trading-day key, `YYYY-MM-DD` in Asia/Kolkata. */
export const DayKeySchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "Expected a day as YYYY-MM-DD"));
export type DayKey = z.infer<typeof DayKeySchema>;

/** The time zone of all market logic, day keys and displayed times. */
export const MARKET_TIME_ZONE = "Asia/Kolkata";
