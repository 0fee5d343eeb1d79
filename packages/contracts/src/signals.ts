/**
 * Signal vocabulary that crosses the wire (spec sections 3 and 7): option types, the model's suggestion,
 * and where a signal is in its lifecycle. The signal's full payload schema comes with the server's
 * new-signal and signal-update events.
 */
import * as z from "zod/mini";
import { AccessKeySchema, MarketSymbolSchema, ModelIdSchema } from "./names";

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
  /** Risk Marker. */
  stopLoss: z.number(),
  status: SignalStatusSchema,
  ltp: z.nullable(z.number()),
  entryPrice: z.nullable(z.number()),
  entryTime: z.nullable(z.number()),
  exitPrice: z.nullable(z.number()),
  exitTime: z.nullable(z.number()),
  closeReason: z.nullable(SignalCloseReasonSchema),
  pnlPoints: z.nullable(z.number()),
  pnl: z.nullable(z.number()),
  /** Why the model fired, quoting the indicator values (educational). */
  reason: z.string(),
  updatedAt: z.number(),
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
    updatedAt: true,
  }),
);
export type SignalChangesWire = z.infer<typeof SignalChangesSchema>;

/** new-signal: the whole signal, keyed by model; replaces that model's signal on the screen. */
export const NewSignalPayloadSchema = z.object({ model: ModelIdSchema, signal: SignalSchema });
export type NewSignalPayload = z.infer<typeof NewSignalPayloadSchema>;

/** signal-update: the changed fields of the model's current signal (ignored if `id` is not the one shown). */
export const SignalUpdatePayloadSchema = z.object({
  model: ModelIdSchema,
  id: z.string(),
  changes: SignalChangesSchema,
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
