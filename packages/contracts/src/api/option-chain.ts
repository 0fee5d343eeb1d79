/**
 * The option chain beside a live signal (issue 37, decision 036): ten strikes either side of the signal's
 * strike (the at-the-money strike when the instrument has no signal today), calls and puts, with last
 * price, bid, ask, implied volatility and greeks (theta per day, vega per volatility point). `source`
 * "model": the model's prices and greeks (the simulator and replays); "broker": a broker's quotes where
 * the feed has them (each side says whether it is quoted), the model's elsewhere. Open interest and its
 * change are null where the feed does not give them.
 *
 * GET /api/signals/chain?instrument=nifty answers it; while a socket is in the instrument's room the server
 * sends the same shape as option-chain-update at most once a second.
 */
import * as z from "zod/mini";
import { DayKeySchema, InstrumentSlugSchema, MarketSymbolSchema, ModelIdSchema } from "../names";
import { OptionTypeSchema } from "../signals";

export const CHAIN_SOURCES = ["model", "broker"] as const;
export const ChainSourceSchema = z.enum(CHAIN_SOURCES);
export type ChainSource = z.infer<typeof ChainSourceSchema>;

export const ChainSideSchema = z.object({
  ltp: z.number(),
  bid: z.nullable(z.number()),
  ask: z.nullable(z.number()),
  /** Annualised decimal (0.12 = 12 %). */
  iv: z.number(),
  delta: z.number(),
  gamma: z.number(),
  theta: z.number(),
  vega: z.number(),
  oi: z.nullable(z.number()),
  oiChange: z.nullable(z.number()),
  /** A broker's quote (else the model's price). */
  quoted: z.boolean(),
});
export type ChainSide = z.infer<typeof ChainSideSchema>;

export const ChainRowSchema = z.object({
  strike: z.number(),
  call: ChainSideSchema,
  put: ChainSideSchema,
});
export type ChainRow = z.infer<typeof ChainRowSchema>;

export const OptionChainSchema = z.object({
  instrument: InstrumentSlugSchema,
  symbol: MarketSymbolSchema,
  expiry: DayKeySchema,
  /** Market time the chain was priced at (epoch ms). */
  at: z.number(),
  source: ChainSourceSchema,
  underlying: z.number(),
  forward: z.number(),
  atmStrike: z.number(),
  strikeStep: z.number(),
  /** The contract of the instrument's signal the chain is centred on; null: centred at the money. */
  signal: z.nullable(
    z.object({ model: ModelIdSchema, strike: z.number(), optionType: OptionTypeSchema }),
  ),
  volatility: z.object({
    /** What the figure is: the instrument's own at-the-money IV (India VIX is not on any feed we read). */
    label: z.string(),
    value: z.number(),
    /** "broker": the at-the-money quotes' IVs; "model": the model surface's. */
    source: ChainSourceSchema,
    /** 0–100 among the daily at-the-money IVs recorded over the last year; null with fewer than 20. */
    percentile: z.nullable(z.number()),
    /** The days recorded over the last year (atm_iv_daily) the percentile is taken over. */
    historyDays: z.number(),
    note: z.nullable(z.string()),
  }),
  rows: z.array(ChainRowSchema),
});
export type OptionChainPayload = z.infer<typeof OptionChainSchema>;

export const optionChainEndpoint = {
  method: "GET",
  path: "/api/signals/chain",
  response: OptionChainSchema,
} as const;

export const optionChainPath = (instrument: string) =>
  `/api/signals/chain?instrument=${encodeURIComponent(instrument)}`;

/** The socket event carrying a fresh chain to an instrument's room. */
export const OPTION_CHAIN_EVENT = "option-chain-update";
/** At most one chain a second per instrument room: what a person can read. */
export const OPTION_CHAIN_INTERVAL_MS = 1000;
