/**
 * The signal lifecycle, a pure state machine. Every transition takes a signal and returns the new signal
 * with the fields that changed (for the server to persist, then broadcast as signal-update).
 *
 *   generated ──premium enters the entry zone──▶ triggered ──target / stop / square-off──▶ closed
 *       └────────────────never entered by the square-off───────────────────────────────▶ cancelled
 *
 * Prices arrive as option price updates: a single trade (open = high = low = price) or a bar's range.
 *
 * - Trigger: an update whose range meets the entry zone [entryLow, entryHigh]. The entry price is the
 *   update's last price held inside the zone (a bar that passed through the zone and closed above it
 *   enters at entryHigh, below it at entryLow); the entry time is the update's time. A price that jumps
 *   over the zone without a price inside it does not trigger. On the triggering update only its last
 *   price is checked against the target and stop (what happened inside that bar before the entry is not
 *   known).
 * - Target and stop: the stop is hit when the update's low is at or below the stop, the target when its
 *   high is at or above the target. When one update reaches both, the stop is taken (the conservative
 *   reading: the order of the two inside the update is not known). The exit price is the level itself,
 *   unless the update opened beyond it (a gap): then the observed opening price. A single trade beyond a
 *   level exits at that trade's price.
 * - Square-off: at `squareOffAt` (NSE 15:15, MCX 23:30 by default) an open trade closes at the last price
 *   (reason "expiry" on the contract's expiry day, "eod" otherwise) and a signal still waiting is
 *   cancelled. An update stamped exactly at the square-off counts (its range, then its last price as the
 *   exit); one stamped later only squares off at the price seen before.
 * - LTP and P/L: every update sets the LTP; while triggered, pnlPoints = LTP − entry and
 *   pnl = pnlPoints × lot size × lots (gross rupees); after the close, on the exit price.
 */
import type { SignalCloseReason } from "@kalpa/contracts/signals";
import { isActive, type Signal, type SignalChanges, type SignalIntent } from "./signal";

export interface OptionPriceUpdate {
  /** When the last price was observed (epoch ms); for a bar, its end. */
  readonly time: number;
  /** The last price. */
  readonly price: number;
  /** For a bar: its first, highest and lowest prices (each defaults to `price`). */
  readonly open?: number;
  readonly high?: number;
  readonly low?: number;
}

export type TransitionEvent = "none" | "ltp" | "triggered" | "closed" | "cancelled";

export interface Transition {
  readonly signal: Signal;
  /** Only the fields whose values changed; empty when nothing did. */
  readonly changes: SignalChanges;
  readonly event: TransitionEvent;
}

export interface NewSignalOptions {
  readonly id: string;
  readonly day: Signal["day"];
  readonly squareOffAt: number;
  /** Lots traded (default 1). */
  readonly lots?: number;
}

/** A freshly generated signal from a model's intent. */
export function createSignal(intent: SignalIntent, options: NewSignalOptions): Signal {
  const lots = options.lots ?? 1;
  if (!Number.isInteger(lots) || lots < 1) throw new RangeError("lots must be a whole number ≥ 1");
  if (!(intent.target > intent.entryHigh && intent.entryHigh >= intent.entryLow)) {
    throw new RangeError("a BUY needs target > entry zone");
  }
  if (!(intent.entryLow > intent.stopLoss)) throw new RangeError("a BUY needs entry zone > stop");
  return {
    ...intent,
    id: options.id,
    day: options.day,
    squareOffAt: options.squareOffAt,
    lots,
    status: "generated",
    ltp: null,
    entryPrice: null,
    entryTime: null,
    exitPrice: null,
    exitTime: null,
    closeReason: null,
    pnlPoints: null,
    pnl: null,
    updatedAt: intent.generatedAt,
  };
}

/**
 * The fields of MUTABLE_SIGNAL_FIELDS whose values differ. Spelled out field by field: this runs on every
 * tick of an open trade, and a loop over the names makes every property read a slow keyed lookup.
 */
function changesBetween(before: Signal, after: Signal): SignalChanges | undefined {
  const c: { -readonly [K in keyof SignalChanges]: SignalChanges[K] } = {};
  if (before.status !== after.status) c.status = after.status;
  if (before.ltp !== after.ltp) c.ltp = after.ltp;
  if (before.entryPrice !== after.entryPrice) c.entryPrice = after.entryPrice;
  if (before.entryTime !== after.entryTime) c.entryTime = after.entryTime;
  if (before.exitPrice !== after.exitPrice) c.exitPrice = after.exitPrice;
  if (before.exitTime !== after.exitTime) c.exitTime = after.exitTime;
  if (before.closeReason !== after.closeReason) c.closeReason = after.closeReason;
  if (before.pnlPoints !== after.pnlPoints) c.pnlPoints = after.pnlPoints;
  if (before.pnl !== after.pnl) c.pnl = after.pnl;
  if (before.updatedAt !== after.updatedAt) c.updatedAt = after.updatedAt;
  return Object.keys(c).length > 0 ? c : undefined;
}

function transition(before: Signal, after: Signal, event: TransitionEvent): Transition {
  const changes = changesBetween(before, after);
  return changes
    ? { signal: after, changes, event }
    : { signal: before, changes: {}, event: "none" };
}

/**
 * To the paisa. Premiums are multiples of the tick and lots whole numbers, so the exact figures are whole
 * paise and plain rounding only removes binary-fraction noise (this runs on every tick of an open trade).
 */
function paise(value: number): number {
  return Math.round(value * 100) / 100;
}

function pnlPoints(price: number, entry: number): number {
  return paise(price - entry);
}

function pnlOf(signal: Signal, points: number): number {
  return paise(points * signal.lotSize * signal.lots);
}

function close(signal: Signal, price: number, time: number, reason: SignalCloseReason): Signal {
  const entry = signal.entryPrice ?? price;
  return {
    ...signal,
    status: "closed",
    ltp: price,
    exitPrice: price,
    exitTime: time,
    closeReason: reason,
    updatedAt: time,
    pnlPoints: pnlPoints(price, entry),
    pnl: pnlOf(signal, pnlPoints(price, entry)),
  };
}

/** Where the update leaves a triggered trade: still open, or closed at a level. */
function exitOf(
  signal: Signal,
  open: number,
  high: number,
  low: number,
): { price: number; reason: SignalCloseReason } | undefined {
  if (low <= signal.stopLoss) return { price: Math.min(open, signal.stopLoss), reason: "stop" };
  if (high >= signal.target) return { price: Math.max(open, signal.target), reason: "target" };
  return undefined;
}

function squareOffReason(signal: Signal): SignalCloseReason {
  return signal.day === signal.expiry ? "expiry" : "eod";
}

/** The signal at the square-off: an open trade closes at `price`, a waiting one is cancelled. */
function squareOff(signal: Signal, time: number, price: number | null): Transition {
  if (signal.status === "generated") {
    return transition(signal, { ...signal, status: "cancelled", updatedAt: time }, "cancelled");
  }
  const last = price ?? signal.ltp ?? signal.entryPrice ?? 0;
  return transition(signal, close(signal, last, time, squareOffReason(signal)), "closed");
}

/** The time the signal must be squared off by: the square-off, or the contract's expiry if sooner. */
function deadline(signal: Signal): number {
  return Math.min(signal.squareOffAt, signal.expiresAt);
}

/** Applies an option price update. */
export function applyPrice(signal: Signal, update: OptionPriceUpdate): Transition {
  if (!isActive(signal)) return transition(signal, signal, "none");
  if (update.time > deadline(signal)) return applyTime(signal, update.time);
  const { price, time } = update;
  const open = update.open ?? price;
  const high = Math.max(update.high ?? price, open, price);
  const low = Math.min(update.low ?? price, open, price);
  let next: Signal;
  let event: TransitionEvent = "ltp";

  if (signal.status === "triggered") {
    const exit = exitOf(signal, open, high, low);
    if (exit) return transition(signal, close(signal, exit.price, time, exit.reason), "closed");
    const points = pnlPoints(price, signal.entryPrice ?? price);
    next = {
      ...signal,
      ltp: price,
      updatedAt: time,
      pnlPoints: points,
      pnl: pnlOf(signal, points),
    };
  } else if (low <= signal.entryHigh && high >= signal.entryLow) {
    const entryPrice = Math.min(signal.entryHigh, Math.max(signal.entryLow, price));
    const points = pnlPoints(price, entryPrice);
    next = {
      ...signal,
      status: "triggered",
      ltp: price,
      updatedAt: time,
      entryPrice,
      entryTime: time,
      pnlPoints: points,
      pnl: pnlOf(signal, points),
    };
    event = "triggered";
    // Only the last price of the triggering update can close the trade.
    const exit = exitOf(next, price, price, price);
    if (exit) return transition(signal, close(next, exit.price, time, exit.reason), "closed");
  } else {
    next = { ...signal, ltp: price, updatedAt: time };
  }
  if (time >= deadline(next)) {
    const squared = squareOff(next, time, price);
    return transition(signal, squared.signal, squared.event);
  }
  return transition(signal, next, event);
}

/** Applies the passing of time: the square-off (or the expiry) once `now` reaches it. */
export function applyTime(signal: Signal, now: number): Transition {
  if (!isActive(signal) || now < deadline(signal)) return transition(signal, signal, "none");
  return squareOff(signal, deadline(signal), null);
}

/**
 * Closes an open trade now at `price` (or the last price) and cancels a waiting signal: the operator's
 * force-eod-close. The reason is the day's square-off reason.
 */
export function forceSquareOff(signal: Signal, now: number, price?: number): Transition {
  if (!isActive(signal)) return transition(signal, signal, "none");
  return squareOff(signal, now, price ?? null);
}
