/**
 * Market data that crosses the wire: snapshots (spec section 3), market status (section 4) and bars.
 * zod/mini, because the landing page's ticker loads it (decision 006).
 */
import * as z from "zod/mini";
import { EXCHANGES, MarketSymbolSchema } from "./names";

/** Market status per exchange: initially Inactive, Active while the exchange is in a session. */
export const MARKET_STATUS_VALUES = ["Active", "Inactive"] as const;
export const MarketStatusValueSchema = z.enum(MARKET_STATUS_VALUES);
export type MarketStatusValue = z.infer<typeof MarketStatusValueSchema>;

export const ExchangeIdSchema = z.union([z.literal(EXCHANGES.NSE), z.literal(EXCHANGES.MCX)]);

/** market-status-update: one exchange's status. */
export const MarketStatusSchema = z.object({
  exchange: ExchangeIdSchema,
  status: MarketStatusValueSchema,
  /** Beyond the spec: true while the exchange is in session but its feed has gone silent. */
  stalled: z.optional(z.boolean()),
});
export type MarketStatus = z.infer<typeof MarketStatusSchema>;

/**
 * One symbol's snapshot for the day. `change` and `percentChange` are against the previous session's
 * close; every number defaults to 0 before the first tick.
 */
export const MarketSnapshotSchema = z.object({
  symbol: MarketSymbolSchema,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  ltp: z.number(),
  change: z.number(),
  percentChange: z.number(),
  volume: z.number(),
});
export type MarketSnapshot = z.infer<typeof MarketSnapshotSchema>;

/** A symbol's snapshot before anything is known: every number 0 (the spec's defaults). */
export function emptySnapshot(symbol: MarketSnapshot["symbol"]): MarketSnapshot {
  return { symbol, open: 0, high: 0, low: 0, ltp: 0, change: 0, percentChange: 0, volume: 0 };
}

/** home-update: what the landing ticker shows. */
export const TickerUpdateSchema = z.object({
  symbol: MarketSymbolSchema,
  ltp: z.number(),
  percentChange: z.number(),
});
export type TickerUpdate = z.infer<typeof TickerUpdateSchema>;

/** Bar intervals: 1, 5 and 15 minutes, and a trading day. */
export const BAR_INTERVALS = ["1m", "5m", "15m", "1d"] as const;
export const BarIntervalSchema = z.enum(BAR_INTERVALS);
export type BarInterval = z.infer<typeof BarIntervalSchema>;

/** A bar; `time` is the epoch ms at which its bucket starts (00:00 Asia/Kolkata for a daily bar). */
export const BarSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Bar = z.infer<typeof BarSchema>;
