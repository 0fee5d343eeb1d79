/**
 * One model at work: its indicators, its current signal and the rules around it. The engine (or the
 * backtest) feeds it closed bars of the model's interval and prices of the underlying (or of the option,
 * when a broker quotes it) and the clock; it answers with the events to persist and broadcast:
 * a new-signal with the whole signal, or a signal-update with the fields that changed.
 *
 * Rules applied to every model's setups:
 * - at most one active signal (generated or triggered) per model;
 * - only inside a regular (or MCX evening) session, not a Muhurat one;
 * - none in the first `openingQuietMinutes` of the session, none within `cutoffMinutes` of the
 *   square-off, none within `cooldownMinutes` of the previous signal's close or cancellation;
 * - NSE index bars from the cash market's closing auction (15:15 to the close, from 3 Aug 2026) are left
 *   out of the indicators.
 *
 * Everything here is O(1) per bar and per price except when a setup fires (which looks up the calendar,
 * the expiry and prices three premiums).
 */
import type { Bar } from "@kalpa/contracts/market";
import { type Bucketer, createBucketer } from "../bars/buckets";
import { cashAuctionOn } from "../calendar/session-hours";
import { sessionAt } from "../calendar/session-search";
import type { CalendarOptions } from "../calendar/sessions";
import type { OptionQuote } from "../feed/option-quote";
import { optionUnderlying } from "../instruments/option-underlyings";
import { type ContractMarket, signalIntent } from "../models/signal-intent";
import type { SignalModel } from "../models/signal-model";
import { contractAt, type OptionContract, premiumPerLot } from "../options/option-contract";
import { type OptionPricer, roundPremium, simulatedPricer } from "../options/option-pricing";
import { dayKeyOf } from "../time/day-key";
import { MINUTE_MS } from "../time/time-of-day";
import {
  applyPrice,
  applyTime,
  createSignal,
  forceSquareOff,
  type OptionPriceUpdate,
  type Transition,
  type TransitionEvent,
} from "./lifecycle";
import { isActive, MANUAL_MODEL_VERSION, type Signal, type SignalChanges } from "./signal";
import { DEFAULT_SQUARE_OFF, type SquareOffTimes, squareOffAt } from "./square-off";

export interface ModelRunnerOptions {
  /** Premiums for the underlying's price (default: the simulated option market). */
  readonly pricer?: OptionPricer;
  readonly squareOff?: SquareOffTimes;
  readonly calendar?: CalendarOptions;
  /** Lots per signal (default 1). */
  readonly lots?: number;
  /** Ticks of slippage a model-priced fill takes against the trader (default DEFAULT_SLIPPAGE_TICKS). */
  readonly slippageTicks?: number;
  /** The stop's limit, percent below its trigger (default DEFAULT_STOP_LIMIT_PERCENT). */
  readonly stopLimitPercent?: number;
  /** With a broker: the listed contracts and their quotes (signal-intent.ts). */
  readonly market?: ContractMarket;
  /** A setup that fired on a contract the broker does not list (it is not traded): why. */
  readonly onRefused?: (reason: string) => void;
}

/** A price of the underlying: one trade, or a bar's range (`time` is then the bar's end). */
export type UnderlyingUpdate = OptionPriceUpdate;

export type SignalEvent =
  | { readonly kind: "new-signal"; readonly signal: Signal }
  | {
      readonly kind: "signal-update";
      readonly signal: Signal;
      readonly changes: SignalChanges;
      readonly event: TransitionEvent;
    };

/** What the operator asks for in a manual signal (validated already: BUY levels in order, strike on the grid). */
export interface ManualSignalRequest {
  readonly optionType: Signal["optionType"];
  readonly strike: number;
  readonly entryLow: number;
  readonly entryHigh: number;
  readonly target: number;
  readonly stopLoss: number;
  readonly lots?: number;
}

/** A manual signal is refused when its strike is further than this from the underlying's price... */
export const MANUAL_STRIKE_RANGE = 0.1;
/** ...or when the option's current premium is further than this outside the entry zone. */
export const MANUAL_ZONE_TOLERANCE = 0.25;

export type ManualSignalOutcome =
  | { readonly ok: true; readonly signal: Signal; readonly events: SignalEvent[] }
  | {
      readonly ok: false;
      readonly reason:
        | "active"
        | "market-closed"
        | "strike-range"
        | "tick"
        | "zone-away"
        | "unlisted";
      readonly message: string;
    };

const rupees = (value: number) =>
  value.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export class ModelRunner {
  readonly model: SignalModel;
  readonly #pricer: OptionPricer;
  readonly #squareOff: SquareOffTimes;
  readonly #calendar: CalendarOptions;
  readonly #lots: number;
  readonly #slippageTicks: number | undefined;
  readonly #stopLimitPercent: number | undefined;
  readonly #bucketOf: Bucketer;
  readonly #market: ContractMarket;
  readonly #onRefused: ((reason: string) => void) | undefined;
  #signal: Signal | undefined;
  /** The last price update applied to the active signal: the square-off sells at its bid. */
  #last: OptionPriceUpdate | undefined;

  constructor(model: SignalModel, options: ModelRunnerOptions = {}) {
    this.model = model;
    this.#pricer = options.pricer ?? simulatedPricer();
    this.#squareOff = options.squareOff ?? DEFAULT_SQUARE_OFF;
    this.#calendar = options.calendar ?? {};
    this.#lots = options.lots ?? 1;
    this.#slippageTicks = options.slippageTicks;
    this.#stopLimitPercent = options.stopLimitPercent;
    this.#bucketOf = createBucketer(this.#calendar);
    this.#market = options.market ?? {};
    this.#onRefused = options.onRefused;
  }

  /** The model's latest signal: the active one, or the last to finish. */
  get signal(): Signal | undefined {
    return this.#signal;
  }

  /** After a restart: the latest stored signal (its lifecycle continues; a finished one starts the cool-down). */
  restore(signal: Signal | undefined): void {
    this.#signal = signal;
    this.#last = undefined;
  }

  /**
   * A signal made elsewhere (the operator's manual signal) enters this model's lifecycle as its new
   * signal; refused (RangeError) while the model has an active one.
   */
  inject(signal: Signal): SignalEvent[] {
    if (signal.modelId !== this.model.id) throw new RangeError(`not a signal of ${this.model.id}`);
    if (this.#signal && isActive(this.#signal)) {
      throw new RangeError(`${this.model.id} already has an active signal`);
    }
    this.#signal = signal;
    this.#last = undefined;
    return [{ kind: "new-signal", signal }];
  }

  /**
   * The operator's manual signal at `at`, with the underlying at `underlyingPrice`: the contract the model
   * would trade then (its expiry and the lot size in force) at the requested strike, entering the same
   * lifecycle as the model's own signals. Refused, with the reason, while the model has an active signal,
   * outside a regular session or past the model's last entry time, for a strike far from the market, and for
   * an entry zone far from the option's current premium (a signal nobody could have traded). Its version is
   * MANUAL_MODEL_VERSION: the operator chose it, not the model, so it counts in no model version's record.
   */
  manual(request: ManualSignalRequest, underlyingPrice: number, at: number): ManualSignalOutcome {
    const refuse = (
      reason: Exclude<ManualSignalOutcome, { ok: true }>["reason"],
      message: string,
    ) => ({ ok: false, reason, message }) as const;
    if (this.#signal && isActive(this.#signal)) {
      return refuse(
        "active",
        `${this.model.id} already has an active signal; square it off before sending another.`,
      );
    }
    const { symbol } = this.model;
    const { exchange } = optionUnderlying(symbol);
    const session = sessionAt(exchange, at, this.#calendar);
    const day = dayKeyOf(at);
    const squareOff = squareOffAt(exchange, day, this.#squareOff, this.#calendar);
    if (
      !session ||
      session.kind === "muhurat" ||
      squareOff === undefined ||
      at > squareOff - this.model.rules.cutoffMinutes * MINUTE_MS
    ) {
      return refuse("market-closed", `The ${exchange} market is not open for new signals now.`);
    }
    if (Math.abs(request.strike - underlyingPrice) > underlyingPrice * MANUAL_STRIKE_RANGE) {
      return refuse(
        "strike-range",
        `Strike must be within ${MANUAL_STRIKE_RANGE * 100}% of ${symbol}'s price (${rupees(underlyingPrice)}).`,
      );
    }
    const tables = {
      ...contractAt(symbol, request.optionType, underlyingPrice, at, { calendar: this.#calendar }),
      strike: request.strike,
    };
    const contract = this.#market.list ? this.#market.list(tables, at) : tables;
    if (typeof contract === "string") {
      return refuse("unlisted", `Not tradable: ${contract}.`);
    }
    const quoted = this.#market.quote?.(contract, at);
    const premium = quoted ?? this.#pricer(contract, underlyingPrice, at);
    const level = (value: number) => roundPremium(symbol, value);
    const levels = {
      entryLow: level(request.entryLow),
      entryHigh: level(request.entryHigh),
      target: level(request.target),
      stopLoss: level(request.stopLoss),
    };
    if (!(levels.target > levels.entryHigh && levels.entryLow > levels.stopLoss)) {
      const { optionTick } = optionUnderlying(symbol);
      return refuse(
        "tick",
        `On the option's tick of ${optionTick}, the target must stay above the entry zone and the stop loss below it.`,
      );
    }
    const tolerance = premium * MANUAL_ZONE_TOLERANCE;
    if (premium < levels.entryLow - tolerance || premium > levels.entryHigh + tolerance) {
      return refuse(
        "zone-away",
        `The entry zone must be within ${MANUAL_ZONE_TOLERANCE * 100}% of the option's current premium (${rupees(premium)}).`,
      );
    }
    const signal = createSignal(
      {
        ...contract,
        modelId: this.model.id,
        modelVersion: MANUAL_MODEL_VERSION,
        type: "BUY",
        generatedAt: at,
        underlyingPrice,
        premium,
        ...levels,
        premiumPerLot: premiumPerLot(premium, contract.lotSize),
        priceSource: quoted === undefined ? "model" : "quote",
        reason:
          `Manual signal from the operator: buy ${symbol} ${contract.expiry} ${contract.strike} ` +
          `${contract.optionType} between ${rupees(levels.entryLow)} and ${rupees(levels.entryHigh)}; ` +
          `target ${rupees(levels.target)}, stop ${rupees(levels.stopLoss)}.`,
        indicators: {},
      },
      {
        id: `${this.model.id}@${at}:manual`,
        day,
        squareOffAt: squareOff,
        lots: request.lots ?? this.#lots,
        slippageTicks: this.#slippageTicks,
        stopLimitPercent: this.#stopLimitPercent,
      },
    );
    return { ok: true, signal, events: this.inject(signal) };
  }

  /**
   * Whether `bar` is an index bar from the cash market's closing auction (NSE from 3 Aug 2026: 15:15 to the
   * close): the index's constituents are then in a call auction, not trading, so the models' indicators
   * leave those bars out, as they would a pause. No signal is open then (the square-off is at 15:15).
   */
  #inCashAuction(bar: Bar): boolean {
    if (optionUnderlying(this.model.symbol).exchange !== "NSE") return false;
    const auction = cashAuctionOn(dayKeyOf(bar.time));
    return auction !== undefined && bar.time >= auction.from && bar.time < auction.to;
  }

  /** The premium this runner's pricer gives `contract` with the underlying at `underlyingPrice`. */
  premiumOf(contract: OptionContract, underlyingPrice: number, at: number): number {
    return this.#pricer(contract, underlyingPrice, at);
  }

  /** Feeds a closed bar to the indicators only (history before the engine or the backtest starts). */
  warmUp(bar: Bar): void {
    if (!this.#inCashAuction(bar)) this.model.update(bar);
  }

  /** Feeds a closed bar of the model's interval; a new signal when the model's setup passes the rules. */
  onBar(bar: Bar): SignalEvent[] {
    if (this.#inCashAuction(bar)) return [];
    const setup = this.model.update(bar);
    if (!setup || (this.#signal && isActive(this.#signal))) return [];
    const { exchange } = optionUnderlying(this.model.symbol);
    const at = this.#bucketOf(exchange, this.model.interval, bar.time).end;
    const session = sessionAt(exchange, bar.time, this.#calendar);
    if (!session || session.kind === "muhurat") return [];
    const day = dayKeyOf(bar.time);
    const squareOff = squareOffAt(exchange, day, this.#squareOff, this.#calendar);
    const rules = this.model.rules;
    if (squareOff === undefined || at > squareOff - rules.cutoffMinutes * MINUTE_MS) return [];
    if (at < session.open + rules.openingQuietMinutes * MINUTE_MS) return [];
    const last = this.#signal;
    if (last && at < last.updatedAt + rules.cooldownMinutes * MINUTE_MS) return [];
    const intent = signalIntent(
      this.model,
      setup,
      bar.close,
      at,
      this.#pricer,
      this.#calendar,
      this.#market,
    );
    if (typeof intent === "string") {
      this.#onRefused?.(intent);
      return [];
    }
    if (!intent) return [];
    this.#signal = createSignal(intent, {
      id: `${this.model.id}@${at}`,
      day,
      squareOffAt: squareOff,
      lots: this.#lots,
      slippageTicks: this.#slippageTicks,
      stopLimitPercent: this.#stopLimitPercent,
    });
    this.#last = undefined;
    return [{ kind: "new-signal", signal: this.#signal }];
  }

  /**
   * A price of the underlying: the active signal's option is priced from it, unless the signal was born on
   * a quote. A signal keeps the basis it was born with, so its zones and its prices never mix: one born on
   * its contract's quote is priced by quotes only (with none coming, only the clock runs: no fill without a
   * quote, and the square-off takes the last one); one born on the model is priced by the model only.
   */
  onUnderlying(update: UnderlyingUpdate): SignalEvent[] {
    const signal = this.#signal;
    if (!signal || !isActive(signal)) return [];
    if (signal.priceSource === "quote") return this.onClock(update.time);
    if (update.open === undefined && update.high === undefined && update.low === undefined) {
      // One trade (every live tick): no closure to build.
      const price = this.#pricer(signal, update.price, update.time);
      return this.onOptionPrice({ time: update.time, price });
    }
    const premium = (price: number) => this.#pricer(signal, price, update.time);
    const price = premium(update.price);
    const atHigh = premium(update.high ?? update.price);
    const atLow = premium(update.low ?? update.price);
    const call = signal.optionType === "CE";
    return this.onOptionPrice({
      time: update.time,
      price,
      open: premium(update.open ?? update.price),
      high: call ? atHigh : atLow,
      low: call ? atLow : atHigh,
    });
  }

  /** A broker's quote of the active signal's contract (the engine matches the contract): see onUnderlying. */
  onOptionQuote(quote: OptionQuote): SignalEvent[] {
    const signal = this.#signal;
    if (!signal || !isActive(signal) || quote.ltp <= 0 || signal.priceSource !== "quote") return [];
    if (quote.time < signal.updatedAt) return [];
    return this.onOptionPrice({
      time: quote.time,
      price: quote.ltp,
      bid: quote.bid,
      ask: quote.ask,
    });
  }

  /** A price of the option itself: a broker's quote with its book, or the model's price. */
  onOptionPrice(update: OptionPriceUpdate): SignalEvent[] {
    const signal = this.#signal;
    if (signal && update.time > Math.min(signal.squareOffAt, signal.expiresAt)) {
      // Past the square-off: it happened at the last book seen before this update.
      return this.onClock(update.time);
    }
    const events = this.#apply((signal) => applyPrice(signal, update));
    this.#last = update;
    return events;
  }

  /** The clock: squares off (at the last bid seen) or cancels at the square-off. */
  onClock(now: number): SignalEvent[] {
    return this.#apply((signal) => applyTime(signal, now, this.#lastAt()));
  }

  /** The operator's force-eod-close: sells an open trade at the last bid seen, cancels a waiting one. */
  forceSquareOff(now: number): SignalEvent[] {
    return this.#apply((signal) => forceSquareOff(signal, now, this.#lastAt()));
  }

  /** The last update as one instant (a bar's book at its close). */
  #lastAt(): OptionPriceUpdate | undefined {
    const last = this.#last;
    if (!last) return undefined;
    return last.bid === undefined && last.ask === undefined
      ? { time: last.time, price: last.price }
      : { time: last.time, price: last.price, bid: last.bid, ask: last.ask };
  }

  #apply(step: (signal: Signal) => Transition): SignalEvent[] {
    const signal = this.#signal;
    if (!signal || !isActive(signal)) return [];
    const transition = step(signal);
    this.#signal = transition.signal;
    if (transition.event === "none") return [];
    return [
      {
        kind: "signal-update",
        signal: transition.signal,
        changes: transition.changes,
        event: transition.event,
      },
    ];
  }
}
