/**
 * Signal vocabulary that crosses the wire (spec sections 3 and 7): option types, the model's suggestion,
 * and where a signal is in its lifecycle. The signal's full payload schema comes with the server's
 * new-signal and signal-update events.
 */
import * as z from "zod/mini";
import { ALERT_CHANNELS } from "./api/alerts";
import { LedgerRefSchema } from "./ledger-ref";
import { AccessKeySchema, MarketSymbolSchema, ModelIdSchema, ModelVersionSchema } from "./names";

/** CE: a call; PE: a put. */
export const OPTION_TYPES = ["CE", "PE"] as const;
export const OptionTypeSchema = z.enum(OPTION_TYPES);
export type OptionType = z.infer<typeof OptionTypeSchema>;

/** The model's suggestion ("type" on the card); the models only buy options. */
export const SIGNAL_TYPES = ["BUY"] as const;
export const SignalTypeSchema = z.enum(SIGNAL_TYPES);
export type SignalType = z.infer<typeof SignalTypeSchema>;

/**
 * generated: waiting for the premium to enter the entry zone; triggered: entered (the paper trade is
 * open); closed: exited at target, stop, end of day or expiry; cancelled: never entered by the day's end.
 */
export const SIGNAL_STATUSES = ["generated", "triggered", "closed", "cancelled"] as const;
export const SignalStatusSchema = z.enum(SIGNAL_STATUSES);
export type SignalStatus = z.infer<typeof SignalStatusSchema>;

/** Why a triggered signal closed. */
export const SIGNAL_CLOSE_REASONS = ["target", "stop", "eod", "expiry"] as const;
export const SignalCloseReasonSchema = z.enum(SIGNAL_CLOSE_REASONS);
export type SignalCloseReason = z.infer<typeof SignalCloseReasonSchema>;

/**
 * How a paper trade's stop filled (docs/models.md "Fills"). The stop is a stop-loss-limit order (NSE refuses
 * stop-loss-market orders in options): it triggers when the last traded price reaches the Risk Marker and
 * sells no lower than its limit, a buffer below it.
 * - filled: sold when it triggered, at the bid, which was at or above the limit;
 * - resting: triggered, but the price had gapped below the limit: the order rests unfilled, the trade open;
 * - filled-at-limit: it rested, then sold at its limit when the bid came back to it;
 * - squared-off: it rested until the square-off, which sold the trade at the bid, below the limit.
 */
export const STOP_FILLS = ["filled", "resting", "filled-at-limit", "squared-off"] as const;
export const StopFillSchema = z.enum(STOP_FILLS);
export type StopFill = z.infer<typeof StopFillSchema>;

/**
 * What became of a signal's stop; null while it has not triggered, and on signals made before the stop
 * was recorded (their stop was a stop-loss-market order).
 */
export function stopFillOf(signal: {
  readonly status: SignalStatus;
  readonly closeReason: SignalCloseReason | null;
  readonly stopTriggeredAt?: number | null | undefined;
  readonly stopRested?: boolean | undefined;
}): StopFill | null {
  if (signal.stopTriggeredAt === null || signal.stopTriggeredAt === undefined) return null;
  if (!signal.stopRested) return "filled";
  if (signal.status !== "closed") return "resting";
  return signal.closeReason === "stop" ? "filled-at-limit" : "squared-off";
}

/** Where a signal's prices come from (see SignalSchema.priceSource). */
export const PRICE_SOURCES = ["quote", "model"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The transitions of a signal that are recorded (and hashed into the ledger); a price alone is not. */
export const SIGNAL_TRANSITIONS = [
  "generated",
  "triggered",
  "stop-resting",
  "closed",
  "cancelled",
] as const;
export const SignalTransitionSchema = z.enum(SIGNAL_TRANSITIONS);
export type SignalTransition = z.infer<typeof SignalTransitionSchema>;

/**
 * One alert channel's sends of a transition (every subscriber's device, chat or inbox): the first and the
 * last, real time (epoch ms), and how many were sent.
 */
export const ChannelSendsSchema = z.object({
  channel: z.enum(ALERT_CHANNELS),
  firstAt: z.number(),
  lastAt: z.number(),
  count: z.number(),
});
export type ChannelSends = z.infer<typeof ChannelSendsSchema>;

/**
 * A transition's place in the ledger and its latency stamps. `tickAt` is the market time (the market
 * clock's epoch ms) of the tick, bar close or clock reading that decided it; `decidedAfterMs` how long
 * after it the engine decided, on the market clock scaled to real time; `decidedAt`, `committedAt` (the
 * transaction holding the transition and its ledger entry returned) and the sends are real time (epoch
 * ms), so each is measured from `decidedAt`. Null where a transition recorded before the stamps were kept
 * (or by the demo journal) has none; `sends` grows as the alert queue sends.
 */
export const TransitionTimingSchema = z.object({
  event: SignalTransitionSchema,
  ledger: z.nullable(LedgerRefSchema),
  tickAt: z.nullable(z.number()),
  decidedAt: z.nullable(z.number()),
  decidedAfterMs: z.nullable(z.number()),
  committedAt: z.nullable(z.number()),
  sends: z.array(ChannelSendsSchema),
});
export type TransitionTiming = z.infer<typeof TransitionTimingSchema>;

/**
 * A signal as it crosses the wire (new-signal, GET /api/signals/current): a model's suggestion to buy one
 * option contract and, once triggered, its paper trade. Prices are premiums per unit in rupees; `pnl` is
 * gross rupees with the lot size and lots applied (the card's Result & Counter). Times are epoch ms on the
 * market clock (simulated or real).
 */
export const SignalSchema = z.object({
  id: z.string(),
  model: ModelIdSchema,
  /** The model's name on the card: KalpaVruksha, HFT or Yamuna. */
  name: z.string(),
  /**
   * The version of the model that made it (ModelVersionSchema): a hash of its parameters and code, "manual"
   * for the operator's manual signal, "before-versions" for signals made before versions were recorded.
   */
  modelVersion: ModelVersionSchema,
  instrument: AccessKeySchema,
  symbol: MarketSymbolSchema,
  /** The Asia/Kolkata trading day the signal belongs to. */
  day: z.string(),
  generatedAt: z.number(),
  expiry: z.string(),
  strike: z.number(),
  optionType: OptionTypeSchema,
  type: SignalTypeSchema,
  lotSize: z.number(),
  lots: z.number(),
  /** The premium when the model decided, and per lot. */
  premium: z.number(),
  premiumPerLot: z.number(),
  /** Initiated Zone. */
  entryLow: z.number(),
  entryHigh: z.number(),
  /** Projected Zone. */
  target: z.number(),
  /** Risk Marker: the stop's trigger. */
  stopLoss: z.number(),
  /**
   * The stop's limit, a buffer below the trigger (PAPER_STOP_LIMIT_PERCENT, fixed when the signal is made):
   * the lowest price the stop sells at. Null or absent on signals made before it was recorded (their stop
   * sold at any bid, as a stop-loss-market order).
   */
  stopLimit: z.optional(z.nullable(z.number())),
  /** When the last traded price reached the stop's trigger; null until then (see stopFillOf). */
  stopTriggeredAt: z.optional(z.nullable(z.number())),
  /**
   * The price had gapped below the limit when the stop triggered: the order rested unfilled (it stays true
   * after it fills at its limit or the trade is squared off). Absent on older signals (false).
   */
  stopRested: z.optional(z.boolean()),
  status: SignalStatusSchema,
  ltp: z.nullable(z.number()),
  entryPrice: z.nullable(z.number()),
  entryTime: z.nullable(z.number()),
  exitPrice: z.nullable(z.number()),
  exitTime: z.nullable(z.number()),
  closeReason: z.nullable(SignalCloseReasonSchema),
  pnlPoints: z.nullable(z.number()),
  pnl: z.nullable(z.number()),
  /**
   * Where the premium, the LTP and the P&L come from, fixed when the signal is made: "quote", the
   * contract's own quotes from a broker's feed; "model", the option pricer's value from the underlying (the
   * simulator, a replay, or a broker feed with no fresh trade of the contract). Absent on signals made
   * before it was recorded (model prices). The card says which.
   */
  priceSource: z.optional(z.enum(PRICE_SOURCES)),
  /**
   * How the paper trade fills (docs/models.md "Fills"): null with priceSource "quote", at the broker's bid
   * and ask; a number with "model", that many ticks of slippage around the model price. Null or absent on
   * signals made before it was recorded (model prices, no slippage).
   */
  slippageTicks: z.optional(z.nullable(z.number())),
  /** What the fills cost against their reference prices, rupees for the position; null before entry. */
  slippage: z.optional(z.nullable(z.number())),
  /** Why the model fired, quoting the indicator values (educational). */
  reason: z.string(),
  updatedAt: z.number(),
  /**
   * Its recorded transitions so far, oldest first, each with its ledger entry and latency stamps (absent
   * where the server does not read them).
   */
  timing: z.optional(z.array(TransitionTimingSchema)),
});
export type SignalWire = z.infer<typeof SignalSchema>;

/** The fields a signal-update may carry. */
export const SignalChangesSchema = z.partial(
  z.pick(SignalSchema, {
    status: true,
    ltp: true,
    entryPrice: true,
    entryTime: true,
    exitPrice: true,
    exitTime: true,
    closeReason: true,
    pnlPoints: true,
    pnl: true,
    slippage: true,
    stopTriggeredAt: true,
    stopRested: true,
    updatedAt: true,
  }),
);
export type SignalChangesWire = z.infer<typeof SignalChangesSchema>;

/**
 * new-signal: the whole signal, keyed by model; replaces that model's signal on the screen. Its `timing`
 * holds the "generated" transition's ledger entry and stamps, as committed before it was sent.
 */
export const NewSignalPayloadSchema = z.object({ model: ModelIdSchema, signal: SignalSchema });
export type NewSignalPayload = z.infer<typeof NewSignalPayloadSchema>;

/**
 * signal-update: the changed fields of the model's current signal (ignored if `id` is not the one shown).
 * A transition (not a price alone) carries `transition`: its ledger entry and stamps, as committed before
 * it was sent.
 */
export const SignalUpdatePayloadSchema = z.object({
  model: ModelIdSchema,
  id: z.string(),
  changes: SignalChangesSchema,
  transition: z.optional(TransitionTimingSchema),
});
export type SignalUpdatePayload = z.infer<typeof SignalUpdatePayloadSchema>;

/** market-day-reset: a trading day started on an exchange; screens clear their signals. */
export const MarketDayResetPayloadSchema = z.object({
  day: z.string(),
  exchange: z.enum(["NSE", "MCX"]),
});
export type MarketDayResetPayload = z.infer<typeof MarketDayResetPayloadSchema>;

/** GET /api/signals/current: the latest signal of each model the user may see (null: none yet today). */
export const CurrentSignalsSchema = z.object({
  signals: z.array(z.object({ model: ModelIdSchema, signal: z.nullable(SignalSchema) })),
});
export type CurrentSignals = z.infer<typeof CurrentSignalsSchema>;

export const currentSignalsEndpoint = {
  method: "GET",
  path: "/api/signals/current",
  response: CurrentSignalsSchema,
} as const;

/**
 * GET /api/signals/:id/chart (the signal's instrument's access, as the signal itself): the traded option's
 * premium in 1-minute candles from the minute the signal was generated to its exit (or now), for the live
 * chart beside the entry, target and stop lines. The underlying's candles come from GET /api/market/bars.
 * A candle's `time` is the epoch ms at which its minute starts on the market clock. Live screens extend the
 * last candle with each signal-update's `ltp`.
 */
export const OptionCandleSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type OptionCandle = z.infer<typeof OptionCandleSchema>;

export const SignalChartSchema = z.object({
  id: z.string(),
  model: ModelIdSchema,
  /** The contract as a trader writes it, e.g. "BANKNIFTY 25 NOV 2026 52000 CE". */
  contract: z.string(),
  candles: z.array(OptionCandleSchema),
});
export type SignalChart = z.infer<typeof SignalChartSchema>;

export const signalChartEndpoint = {
  method: "GET",
  path: "/api/signals/:id/chart",
  response: SignalChartSchema,
} as const;
export const signalChartPath = (id: string) => `/api/signals/${encodeURIComponent(id)}/chart`;

/**
 * GET /api/signals/:id/payoff (the signal's instrument's access, as its chart): the P&L of the signal's
 * position (rupees, net of the round trip's charges) over a range of the underlying, at expiry and today
 * with the time left (the engine's model price on the fitted volatility surface), with its break-even at
 * expiry, maximum loss, and the underlying levels at which today's model price equals the entry zone, the
 * target and the stop (null where none is found). Priced at `at` on the market clock, with the underlying
 * at `underlying` (the latest stored minute's close, else the price when the signal was made).
 */
export const PayoffPointSchema = z.object({
  underlying: z.number(),
  pnlAtExpiry: z.number(),
  pnlToday: z.number(),
});
export type PayoffPoint = z.infer<typeof PayoffPointSchema>;

export const SignalPayoffSchema = z.object({
  id: z.string(),
  model: ModelIdSchema,
  contract: z.string(),
  optionType: OptionTypeSchema,
  strike: z.number(),
  at: z.number(),
  underlying: z.number(),
  /** Premium per unit paid: the entry price once entered, before that the top of the entry zone. */
  premiumPaid: z.number(),
  premiumFrom: z.enum(["entry", "entry-zone"]),
  quantity: z.number(),
  msToExpiry: z.number(),
  volatility: z.number(),
  breakEven: z.number(),
  breakEvenAfterCharges: z.number(),
  maxLoss: z.number(),
  charges: z.number(),
  levels: z.object({
    entryLow: z.nullable(z.number()),
    entryHigh: z.nullable(z.number()),
    target: z.nullable(z.number()),
    stopLoss: z.nullable(z.number()),
  }),
  points: z.array(PayoffPointSchema),
  /** The P&L at the underlying now, the break-even and each level found, for the chart's markers. */
  marks: z.array(
    z.object({
      kind: z.enum(["now", "break-even", "entry-low", "entry-high", "target", "stop"]),
      underlying: z.number(),
      pnlAtExpiry: z.number(),
      pnlToday: z.number(),
    }),
  ),
});
export type SignalPayoff = z.infer<typeof SignalPayoffSchema>;

export const signalPayoffEndpoint = {
  method: "GET",
  path: "/api/signals/:id/payoff",
  response: SignalPayoffSchema,
} as const;
export const signalPayoffPath = (id: string) => `/api/signals/${encodeURIComponent(id)}/payoff`;

/**
 * The strike grid of each model's instrument (market-facts.md: NIFTY 50, BANKNIFTY 100, CRUDEOIL 50);
 * packages/market's option-underlyings test holds these to its instrument table.
 */
export const STRIKE_STEPS: Readonly<Record<z.infer<typeof ModelIdSchema>, number>> = {
  "BankNifty:KalpaVruksha": 100,
  "BankNifty:HFT": 100,
  "Nifty:KalpaVruksha": 50,
  "CrudeOil:Yamuna": 50,
};
export const MANUAL_SIGNAL_MAX_LOTS = 50;

const premiumField = (name: string) =>
  z
    .number({ error: `${name} must be a premium in rupees.` })
    .check(
      z.positive(`${name} must be above 0.`),
      z.maximum(1_000_000, `${name} must be at most 10,00,000.`),
    );

/**
 * POST /api/paper/signal (admin only): a manual signal for one model, entering the same lifecycle as the
 * model's own signals. BUY only: target above the entry zone, stop below it. The contract's expiry and lot
 * size are the ones the model would trade at that instant (the engine sets them), and the entry zone must be
 * near the option's current premium when the engine prices it (409 otherwise, with the premium).
 */
export const ManualSignalSchema = z
  .object({
    model: ModelIdSchema,
    optionType: OptionTypeSchema,
    strike: z
      .number({ error: "Strike must be a number." })
      .check(z.positive("Strike must be above 0.")),
    entryLow: premiumField("Entry zone low"),
    entryHigh: premiumField("Entry zone high"),
    target: premiumField("Target"),
    stopLoss: premiumField("Stop loss"),
    lots: z.optional(
      z
        .number({ error: "Lots must be a whole number." })
        .check(
          z.int("Lots must be a whole number."),
          z.minimum(1, "Lots must be at least 1."),
          z.maximum(MANUAL_SIGNAL_MAX_LOTS, `Lots must be at most ${MANUAL_SIGNAL_MAX_LOTS}.`),
        ),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      const step = STRIKE_STEPS[value.model];
      if (value.strike % step !== 0) {
        ctx.addIssue({
          code: "custom",
          path: ["strike"],
          message: `Strike must be a multiple of ${step} for ${value.model}.`,
        });
      }
      if (value.entryLow > value.entryHigh) {
        ctx.addIssue({
          code: "custom",
          path: ["entryHigh"],
          message: "Entry zone high must be at least entry zone low.",
        });
      }
      if (!(value.target > value.entryHigh)) {
        ctx.addIssue({
          code: "custom",
          path: ["target"],
          message: "A BUY's target must be above the entry zone high.",
        });
      }
      if (!(value.stopLoss < value.entryLow)) {
        ctx.addIssue({
          code: "custom",
          path: ["stopLoss"],
          message: "A BUY's stop loss must be below the entry zone low.",
        });
      }
    }),
  );
export type ManualSignal = z.infer<typeof ManualSignalSchema>;

/** 201: the signal as recorded (committed, then sent as new-signal). */
export const ManualSignalResultSchema = z.object({ signal: SignalSchema });

export const manualSignalEndpoint = {
  method: "POST",
  path: "/api/paper/signal",
  body: ManualSignalSchema,
  response: ManualSignalResultSchema,
} as const;

/**
 * POST /api/paper/force-eod-close (admin only): squares off every open signal now (a waiting one is
 * cancelled); `changed` counts them, and the message says so ("N signal(s) squared off."). 503 with no engine.
 */
export const ForceEodCloseResultSchema = z.object({ changed: z.number() });

export const forceEodCloseEndpoint = {
  method: "POST",
  path: "/api/paper/force-eod-close",
  response: ForceEodCloseResultSchema,
} as const;

/**
 * GET /api/admin/signals (admin only): the operator console's view of the engine. `day` is the market
 * clock's trading day (Asia/Kolkata); `signals` has every model, in MODEL_IDS order, with its latest signal
 * of that day (null: none yet). `engineRunning`: true when the answering process runs the engine, false when
 * no process can (a single process without it), null when another process of a cluster may run it (this one
 * cannot tell without asking; a square-off or manual signal will say).
 */
export const AdminSignalsSchema = z.object({
  day: z.string(),
  engineRunning: z.nullable(z.boolean()),
  signals: z.array(z.object({ model: ModelIdSchema, signal: z.nullable(SignalSchema) })),
});
export type AdminSignals = z.infer<typeof AdminSignalsSchema>;

export const adminSignalsEndpoint = {
  method: "GET",
  path: "/api/admin/signals",
  response: AdminSignalsSchema,
} as const;

/**
 * A model's decision-to-send over its record: for each of its recorded transitions that some subscriber
 * was alerted of, the time from the engine's decision to the first send on any channel. The median and
 * the 99th percentile (nearest rank, ms); null without any such transition.
 */
export const DecisionToSendSchema = z.object({
  model: ModelIdSchema,
  /** The transitions measured. */
  count: z.number(),
  p50Ms: z.nullable(z.number()),
  p99Ms: z.nullable(z.number()),
});
export type DecisionToSend = z.infer<typeof DecisionToSendSchema>;

/** GET /api/signals/latency (public, like the model cards): each model's decision-to-send, MODEL_IDS order. */
export const SignalLatencySchema = z.object({ models: z.array(DecisionToSendSchema) });
export type SignalLatency = z.infer<typeof SignalLatencySchema>;
export const signalLatencyEndpoint = {
  method: "GET",
  path: "/api/signals/latency",
  response: SignalLatencySchema,
} as const;
