/**
 * The paper-trade journal and its ledger (spec sections 2 "Paper Trade Journal", 3 "Paper trade day
 * group", 7 `/api/paper/history`).
 *
 * A paper trade is a triggered signal of the one signal lifecycle. The journal is public and so shows closed
 * trades only; an open trade is seen by its instrument's subscribers on the live screen. Money is in rupees:
 * `pnlRupees` is gross (the live card's Result & Counter), `charges` what an Indian broker would have taken
 * (market-facts section 6, rates of the sell day), `netPnl` the difference.
 *
 * A trade belongs to the Asia/Kolkata day it closed (`exitTime`). `days` counts calendar days back from the
 * current day of the market clock, that day included: days=7 on 2026-11-21 covers 2026-11-15 .. 2026-11-21.
 */
import * as z from "zod/mini";
import {
  PAPER_TRADE_DAY_FILTERS,
  PAPER_TRADE_DEFAULT_DAYS,
  PAPER_TRADE_DEFAULT_MODEL,
} from "../constants";
import {
  AccessKeySchema,
  DayKeySchema,
  MarketSymbolSchema,
  MODEL_IDS,
  ModelIdSchema,
  ModelVersionSchema,
} from "../names";
import {
  OptionTypeSchema,
  PRICE_SOURCES,
  SignalCloseReasonSchema,
  SignalTypeSchema,
  StopFillSchema,
} from "../signals";

export const PAPER_MESSAGES = {
  invalidModel: `Unknown model. Choose one of ${MODEL_IDS.join(", ")}.`,
  invalidDays: `Days must be one of ${PAPER_TRADE_DAY_FILTERS.join(", ")}.`,
} as const;

/**
 * The query of every journal read (history, statistics, CSV). Both fields are optional and default to the
 * spec's defaults; anything else is a 400 with PAPER_MESSAGES.
 */
export const PaperQuerySchema = z.object({
  model: z._default(z.enum(MODEL_IDS, PAPER_MESSAGES.invalidModel), PAPER_TRADE_DEFAULT_MODEL),
  days: z._default(
    z.enum(PAPER_TRADE_DAY_FILTERS.map(String) as ["7", "15", "30"], PAPER_MESSAGES.invalidDays),
    String(PAPER_TRADE_DEFAULT_DAYS) as "30",
  ),
  /** Only the trades of this version of the model (the record is kept per version); all when absent. */
  version: z.optional(ModelVersionSchema),
});
export type PaperQuery = z.infer<typeof PaperQuerySchema>;

/**
 * What an Indian broker would charge on the round trip (both legs), in rupees, each order at the rates in
 * force on its day (packages/market journal/charge-rates.ts).
 */
export const TradeChargesSchema = z.object({
  brokerage: z.number(),
  /** STT on NSE, CTT on MCX, at the rate of the sell day. */
  sellTax: z.number(),
  /** Exchange transaction charges. */
  transaction: z.number(),
  /**
   * NSE's investor protection fund (IPFT) charge; 0 on MCX. Optional: charges stored before it was
   * charged lack it, and their total does not include it.
   */
  ipft: z.optional(z.number()),
  sebi: z.number(),
  stamp: z.number(),
  gst: z.number(),
  total: z.number(),
  /**
   * The rates are those as of this day (the latest rate change in force on the trade's days).
   * Optional: charges stored before the rates were dated lack it.
   */
  ratesAsOf: z.optional(DayKeySchema),
});
export type TradeCharges = z.infer<typeof TradeChargesSchema>;

/** One closed paper trade (the spec's fields first). */
export const PaperTradeSchema = z.object({
  instrument: AccessKeySchema,
  /** The model only buys: always "BUY" (of a CE or a PE, see optionType). */
  direction: SignalTypeSchema,
  entryPrice: z.number(),
  /** Epoch ms on the market clock. */
  entryTime: z.number(),
  exitPrice: z.number(),
  exitTime: z.number(),
  /** Gross: (exit − entry) × lots × lot size. */
  pnlRupees: z.number(),
  status: z.literal("closed"),
  /** The signal's id: the trade and its signal are one record. */
  id: z.string(),
  model: ModelIdSchema,
  /** The version of the model that made it (names.ts ModelVersionSchema). */
  modelVersion: ModelVersionSchema,
  symbol: MarketSymbolSchema,
  strike: z.number(),
  optionType: OptionTypeSchema,
  /** The option's expiry, YYYY-MM-DD. */
  expiry: DayKeySchema,
  lots: z.number(),
  /** The lot size in force on the trade's day. */
  lotSize: z.number(),
  closeReason: SignalCloseReasonSchema,
  /** The stop's limit (docs/models.md "Fills"); null on trades made before it was recorded. */
  stopLimit: z.nullable(z.number()),
  /** When the last traded price reached the stop's trigger; null when it never did. */
  stopTriggeredAt: z.nullable(z.number()),
  /**
   * What became of the stop (signals.ts STOP_FILLS): "filled" when it triggered, "filled-at-limit" after
   * resting (the price had gapped below its limit), "squared-off" still resting at the square-off; null when
   * it never triggered.
   */
  stopFill: z.nullable(StopFillSchema),
  /**
   * What the fills were made against (docs/models.md "Fills"): "quote", the broker's bid and ask; "model",
   * the model price with `slippageTicks` ticks of slippage each way (null on trades stored before issue
   * 19, filled at the model price itself).
   */
  fillBasis: z.enum(PRICE_SOURCES),
  slippageTicks: z.nullable(z.number()),
  /**
   * What the fills cost against their reference prices, rupees (0 on trades stored before slippage was
   * recorded).
   */
  slippage: z.number(),
  charges: TradeChargesSchema,
  netPnl: z.number(),
});
export type PaperTrade = z.infer<typeof PaperTradeSchema>;

/** A day of the journal: the spec's four fields, and the net beside the gross. */
export const PaperDayGroupSchema = z.object({
  /** The Asia/Kolkata day (YYYY-MM-DD). */
  _id: DayKeySchema,
  /** Sum of the trades' gross pnlRupees. */
  totalPnL: z.number(),
  count: z.number(),
  /** The day's trades, oldest exit first. */
  trades: z.array(PaperTradeSchema),
  totalCharges: z.number(),
  /** Sum of the trades' slippage (already inside the gross). */
  totalSlippage: z.number(),
  netPnL: z.number(),
});
export type PaperDayGroup = z.infer<typeof PaperDayGroupSchema>;

/** GET /api/paper/history?model&days: `data` is the day groups, newest first (days without trades left out). */
export const PaperHistorySchema = z.array(PaperDayGroupSchema);
export type PaperHistory = z.infer<typeof PaperHistorySchema>;

export const paperHistoryEndpoint = {
  method: "GET",
  path: "/api/paper/history",
  response: PaperHistorySchema,
} as const;

/**
 * GET /api/paper/stats?model&days: the track record of the same trades. Every figure is net of charges
 * unless named gross (packages/market journal/statistics.ts).
 */
export const PaperStatsSchema = z.object({
  model: ModelIdSchema,
  days: z.number(),
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  /** 0 to 1; null without trades. */
  winRate: z.nullable(z.number()),
  averageWin: z.nullable(z.number()),
  /** A negative number. */
  averageLoss: z.nullable(z.number()),
  profitFactor: z.nullable(z.number()),
  expectancy: z.nullable(z.number()),
  maxDrawdown: z.number(),
  bestDay: z.nullable(z.object({ day: DayKeySchema, net: z.number() })),
  worstDay: z.nullable(z.object({ day: DayKeySchema, net: z.number() })),
  gross: z.number(),
  charges: z.number(),
  /** What the fills cost against their reference prices (already inside gross). */
  slippage: z.number(),
  /** Trades whose stop triggered. */
  stopsTriggered: z.number(),
  /**
   * Of those, the stops the price gapped past: the limit was above the bid when they triggered, so they
   * rested unfilled (then filled at the limit, or were squared off).
   */
  stopsPastLimit: z.number(),
  /** Of those, the ones still resting at the square-off (sold there, below the limit). */
  stopsSquaredOff: z.number(),
  /** The latest charge-rate change the trades' charges used (YYYY-MM-DD); null without one recorded. */
  ratesAsOf: z.nullable(DayKeySchema),
  net: z.number(),
  /** One point per day with closed trades, oldest first. */
  equity: z.array(z.object({ day: DayKeySchema, net: z.number(), cumulative: z.number() })),
});
export type PaperStats = z.infer<typeof PaperStatsSchema>;

export const paperStatsEndpoint = {
  method: "GET",
  path: "/api/paper/stats",
  response: PaperStatsSchema,
} as const;

const AnalysisBucketSchema = z.object({
  /** The hour (0–23, Asia/Kolkata) or the ISO weekday (1 Monday … 7 Sunday) of the entries. */
  key: z.number(),
  trades: z.number(),
  wins: z.number(),
  net: z.number(),
  expectancy: z.number(),
});

/**
 * GET /api/paper/analytics?model&days: the journal as a teacher, over the same trades as the track record
 * (packages/market journal/analytics.ts, decision 035). Net of charges. R is the net P/L over the initial
 * risk, (entry − stop trigger) × quantity; a trade without a stop below its entry has no R and is left out
 * of the R figures only. Gated like the track record (decision 031).
 */
export const PaperAnalyticsSchema = z.object({
  model: ModelIdSchema,
  days: z.number(),
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  winRate: z.nullable(z.number()),
  /** The 95 % Wilson score interval of the win rate. */
  winRateInterval: z.nullable(z.object({ low: z.number(), high: z.number() })),
  expectancy: z.nullable(z.number()),
  expectancyR: z.nullable(z.number()),
  tradesWithoutR: z.number(),
  profitFactor: z.nullable(z.number()),
  maxDrawdown: z.object({
    rupees: z.number(),
    peakTime: z.nullable(z.number()),
    troughTime: z.nullable(z.number()),
    recoveredTime: z.nullable(z.number()),
    /** Trades from the high to the recovery (or the last trade). */
    trades: z.number(),
    /** Trading days after the high's day through the recovery's (or the last) day. */
    tradingDays: z.number(),
  }),
  longestWinningStreak: z.number(),
  longestLosingStreak: z.number(),
  averageHoldingMinutes: z.nullable(z.number()),
  medianHoldingMinutes: z.nullable(z.number()),
  slippage: z.number(),
  averageSlippage: z.nullable(z.number()),
  /** Trades whose premium's path was priced from stored minute bars (the excursions' averages are over these). */
  tradesWithExcursions: z.number(),
  /** Mean maximum adverse / favourable excursion in R. */
  averageMaeR: z.nullable(z.number()),
  averageMfeR: z.nullable(z.number()),
  /** Mean entry fill against the signal's entry zone, rupees per unit (positive: above the zone's top). */
  averageEntryVsZone: z.nullable(z.number()),
  byHour: z.array(AnalysisBucketSchema),
  byWeekday: z.array(AnalysisBucketSchema),
  /** Half-R bins; from null is the open bin below, to null the open bin above. */
  rHistogram: z.array(
    z.object({ from: z.nullable(z.number()), to: z.nullable(z.number()), count: z.number() }),
  ),
  /** Trade by trade, oldest exit first: the cumulative net and how far below its high. */
  equity: z.array(
    z.object({ time: z.number(), day: DayKeySchema, cumulative: z.number(), drawdown: z.number() }),
  ),
  perTrade: z.array(
    z.object({
      id: z.string(),
      exitTime: z.number(),
      day: DayKeySchema,
      net: z.number(),
      risk: z.nullable(z.number()),
      r: z.nullable(z.number()),
      holdingMinutes: z.number(),
      slippage: z.number(),
      /** The premium's maximum adverse / favourable excursion per unit; null when not priceable. */
      mae: z.nullable(z.number()),
      mfe: z.nullable(z.number()),
      maeR: z.nullable(z.number()),
      mfeR: z.nullable(z.number()),
      /** The entry fill against the entry zone per unit: 0 inside, + above its top, − below its bottom. */
      entryVsZone: z.nullable(z.number()),
    }),
  ),
});
export type PaperAnalytics = z.infer<typeof PaperAnalyticsSchema>;

export const paperAnalyticsEndpoint = {
  method: "GET",
  path: "/api/paper/analytics",
  response: PaperAnalyticsSchema,
} as const;

/** The query of the signed-in subscriber's own view: the period only (the models are those they follow). */
export const PaperFollowingQuerySchema = z.object({
  days: PaperQuerySchema.shape.days,
});

/**
 * The analysis of the trades of every model the signed-in user follows (open access to its instrument),
 * together; `models` names them (none: the user follows none, and the figures are of no trades).
 */
export const PaperFollowingAnalyticsSchema = z.extend(
  z.omit(PaperAnalyticsSchema, { model: true }),
  {
    models: z.array(ModelIdSchema),
  },
);
export type PaperFollowingAnalytics = z.infer<typeof PaperFollowingAnalyticsSchema>;

export const paperFollowingAnalyticsEndpoint = {
  method: "GET",
  path: "/api/paper/analytics/following",
  response: PaperFollowingAnalyticsSchema,
} as const;

/**
 * GET /api/paper/history.csv?model&days: the same trades as text/csv (UTF-8, a header row, one trade per
 * row, oldest first), sent as an attachment named `kalpa-journal-<model slug>-<days>d-<today>.csv`.
 */
export const PAPER_CSV_PATH = "/api/paper/history.csv";
export const PAPER_CSV_COLUMNS = [
  "day",
  "model",
  "model_version",
  "instrument",
  "contract",
  "direction",
  "lots",
  "lot_size",
  "entry_time",
  "entry_price",
  "exit_time",
  "exit_price",
  "close_reason",
  "stop_limit",
  "stop_triggered_at",
  "stop_fill",
  "fill_basis",
  "slippage_ticks",
  "slippage",
  "gross_pnl",
  "charges",
  "net_pnl",
  "rates_as_of",
] as const;

/** A day's published head: the hash of the day's last ledger entry when it was published. */
export const LedgerHeadSchema = z.object({
  day: DayKeySchema,
  seq: z.number(),
  hash: z.string(),
  publishedAt: z.number(),
});
export type LedgerHead = z.infer<typeof LedgerHeadSchema>;

export const LEDGER_BREAK_REASONS = [
  "edited",
  "missing",
  "relinked",
  "unpublished",
  "signature",
] as const;

/**
 * GET /api/ledger/verify (public): the chain recomputed from its first entry against the published heads,
 * and each head's Ed25519 signature checked with the served key. ok false names the first break: the entry
 * (seq) where what is stored stops being what was written, or whose published head is not validly signed
 * ("signature"; the detail names the day).
 */
export const LedgerVerdictSchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  head: z.nullable(z.object({ seq: z.number(), hash: z.string() })),
  headsChecked: z.number(),
  firstBreak: z.nullable(
    z.object({
      seq: z.number(),
      reason: z.enum(LEDGER_BREAK_REASONS),
      detail: z.string(),
    }),
  ),
  /** The latest published day head, shown on the journal. */
  latestHead: z.nullable(LedgerHeadSchema),
  checkedAt: z.number(),
});
export type LedgerVerdict = z.infer<typeof LedgerVerdictSchema>;

export const ledgerVerifyEndpoint = {
  method: "GET",
  path: "/api/ledger/verify",
  response: LedgerVerdictSchema,
} as const;
