/**
 * Signal vocabulary that crosses the wire (spec sections 3 and 7): option types, the model's suggestion,
 * and where a signal is in its lifecycle. The signal's full payload schema comes with the server's
 * new-signal and signal-update events.
 */
import * as z from "zod/mini";

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
