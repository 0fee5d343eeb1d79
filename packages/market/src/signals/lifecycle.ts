/**
 * The signal lifecycle, a pure state machine. Every transition takes a signal and returns the new signal
 * with the fields that changed (for the server to persist, then broadcast as signal-update).
 *
 *   generated ──the ask enters the entry zone──▶ triggered ──target / stop / square-off──▶ closed
 *       └────────────────never entered by the square-off───────────────────────────────▶ cancelled
 *
 * The paper trade fills as orders at a broker would (docs/models.md, "Fills"). Prices arrive as updates:
 * a broker's quote of the contract (last price, best bid and best ask) or the model's price of it (a
 * single price or a bar's range). A model price has no book, so the lifecycle puts one around it: the ask
 * `slippageTicks` ticks above the price, the bid as far below (one tick against the trader by default).
 *
 * - Entry, a limit order inside the Initiated Zone: fills when the ask is inside [entryLow, entryHigh], at
 *   the ask. A model bar whose ask range crosses the zone fills at its last ask held inside the zone. An
 *   ask that jumps over the zone does not fill. On the filling update only its last bid is checked
 *   against the target and the stop.
 * - Target, a limit sell at the Projected Zone: fills when the bid reaches it, at the target.
 * - Stop, a stop-loss-market sell at the Risk Marker: fills at the first bid at or through the stop,
 *   however far through (a bar that opens through it fills at its opening bid). When one update reaches
 *   both, the stop is taken (the order of the two inside a bar is not known).
 * - Square-off: at `squareOffAt` (NSE 15:15, MCX 25 minutes before its close, by default) an open trade
 *   sells at the bid of that moment (reason "expiry" on the contract's expiry day, "eod" otherwise) and a
 *   signal still waiting is cancelled. An update stamped exactly at the square-off counts (its range, then
 *   its bid as the exit); one stamped later only squares off at the last book seen before. With no bid
 *   known (a quote-priced trade after a restart, an empty book), the last traded price stands in.
 * - Slippage: what each fill cost against its reference price, in rupees for the whole position: the entry
 *   against the mid (the model price), the stop against the stop, the square-off against the mid; a
 *   target fills at its limit and costs nothing.
 * - LTP and P/L: every update sets the LTP; while triggered the position is marked at the bid:
 *   pnlPoints = bid − entry and pnl = pnlPoints × lot size × lots (gross rupees); after the close, on the
 *   exit price.
 */
import type { SignalCloseReason } from "@kalpa/contracts/signals";
import { optionUnderlying } from "../instruments/option-underlyings";
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
  /**
   * A broker's best bid and best ask with the price (0: that side of the book is empty). Absent on model
   * prices: the lifecycle puts the signal's slippage around the price instead.
   */
  readonly bid?: number;
  readonly ask?: number;
}

export type TransitionEvent = "none" | "ltp" | "triggered" | "closed" | "cancelled";

export interface Transition {
  readonly signal: Signal;
  /** Only the fields whose values changed; empty when nothing did. */
  readonly changes: SignalChanges;
  readonly event: TransitionEvent;
}

/** Ticks of slippage a model-priced fill takes against the trader unless configured otherwise. */
export const DEFAULT_SLIPPAGE_TICKS = 1;

export interface NewSignalOptions {
  readonly id: string;
  readonly day: Signal["day"];
  readonly squareOffAt: number;
  /** Lots traded (default 1). */
  readonly lots?: number;
  /** Model-priced signals: ticks of slippage each fill takes (default DEFAULT_SLIPPAGE_TICKS). */
  readonly slippageTicks?: number;
}

/** A freshly generated signal from a model's intent. */
export function createSignal(intent: SignalIntent, options: NewSignalOptions): Signal {
  const lots = options.lots ?? 1;
  if (!Number.isInteger(lots) || lots < 1) throw new RangeError("lots must be a whole number ≥ 1");
  const ticks = options.slippageTicks ?? DEFAULT_SLIPPAGE_TICKS;
  if (!Number.isInteger(ticks) || ticks < 0) {
    throw new RangeError("slippageTicks must be a whole number ≥ 0");
  }
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
    slippageTicks: intent.priceSource === "quote" ? null : ticks,
    status: "generated",
    ltp: null,
    entryPrice: null,
    entryTime: null,
    exitPrice: null,
    exitTime: null,
    closeReason: null,
    pnlPoints: null,
    pnl: null,
    slippage: null,
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
  if (before.slippage !== after.slippage) c.slippage = after.slippage;
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

function units(signal: Signal): number {
  return signal.lotSize * signal.lots;
}

/**
 * The book an update shows: its last bid, ask and mid, and for a model bar the bid's and the ask's ranges.
 * A quote is one instant (its range is its point); a model price gets the signal's slippage each side.
 */
interface Book {
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  readonly bidOpen: number;
  readonly bidLow: number;
  readonly bidHigh: number;
  readonly askLow: number;
  readonly askHigh: number;
}

/** Per unit: the slippage a model price takes each side. */
function modelSpread(signal: Signal): number {
  return (signal.slippageTicks ?? 0) * optionUnderlying(signal.symbol).optionTick;
}

function bookOf(signal: Signal, update: OptionPriceUpdate): Book {
  const { price } = update;
  if (update.bid !== undefined || update.ask !== undefined) {
    const bid = update.bid ?? 0;
    const ask = update.ask ?? 0;
    const mid = bid > 0 && ask > 0 ? (bid + ask) / 2 : price;
    return { bid, ask, mid, bidOpen: bid, bidLow: bid, bidHigh: bid, askLow: ask, askHigh: ask };
  }
  const spread = modelSpread(signal);
  const open = update.open ?? price;
  const high = Math.max(update.high ?? price, open, price);
  const low = Math.min(update.low ?? price, open, price);
  // A model bid is never an empty book: it stays at least one tick (the least an option trades at).
  const tick = optionUnderlying(signal.symbol).optionTick;
  const below = (value: number) => Math.max(tick, paise(value - spread));
  return {
    bid: below(price),
    ask: paise(price + spread),
    mid: price,
    bidOpen: below(open),
    bidLow: below(low),
    bidHigh: below(high),
    askLow: paise(low + spread),
    askHigh: paise(high + spread),
  };
}

/** The position marked at `bid` (the last price when the book has no bid). */
function marked(signal: Signal, bid: number, price: number): Pick<Signal, "pnlPoints" | "pnl"> {
  const points = paise((bid > 0 ? bid : price) - (signal.entryPrice ?? price));
  return { pnlPoints: points, pnl: paise(points * units(signal)) };
}

/** The trade sold at `price`, which cost `slip` per unit against its reference. */
function close(
  signal: Signal,
  price: number,
  slip: number,
  ltp: number,
  time: number,
  reason: SignalCloseReason,
): Signal {
  const entry = signal.entryPrice ?? price;
  const points = paise(price - entry);
  return {
    ...signal,
    status: "closed",
    ltp,
    exitPrice: price,
    exitTime: time,
    closeReason: reason,
    updatedAt: time,
    pnlPoints: points,
    pnl: paise(points * units(signal)),
    slippage: paise((signal.slippage ?? 0) + slip * units(signal)),
  };
}

/** Where the book leaves a triggered trade: still open, or sold at the stop or the target. */
function exitOf(
  signal: Signal,
  book: Pick<Book, "bidOpen" | "bidLow" | "bidHigh">,
): { price: number; slip: number; reason: SignalCloseReason } | undefined {
  if (book.bidLow > 0 && book.bidLow <= signal.stopLoss) {
    const price = Math.min(book.bidOpen, signal.stopLoss);
    return { price, slip: paise(signal.stopLoss - price), reason: "stop" };
  }
  if (book.bidHigh >= signal.target) return { price: signal.target, slip: 0, reason: "target" };
  return undefined;
}

function squareOffReason(signal: Signal): SignalCloseReason {
  return signal.day === signal.expiry ? "expiry" : "eod";
}

/**
 * The signal at the square-off: an open trade sells at the bid of `last` (the last update seen), a
 * waiting one is cancelled.
 */
function squareOff(signal: Signal, time: number, last: OptionPriceUpdate | undefined): Transition {
  if (signal.status === "generated") {
    return transition(signal, { ...signal, status: "cancelled", updatedAt: time }, "cancelled");
  }
  const price = last?.price ?? signal.ltp ?? signal.entryPrice ?? 0;
  const quoted = signal.priceSource === "quote";
  if (quoted && !(last?.bid !== undefined && last.bid > 0)) {
    // No book to sell into: the last traded price stands in, with no slippage measured.
    return transition(
      signal,
      close(signal, price, 0, price, time, squareOffReason(signal)),
      "closed",
    );
  }
  const book = bookOf(signal, last ?? { time, price });
  const slip = paise(book.mid - book.bid);
  return transition(
    signal,
    close(signal, book.bid, slip, price, time, squareOffReason(signal)),
    "closed",
  );
}

/** The time the signal must be squared off by: the square-off, or the contract's expiry if sooner. */
function deadline(signal: Signal): number {
  return Math.min(signal.squareOffAt, signal.expiresAt);
}

/** Applies an option price update (a quote with its book, or a model price). */
export function applyPrice(signal: Signal, update: OptionPriceUpdate): Transition {
  if (!isActive(signal)) return transition(signal, signal, "none");
  if (update.time > deadline(signal)) return applyTime(signal, update.time);
  const { price, time } = update;
  const book = bookOf(signal, update);
  let next: Signal;
  let event: TransitionEvent = "ltp";

  if (signal.status === "triggered") {
    const exit = exitOf(signal, book);
    if (exit) {
      return transition(
        signal,
        close(signal, exit.price, exit.slip, price, time, exit.reason),
        "closed",
      );
    }
    next = { ...signal, ltp: price, updatedAt: time, ...marked(signal, book.bid, price) };
  } else if (book.ask > 0 && book.askLow <= signal.entryHigh && book.askHigh >= signal.entryLow) {
    const entryPrice = Math.min(signal.entryHigh, Math.max(signal.entryLow, book.ask));
    const slip =
      update.bid === undefined && update.ask === undefined
        ? modelSpread(signal)
        : paise(entryPrice - book.mid);
    const entered: Signal = { ...signal, entryPrice, slippage: paise(slip * units(signal)) };
    next = {
      ...entered,
      status: "triggered",
      ltp: price,
      updatedAt: time,
      entryTime: time,
      ...marked(entered, book.bid, price),
    };
    event = "triggered";
    // Only the last bid of the filling update can close the trade.
    const exit = exitOf(next, { bidOpen: book.bid, bidLow: book.bid, bidHigh: book.bid });
    if (exit) {
      return transition(
        signal,
        close(next, exit.price, exit.slip, price, time, exit.reason),
        "closed",
      );
    }
  } else {
    next = { ...signal, ltp: price, updatedAt: time };
  }
  if (time >= deadline(next)) {
    const squared = squareOff(next, time, update);
    return transition(signal, squared.signal, squared.event);
  }
  return transition(signal, next, event);
}

/**
 * Applies the passing of time: the square-off (or the expiry) once `now` reaches it, at the bid of `last`
 * (the last update the caller saw) or, without one, of the last price.
 */
export function applyTime(signal: Signal, now: number, last?: OptionPriceUpdate): Transition {
  if (!isActive(signal) || now < deadline(signal)) return transition(signal, signal, "none");
  return squareOff(signal, deadline(signal), last);
}

/**
 * Closes an open trade now at the bid of `last` (or of the last price) and cancels a waiting signal: the
 * operator's force-eod-close. The reason is the day's square-off reason.
 */
export function forceSquareOff(signal: Signal, now: number, last?: OptionPriceUpdate): Transition {
  if (!isActive(signal)) return transition(signal, signal, "none");
  return squareOff(signal, now, last);
}
