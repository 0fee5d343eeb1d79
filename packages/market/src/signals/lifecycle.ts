/**
 * The signal lifecycle, a pure state machine. Every transition takes a signal and returns the new signal
 * with the fields that changed (for the server to persist, then broadcast as signal-update).
 *
 *   generated ──the entry order fills──▶ triggered ──target / stop / square-off──▶ closed
 *       │                                    └─stop triggers below its limit─▶ (still triggered, stop resting)
 *       └────────────────never entered by the square-off───────────────────────────────▶ cancelled
 *
 * The paper trade fills as orders at an Indian exchange would (docs/models.md, "Fills"). Prices arrive as
 * updates: a broker's quote of the contract (last price, best bid and best ask) or the model's price of it
 * (a single price or a bar's range). A model price has no book, so the lifecycle puts one around it: the
 * model price is the last traded price, the ask `slippageTicks` ticks above it, the bid as far below (one
 * tick against the trader by default), and a bar's range moves all three together.
 *
 * - Entry, a buy limit at the Initiated Zone's high (`entryHigh`), placed with the first update the signal
 *   sees. If the ask then is at or below the limit (inside the zone or below it), the order is marketable
 *   and fills at that ask. Otherwise it rests, and fills at its own price, the limit, once the ask comes
 *   down to it: a model bar whose ask range reaches it, or an ask that gaps down through the whole zone
 *   (the seller who crossed it traded at the resting bid). No offers (an ask of 0): no fill. On the filling
 *   update only its last price and bid are checked against the target and the stop.
 * - Target, a limit sell at the Projected Zone: fills when the bid reaches it, at the target.
 * - Stop, a stop-loss-limit sell (NSE refuses stop-loss-market orders in options): it triggers when the
 *   last traded price reaches the Risk Marker (`stopLoss`; a bar's low, or its open when it opens through),
 *   and then sells no lower than its limit, `stopLimit`, a buffer below the trigger fixed at birth
 *   (`stopLimitPercent`, 3 % by default). It fills at the bid of the moment it triggered when that bid is
 *   at or above the limit. When the price has gapped below the limit the order rests unfilled
 *   (`stopRested`), the trade stays open and marked at the bid, and the stop fills at the limit once the
 *   bid comes back to it (within the same bar when the bar opened through the trigger and its bid range
 *   reaches the limit, or at its close when it crossed the trigger inside the bar); the square-off sells it
 *   otherwise. While a stop rests the target cannot fill first: the resting offer at the limit is below the
 *   target, so a buyer reaches it first. When one update reaches both target and stop trigger, the stop is
 * taken (the order of the two inside a bar is not known). Signals stored before stop limits were
 * recorded have no limit:
 *   their stop sells at any bid (a stop-loss-market order), on the same trigger.
 * - Square-off: at `squareOffAt` (NSE 15:15, MCX 25 minutes before its close, by default) an open trade
 *   sells at the bid of that moment (reason "expiry" on the contract's expiry day, "eod" otherwise; a
 *   resting stop is cancelled with it) and a signal still waiting is cancelled. An update stamped exactly at
 *   the square-off counts (its range, then its bid as the exit); one stamped later only squares off at the
 *   last book seen before. With no bid known (a quote-priced trade after a restart, an empty book), the
 *   last traded price stands in.
 * - Slippage: what each fill cost against its reference price, in rupees for the whole position: a
 *   marketable entry against the mid (the model price), a stop against its trigger (a gap below the
 *   trigger, down to the limit, is the stop's slippage), the square-off against the mid; a resting entry
 *   and a target fill at their own limits and cost nothing.
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

/**
 * What an update did: "stop-resting" when the stop triggered below its limit and rests unfilled (the
 * trade stays open); the others as their names say ("ltp": only the price and the P/L moved).
 */
export type TransitionEvent =
  | "none"
  | "ltp"
  | "triggered"
  | "stop-resting"
  | "closed"
  | "cancelled";

export interface Transition {
  readonly signal: Signal;
  /** Only the fields whose values changed; empty when nothing did. */
  readonly changes: SignalChanges;
  readonly event: TransitionEvent;
}

/** Ticks of slippage a model-priced fill takes against the trader unless configured otherwise. */
export const DEFAULT_SLIPPAGE_TICKS = 1;

/**
 * The stop's limit, in percent below its trigger, unless configured otherwise: the buffer Upstox puts on
 * the stop-loss-limit orders it places for a stop (its GTT help page: a 900 trigger gets an 873 limit).
 */
export const DEFAULT_STOP_LIMIT_PERCENT = 3;

/**
 * The widest buffer allowed: NSE rejects a stop-loss-limit order in options whose limit is more than 20 %
 * of a trigger above Rs 50 away from it (Rs 10 at or below Rs 50), as brokers reproduce its validation.
 */
export const MAX_STOP_LIMIT_PERCENT = 20;

export interface NewSignalOptions {
  readonly id: string;
  readonly day: Signal["day"];
  readonly squareOffAt: number;
  /** Lots traded (default 1). */
  readonly lots?: number;
  /** Model-priced signals: ticks of slippage each fill takes (default DEFAULT_SLIPPAGE_TICKS). */
  readonly slippageTicks?: number;
  /** The stop's limit, percent below its trigger (default DEFAULT_STOP_LIMIT_PERCENT). */
  readonly stopLimitPercent?: number;
}

/**
 * The stop's limit for a trigger: `percent` below it, on the option's tick at or below (so the buffer is
 * at least the percent), and never below one tick.
 */
export function stopLimitOf(symbol: Signal["symbol"], trigger: number, percent: number): number {
  if (!(Number.isFinite(percent) && percent >= 0 && percent <= MAX_STOP_LIMIT_PERCENT)) {
    throw new RangeError(`stopLimitPercent must be between 0 and ${MAX_STOP_LIMIT_PERCENT}`);
  }
  const tick = optionUnderlying(symbol).optionTick;
  // In whole ticks, with a hair of tolerance for binary fractions (85 × 0.97 is 82.449999...).
  const ticks = Math.floor((trigger * (1 - percent / 100)) / tick + 1e-9);
  return paise(Math.max(1, ticks) * tick);
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
  const stopLimit = stopLimitOf(
    intent.symbol,
    intent.stopLoss,
    options.stopLimitPercent ?? DEFAULT_STOP_LIMIT_PERCENT,
  );
  return {
    ...intent,
    id: options.id,
    day: options.day,
    squareOffAt: options.squareOffAt,
    lots,
    slippageTicks: intent.priceSource === "quote" ? null : ticks,
    stopLimit,
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
    stopTriggeredAt: null,
    stopRested: false,
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
  if (before.stopTriggeredAt !== after.stopTriggeredAt) c.stopTriggeredAt = after.stopTriggeredAt;
  if (before.stopRested !== after.stopRested) c.stopRested = after.stopRested;
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
 * The book an update shows: its last price, bid, ask and mid; the last price's range (a quote is one
 * instant, its range its point); for a model bar the bid's and the ask's ranges with it, and the mid and
 * the ask at its open. A model price gets the signal's slippage each side.
 */
interface Book {
  readonly price: number;
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  readonly open: number;
  readonly low: number;
  readonly midOpen: number;
  readonly bidOpen: number;
  readonly bidHigh: number;
  readonly askOpen: number;
  readonly askLow: number;
  /** The bid when the last price was at `value` (a model book: `value` less the slippage). */
  readonly bidAt: (value: number) => number;
}

/**
 * Per unit: the slippage a price without a book takes each side. A quote-priced signal (no slippage of its
 * own) meets such prices only in a backtest on recorded trades (backtest.ts's `optionBar`), which have no
 * book either: they take the default.
 */
function modelSpread(signal: Signal): number {
  return (
    (signal.slippageTicks ?? DEFAULT_SLIPPAGE_TICKS) * optionUnderlying(signal.symbol).optionTick
  );
}

function bookOf(signal: Signal, update: OptionPriceUpdate): Book {
  const { price } = update;
  if (update.bid !== undefined || update.ask !== undefined) {
    const bid = update.bid ?? 0;
    const ask = update.ask ?? 0;
    const mid = bid > 0 && ask > 0 ? (bid + ask) / 2 : price;
    return {
      price,
      bid,
      ask,
      mid,
      open: price,
      low: price,
      midOpen: mid,
      bidOpen: bid,
      bidHigh: bid,
      askOpen: ask,
      askLow: ask,
      bidAt: () => bid,
    };
  }
  const spread = modelSpread(signal);
  const open = update.open ?? price;
  const high = Math.max(update.high ?? price, open, price);
  const low = Math.min(update.low ?? price, open, price);
  // A model bid is never an empty book: it stays at least one tick (the least an option trades at).
  const tick = optionUnderlying(signal.symbol).optionTick;
  const below = (value: number) => Math.max(tick, paise(value - spread));
  return {
    price,
    bid: below(price),
    ask: paise(price + spread),
    mid: price,
    open,
    low,
    midOpen: open,
    bidOpen: below(open),
    bidHigh: below(high),
    askOpen: paise(open + spread),
    askLow: paise(low + spread),
    bidAt: below,
  };
}

/** The book at an update's last instant (its close): what a fill on that update can still meet. */
function lastInstant(book: Book): Book {
  return {
    ...book,
    open: book.price,
    low: book.price,
    midOpen: book.mid,
    bidOpen: book.bid,
    bidHigh: book.bid,
    askOpen: book.ask,
    askLow: book.ask,
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

interface Exit {
  readonly price: number;
  /** Per unit, against the exit's reference (the stop's trigger; nothing for the target). */
  readonly slip: number;
  readonly reason: SignalCloseReason;
}

/** The stop sold at `price`: its slippage is what the fill gave up against the trigger. */
function stopExit(signal: Signal, price: number): Exit {
  return { price, slip: paise(signal.stopLoss - price), reason: "stop" };
}

/**
 * What the book does to an open trade's exits: the signal with its stop's state (triggered, resting) and
 * the exit, if the stop or the target filled.
 */
function exitsOf(signal: Signal, book: Book, time: number): { signal: Signal; exit?: Exit } {
  // Without a limit (signals stored before stop limits were recorded) the stop sells at any bid, as
  // a stop-loss-market order.
  const limit = signal.stopLimit;
  const takes = (bid: number) => bid > 0 && bid >= (limit ?? 0);
  if (signal.stopTriggeredAt !== null) {
    // The stop rests as a sell limit: it trades at its own price once the bid comes back to it.
    return takes(book.bidHigh) ? { signal, exit: stopExit(signal, limit ?? book.bid) } : { signal };
  }
  const opensThrough = book.open <= signal.stopLoss;
  if (opensThrough || book.low <= signal.stopLoss) {
    // The last price reached the trigger: at the update's open, or on its way down through the trigger.
    const bid = opensThrough ? book.bidOpen : book.bidAt(signal.stopLoss);
    const triggered: Signal = { ...signal, stopTriggeredAt: time };
    if (takes(bid)) return { signal: triggered, exit: stopExit(signal, bid) };
    // A stop-loss-market order (no limit) that met an empty book has not rested past a limit: it sells
    // at the next bid.
    if (limit === null) return { signal: triggered };
    const resting: Signal = { ...triggered, stopRested: true };
    // What traded after the trigger: the whole bar when it opened through, otherwise only its close.
    const after = opensThrough ? book.bidHigh : book.bid;
    if (after >= limit) return { signal: resting, exit: stopExit(signal, limit) };
    return { signal: resting };
  }
  if (book.bidHigh >= signal.target)
    return { signal, exit: { price: signal.target, slip: 0, reason: "target" } };
  return { signal };
}

/**
 * Where the entry order fills in `book`, if it does: its price and what it cost per unit against the mid.
 * Placed with the signal's first update (no LTP seen yet), it is marketable when the ask is at or below
 * its limit, and takes that ask; resting, it trades at its limit once the ask comes down to it.
 */
function entryOf(signal: Signal, book: Book): { price: number; slip: number } | undefined {
  const limit = signal.entryHigh;
  if (signal.ltp === null && book.askOpen > 0 && book.askOpen <= limit) {
    return { price: book.askOpen, slip: paise(book.askOpen - book.midOpen) };
  }
  if (book.askLow > 0 && book.askLow <= limit) return { price: limit, slip: 0 };
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
    const step = exitsOf(signal, book, time);
    if (step.exit) {
      const { exit } = step;
      return transition(
        signal,
        close(step.signal, exit.price, exit.slip, price, time, exit.reason),
        "closed",
      );
    }
    next = { ...step.signal, ltp: price, updatedAt: time, ...marked(signal, book.bid, price) };
    if (next.stopRested && !signal.stopRested) event = "stop-resting";
  } else {
    const entry = entryOf(signal, book);
    if (entry) {
      const entered: Signal = {
        ...signal,
        entryPrice: entry.price,
        slippage: paise(entry.slip * units(signal)),
      };
      // Only the last price and bid of the filling update can trigger the stop or reach the target.
      const step = exitsOf(entered, lastInstant(book), time);
      next = {
        ...step.signal,
        status: "triggered",
        ltp: price,
        updatedAt: time,
        entryTime: time,
        ...marked(entered, book.bid, price),
      };
      event = "triggered";
      if (step.exit) {
        const { exit } = step;
        return transition(
          signal,
          close(next, exit.price, exit.slip, price, time, exit.reason),
          "closed",
        );
      }
    } else {
      next = { ...signal, ltp: price, updatedAt: time };
    }
  }
  if (time >= deadline(next)) {
    const squared = squareOff(next, time, update);
    return transition(signal, squared.signal, squared.event);
  }
  return transition(signal, next, event);
}

/**
 * Applies the passing of time: the square-off (or the expiry) once `now` reaches it, at the bid of `last`
 * (the last update the caller saw) or, without one, of the last price. A resting stop is cancelled with it.
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
