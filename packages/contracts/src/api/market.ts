import * as z from "zod/mini";
import {
  BarIntervalSchema,
  BarSchema,
  ExchangeIdSchema,
  MarketSnapshotSchema,
  MarketStatusSchema,
} from "../market";
import { MarketSymbolSchema } from "../names";

// zod/mini: the landing page's ticker reads the market overview on its first paint (decision 006).

/** Where prices come from. Anything but "broker" is simulated, and every screen says so. */
export const FEED_KINDS = ["simulated", "replay", "broker"] as const;
export const FeedKindSchema = z.enum(FEED_KINDS);
export type FeedKind = z.infer<typeof FeedKindSchema>;

/**
 * The market clock: the instant every market rule (sessions, day keys, expiries) reads. With a simulated
 * clock it runs from a chosen start at `speed` times real time; a screen extrapolates it from `now`
 * (epoch ms when the answer was made) to show the simulated date and time.
 */
export const MarketClockSchema = z.object({
  now: z.number(),
  speed: z.number(),
  /** True when the clock is not the real time (a simulated start or speed). */
  simulated: z.boolean(),
  /**
   * A replay of recorded sessions: when the session the clock is in ends. The clock then jumps to the next
   * recorded session's open, so a screen extrapolates no further than this and asks for the clock again.
   */
  sessionEnd: z.optional(z.number()),
});
export type MarketClock = z.infer<typeof MarketClockSchema>;

export const MarketFeedInfoSchema = z.object({
  kind: FeedKindSchema,
  /** True unless prices come from a broker's live feed: screens then show "Simulated data". */
  simulated: z.boolean(),
  /** Exchanges whose feed has gone silent during a session (the engine is restarting it). */
  stalled: z.array(ExchangeIdSchema),
  /**
   * Set while the prices shown are not live although they claim a live source: a broker feed that stopped
   * (login needed, unreachable). The epoch ms of the last price received; screens say the data is stale
   * from then instead of presenting it as live.
   */
  staleSince: z.optional(z.nullable(z.number())),
});
export type MarketFeedInfo = z.infer<typeof MarketFeedInfoSchema>;

/**
 * A day's exchange calendar: confirmed by the exchanges' circulars, provisional (only what is known ahead,
 * such as fixed-date holidays), or unknown (no holidays recorded for its year). Decision 016.
 */
export const CALENDAR_STATUSES = ["confirmed", "provisional", "unknown"] as const;
export const CalendarStatusSchema = z.enum(CALENDAR_STATUSES);
export type CalendarStatus = z.infer<typeof CalendarStatusSchema>;

/**
 * Prices served late (decision 034): on a broker's feed, whoever does not subscribe to an instrument gets
 * its prices as they were `minutes` ago. `symbols` are the instruments delayed in this answer; a delayed
 * instrument with no price from that long ago (a server just started) is left out of `snapshots`.
 */
export const PriceDelaySchema = z.object({
  minutes: z.number(),
  symbols: z.array(MarketSymbolSchema),
});
export type PriceDelay = z.infer<typeof PriceDelaySchema>;

/** GET /api/market/snapshots: what the ticker and the dashboard's market cards show. */
export const MarketOverviewSchema = z.object({
  snapshots: z.array(MarketSnapshotSchema),
  statuses: z.array(MarketStatusSchema),
  feed: MarketFeedInfoSchema,
  clock: MarketClockSchema,
  /** The calendar of the market clock's day: screens say "provisional calendar" unless confirmed. */
  calendar: z.optional(CalendarStatusSchema),
  /** Set when some of these prices are delayed for this viewer (a broker's feed; decision 034). */
  priceDelay: z.optional(PriceDelaySchema),
});
export type MarketOverview = z.infer<typeof MarketOverviewSchema>;

export const marketOverviewEndpoint = {
  method: "GET",
  path: "/api/market/snapshots",
  response: MarketOverviewSchema,
} as const;

/** The most bars one request returns; a longer range is refused with a message saying so. */
export const MAX_BARS_PER_REQUEST = 5000;

/**
 * GET /api/market/bars?symbol=&interval=&from=&to=: bars for charts. `from` and `to` are instants (ISO 8601
 * or epoch ms) or Asia/Kolkata days (YYYY-MM-DD; `to` then includes the whole day); `to` defaults to now
 * and `from` to a span that suits the interval.
 */
export const BarsQuerySchema = z.object({
  symbol: MarketSymbolSchema,
  interval: BarIntervalSchema,
  from: z.optional(z.string()),
  to: z.optional(z.string()),
});
export type BarsQuery = z.infer<typeof BarsQuerySchema>;

export const BarsResponseSchema = z.object({
  symbol: MarketSymbolSchema,
  interval: BarIntervalSchema,
  bars: z.array(BarSchema),
});
export type BarsResponse = z.infer<typeof BarsResponseSchema>;

export const marketBarsEndpoint = {
  method: "GET",
  path: "/api/market/bars",
  response: BarsResponseSchema,
} as const;
