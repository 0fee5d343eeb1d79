/**
 * The signal engine: the four models at work on the market engine's prices (one process runs it, the
 * engine leader). The market engine hands it every tick and every completed bar as it applies them, then
 * calls `flush(now)` once per loop; the flush runs the clock (square-off, cancellation), notices a trading
 * day's start per exchange, persists every transition (signal row + event row, one transaction) and only
 * then publishes them.
 *
 * - Bars: each model gets the closed bars of its own interval and symbol (the bar builder aggregates the
 *   engine's ticks into 1, 5 and 15-minute bars). Bars replayed at start-up only warm the indicators up.
 * - Prices: each tick of the underlying prices the active signal's option through the runner's pricer (the
 *   simulated option market's IV model on the simulated and replay feeds; with a broker, the same surface
 *   at the at-the-money volatility its quotes show: options/live-volatility.ts).
 * - A stop that triggers below its limit and rests unfilled ("stop-resting") is a transition: recorded,
 *   in the ledger and sent at once, like an entry or a close.
 * - LTP: a price alone is not a transition. It moves the signal in memory, is sent to sockets throttled
 *   (modules/signals/broadcast.ts) and written to the signal row at most every LTP_PERSIST_MS (and with
 *   every transition), without an event row.
 * - Stamps: each transition keeps the market time of what decided it (the tick, the tick that completed
 *   the bar, the quote, or the clock's reading for the clock's own transitions and the operator's), the
 *   real time of the decision and how long after that market time it came (the market clock scaled to
 *   real time); the repository adds the commit's time and the ledger entry, and the broadcast carries them.
 * - Catch-up: while the market engine computes the day so far at start-up (`catchingUp(true)`), each
 *   transition goes through the same lifecycle, store and ledger, but carries no latency stamps (it was
 *   decided after the fact, like the demo journal's) and raises no alert.
 * - Restart: `resume(now)` restores each model's latest stored signal and runs the clock at once, so a
 *   square-off (or cancellation) missed while the process was down is recorded and broadcast. Prices seen
 *   while down are not replayed into the open trade: it continues from the current price.
 */
import { type ExchangeName, MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import type { TransitionTiming } from "@kalpa/contracts/signals";
import { OPTION_TYPES } from "@kalpa/contracts/signals";
import type { CompletedBar } from "@kalpa/market/bars/bar-builder";
import { type ContractResolution, contractKey } from "@kalpa/market/broker/kite/contract-book";
import { calendarVersion } from "@kalpa/market/calendar/calendar-book";
import { type CalendarOptions, sessionsOn } from "@kalpa/market/calendar/sessions";
import { type OptionQuote, QUOTE_FRESH_MS } from "@kalpa/market/feed/option-quote";
import type { Tick } from "@kalpa/market/feed/tick";
import { optionUnderlying } from "@kalpa/market/instruments/option-underlyings";
import { nearestStrike } from "@kalpa/market/instruments/price-steps";
import { createModel } from "@kalpa/market/models/models";
import type { ContractMarket } from "@kalpa/market/models/signal-intent";
import { expiryCloseAt } from "@kalpa/market/options/expiry-time";
import { LiveAtmVolatility } from "@kalpa/market/options/live-volatility";
import { type OptionContract, parseContractKey } from "@kalpa/market/options/option-contract";
import {
  type ManualSignalOutcome,
  type ManualSignalRequest,
  ModelRunner,
  type SignalEvent,
} from "@kalpa/market/signals/model-runner";
import { isActive, type Signal, type SignalChanges } from "@kalpa/market/signals/signal";
import type { SquareOffTimes } from "@kalpa/market/signals/square-off";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import type { FastifyBaseLogger as Logger } from "fastify";
import type {
  DecisionStamps,
  SignalRepository,
  TransitionRecord,
} from "../modules/signals/repository";

/** With a broker, the strikes either side of the price that are quoted before any signal needs them. */
export const NEAR_STRIKES = 1;

/** A failed write of transitions is retried after this, doubling up to RETRY_MAX_MS (real time). */
export const RETRY_MIN_MS = 250;
export const RETRY_MAX_MS = 10_000;

/** An open trade's LTP and P/L are written to its row at most this often (real time). */
export const LTP_PERSIST_MS = 5000;

const EXCHANGE_NAMES: readonly ExchangeName[] = ["NSE", "MCX"];

export interface SignalPublisher {
  /** A signal was generated (persisted already, with `transition`'s ledger entry and stamps). */
  newSignal(signal: Signal, transition?: TransitionTiming): void;
  /**
   * A signal changed: `event` "ltp" may be throttled, a transition is sent at once (with its ledger entry
   * and stamps as committed).
   */
  update(
    signal: Signal,
    changes: SignalChanges,
    event: "ltp" | TransitionRecord["event"],
    transition?: TransitionTiming,
  ): void;
  /** A trading day started on an exchange. */
  dayReset(day: string, exchange: ExchangeName): void;
}

/** What the engine needs of the signal repository (the bench gives it an in-memory one). */
export type SignalEngineRepository = Pick<
  SignalRepository,
  "record" | "saveLtp" | "latestPerModel"
>;

export interface SignalEngineOptions {
  repository: SignalEngineRepository;
  publisher: SignalPublisher;
  calendar: CalendarOptions;
  squareOff: SquareOffTimes;
  /** Ticks of slippage each model-priced fill takes (default: the lifecycle's). */
  slippageTicks?: number;
  /** The stop's limit, percent below its trigger (default: the lifecycle's). */
  stopLimitPercent?: number;
  log: Logger;
  /** Real time, for the LTP write cadence and the decisions' stamps. */
  realNow?: () => number;
  /**
   * The market clock and its speed: how long after its tick each decision came (read on this clock and
   * divided by the speed). Without it the market clock is taken to be the real one.
   */
  marketClock?: { now(): number; speed(): number };
  /**
   * The market clock's day changed (and at resume): the days before `today` are over. Called after the
   * flush's transitions are committed (a missed square-off is in the ledger before its day is published).
   */
  dayOver?: (today: string) => void;
  /**
   * With a broker: the contract as its instrument list has it (expiry, lot size), or why it is not traded.
   * Without one, the product's tables decide.
   */
  contracts?: (
    symbol: OptionContract["symbol"],
    optionType: OptionContract["optionType"],
    strike: number,
    at: number,
  ) => ContractResolution;
  /**
   * A recorded replay (no broker): the contracts the recording holds and their recorded premiums
   * (feed/recorded-market.ts's recordedContracts). The feed's quotes of them move an open trade.
   */
  recorded?: ContractMarket;
}

export interface SignalEngine {
  /** A bar completed while replaying history: indicators only. */
  warmUp(bar: CompletedBar): void;
  /** A bar completed live, at market time `at` (the tick, or the clock's reading, that completed it). */
  onBar(bar: CompletedBar, at: number): void;
  /** A live tick of an underlying. */
  onTick(tick: Tick): void;
  /** A broker's quote of an option contract: it prices the active signal trading that contract. */
  onQuote(quote: OptionQuote): void;
  /** The latest quote of each watched contract (a broker's feed), by contractKey: the option chain reads them. */
  optionQuotes?(): ReadonlyMap<string, OptionQuote>;
  /**
   * The contracts the feed should quote (keys as contractKey): each active signal's, and with a broker the
   * strikes next to each traded symbol's price (NEAR_STRIKES either side, calls and puts, at the expiry a
   * model would trade), so a new signal's premium is a quote too.
   */
  watched(now: number): string[];
  /** After the start-up replay: restores stored signals and runs the clock (a missed square-off). */
  resume(now: number): Promise<void>;
  /**
   * While true, the market engine is computing the day so far at start-up: transitions are recorded and
   * published without stamps or alerts.
   */
  catchingUp(on: boolean): void;
  /** Whether a signal generated at or after `at` is stored (the day was computed already: a restart). */
  recordedSince(at: number): Promise<boolean>;
  /** Runs the clock, then persists and publishes everything since the last flush. */
  flush(now: number): Promise<void>;
  /** The operator's force-eod-close: squares off every open signal now; the number changed. */
  forceSquareOff(now: number, actor: string): Promise<number>;
  /**
   * The operator's manual signal for `model` at `now` (ModelRunner.manual's rules), on the underlying's last
   * price: committed and published like a model's own signal before the outcome is answered.
   */
  inject(
    model: ModelId,
    request: ManualSignalRequest,
    now: number,
    actor: string,
  ): Promise<InjectOutcome>;
  /** The models' current signals (tests, diagnostics). */
  current(): Map<ModelId, Signal | undefined>;
}

export type InjectOutcome =
  | { readonly ok: true; readonly signal: Signal; readonly stored: boolean }
  | Exclude<ManualSignalOutcome, { ok: true }>
  | { readonly ok: false; readonly reason: "no-price"; readonly message: string };

type PriceEvent = Extract<SignalEvent, { kind: "signal-update" }> & { event: "ltp" | "none" };
const isPrice = (event: SignalEvent): event is PriceEvent =>
  event.kind === "signal-update" && (event.event === "ltp" || event.event === "none");

interface Pending {
  event: SignalEvent;
  actor?: string;
  stamps?: DecisionStamps;
  /** Decided while catching up the day at start-up: no alert. */
  quiet?: true;
  /** Once committed: the transition's ledger entry and stamps. */
  committed?: TransitionTiming;
}

export function createSignalEngine(options: SignalEngineOptions): SignalEngine {
  const { repository, publisher, calendar, log } = options;
  const realNow = options.realNow ?? Date.now;
  /** Each watched contract's latest quote (a new signal's premium is taken from a fresh one). */
  const quotes = new Map<string, OptionQuote>();
  const resolve = options.contracts;
  const market: ContractMarket = resolve
    ? {
        list(contract, at) {
          const listed = resolve(contract.symbol, contract.optionType, contract.strike, at);
          if (!listed.ok) return listed.reason;
          const { symbol, optionType, strike, expiry, expiresAt, lotSize } = listed.contract;
          return { symbol, optionType, strike, expiry, expiresAt, lotSize };
        },
        quote(contract, at) {
          const quote = quotes.get(contractKey(contract));
          return quote && at - quote.tradedAt < QUOTE_FRESH_MS ? quote.ltp : undefined;
        },
      }
    : (options.recorded ?? {});
  // With a broker, the model prices at the market's at-the-money volatility, read from the quotes of the
  // strikes around the money the engine watches (options/live-volatility.ts).
  const liveVolatility = resolve ? new LiveAtmVolatility() : undefined;
  const pricer = liveVolatility?.pricer();
  const runners = MODEL_IDS.map((id) => {
    const model = createModel(id);
    return new ModelRunner(model, {
      ...(pricer ? { pricer } : {}),
      calendar,
      squareOff: options.squareOff,
      slippageTicks: options.slippageTicks,
      stopLimitPercent: options.stopLimitPercent,
      market,
      onRefused: (reason) =>
        log.warn({ model: id, reason }, "signal not generated: the contract is not tradable"),
    });
  });
  const bySymbol = new Map<string, ModelRunner[]>();
  for (const runner of runners) {
    const list = bySymbol.get(runner.model.symbol) ?? [];
    list.push(runner);
    bySymbol.set(runner.model.symbol, list);
  }
  let pending: Pending[] = [];
  const lastResetDay = new Map<ExchangeName, string>();
  const ltpDirty = new Map<ModelId, Signal>();
  const ltpSavedAt = new Map<ModelId, number>();
  let queue: Promise<unknown> = Promise.resolve();
  let knownDay: string | undefined;
  /** Each underlying's last live price, for a manual signal. */
  const lastPrice = new Map<string, number>();

  const marketNow = options.marketClock?.now ?? realNow;
  /** The stamps of a decision taken now on what happened at market time `tickAt`. */
  const stampsOf = (tickAt: number): DecisionStamps => ({
    tickAt,
    decidedAt: realNow(),
    decidedAfterMs: (marketNow() - tickAt) / (options.marketClock?.speed() ?? 1),
  });
  /** The events of a decision on what happened at market time `tickAt` (prices are not stamped). */
  let catchingUp = false;
  const collect = (events: SignalEvent[], tickAt: number, actor?: string) => {
    if (events.length === 0) return;
    const stamps = stampsOf(tickAt);
    for (const event of events) {
      pending.push({
        event,
        ...(actor === undefined ? {} : { actor }),
        ...(catchingUp ? { quiet: true as const } : isPrice(event) ? {} : { stamps }),
      });
    }
  };

  /**
   * Each exchange's first session open on `openingsDay` (looked up once a day, not every flush, and again
   * after an operator's calendar change).
   */
  let openingsDay: string | undefined;
  let openingsCalendar = calendarVersion();
  const openings = new Map<ExchangeName, number | undefined>();
  const firstOpen = (exchange: ExchangeName, day: string): number | undefined => {
    if (day !== openingsDay || openingsCalendar !== calendarVersion()) {
      openingsDay = day;
      openingsCalendar = calendarVersion();
      for (const name of EXCHANGE_NAMES)
        openings.set(name, sessionsOn(name, day, calendar)[0]?.open);
    }
    return openings.get(exchange);
  };

  /** The trading days that started since the last flush (per exchange, at its first session's open). */
  function dayStarts(now: number): Array<{ day: string; exchange: ExchangeName }> {
    const day = dayKeyOf(now);
    const started: Array<{ day: string; exchange: ExchangeName }> = [];
    for (const exchange of EXCHANGE_NAMES) {
      if (lastResetDay.get(exchange) === day) continue;
      const open = firstOpen(exchange, day);
      if (open === undefined || now < open) continue;
      lastResetDay.set(exchange, day);
      started.push({ day, exchange });
    }
    return started;
  }

  /**
   * Each model's transitions not yet committed, in order, and when to try them again. A failed write keeps
   * them here (the model's later transitions queue behind them) and backs off from RETRY_MIN_MS to
   * RETRY_MAX_MS; nothing of them is published until they are committed. One model's failing write does
   * not hold up the others.
   */
  const outboxes = new Map<ModelId, { items: Pending[]; retryAt: number; delay: number }>();

  function enqueue(batch: readonly Pending[]) {
    for (const item of batch) {
      const model = item.event.signal.modelId;
      const outbox = outboxes.get(model) ?? { items: [], retryAt: 0, delay: 0 };
      const last = outbox.items.at(-1);
      if (last && isPrice(last.event) && isPrice(item.event)) {
        // A long outage keeps one price per gap between transitions: the latest, with every field changed.
        outbox.items[outbox.items.length - 1] = {
          event: {
            ...item.event,
            changes: { ...last.event.changes, ...item.event.changes },
          },
        };
        continue;
      }
      outbox.items.push(item);
      outboxes.set(model, outbox);
    }
  }

  /** Commits each model's outbox (one transaction per model); the items committed, in order. */
  async function commit(): Promise<Pending[]> {
    const committed: Pending[] = [];
    const at = realNow();
    for (const [model, outbox] of outboxes) {
      if (at < outbox.retryAt) continue;
      const records: TransitionRecord[] = [];
      /** Each item's record (a price has none): its committed ledger entry and stamps. */
      const recordOf = new Map<Pending, number>();
      for (const item of outbox.items) {
        const { event, actor, stamps } = item;
        const alert = item.quiet ? (false as const) : undefined;
        if (event.kind === "new-signal") {
          recordOf.set(item, records.length);
          records.push({
            signal: event.signal,
            changes: {},
            event: "generated",
            actor,
            stamps,
            alert,
          });
        } else if (event.event !== "ltp" && event.event !== "none") {
          recordOf.set(item, records.length);
          records.push({
            signal: event.signal,
            changes: event.changes,
            event: event.event,
            actor,
            stamps,
            alert,
          });
          // An entry whose own update took the stop past its limit: the stop's resting is a transition
          // of its own in the record too, after the entry.
          if (event.event === "triggered" && event.changes.stopRested === true) {
            const { stopTriggeredAt, stopRested } = event.changes;
            const changes = { stopTriggeredAt, stopRested };
            records.push({
              signal: event.signal,
              changes,
              event: "stop-resting",
              actor,
              stamps,
              alert,
            });
          }
        }
      }
      try {
        const stored = await repository.record(records);
        for (const [item, index] of recordOf) {
          const timing = stored[index]?.timing;
          if (timing) item.committed = timing;
        }
      } catch (error) {
        outbox.delay = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, outbox.delay * 2));
        outbox.retryAt = realNow() + outbox.delay;
        log.error(
          { err: error, model, queued: records.length, retryInMs: outbox.delay },
          "signal engine: could not store transitions; they wait, unpublished, for the retry",
        );
        continue;
      }
      outboxes.delete(model);
      committed.push(...outbox.items);
    }
    return committed;
  }

  async function drain(now: number) {
    for (const runner of runners) collect(runner.onClock(now), now);
    const resets = dayStarts(now);
    const batch = pending;
    pending = [];
    for (const { event } of batch) {
      const model = event.signal.modelId;
      if (isPrice(event)) {
        if (!outboxes.has(model)) ltpDirty.set(model, event.signal);
      } else {
        ltpDirty.delete(model);
      }
    }
    // Transitions wait in their model's outbox until committed; a model with a backlog keeps its prices
    // there too, so they are published after the transitions before them.
    const sendNow = new Set<Pending>();
    for (const item of batch) {
      if (!isPrice(item.event)) enqueue([item]);
      else if (outboxes.has(item.event.signal.modelId)) enqueue([item]);
      else sendNow.add(item);
    }
    // Persist, then publish: nobody hears of a transition that is not committed.
    const committed = await commit();
    const at = realNow();
    for (const [model, signal] of ltpDirty) {
      if (at - (ltpSavedAt.get(model) ?? 0) < LTP_PERSIST_MS) continue;
      ltpSavedAt.set(model, at);
      ltpDirty.delete(model);
      await repository
        .saveLtp(signal)
        .catch((error: unknown) =>
          log.warn({ err: error, model }, "could not store a signal's LTP"),
        );
    }
    const today = dayKeyOf(now);
    if (today !== knownDay && outboxes.size === 0) {
      knownDay = today;
      options.dayOver?.(today);
    }
    for (const reset of resets) publisher.dayReset(reset.day, reset.exchange);
    // Per model, prices sent at once came before its first queued transition; the commits keep their order.
    const published = [...batch.filter((item) => sendNow.has(item)), ...committed];
    for (const { event, committed: transition } of published) {
      if (event.kind === "new-signal") publisher.newSignal(event.signal, transition);
      else if (event.event !== "none") {
        const kind = event.event === "ltp" ? "ltp" : event.event;
        publisher.update(event.signal, event.changes, kind, transition);
      }
    }
  }

  /** Flushes run one after another, so transitions are stored and sent in the order they happened. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    warmUp(completed) {
      for (const runner of bySymbol.get(completed.symbol) ?? []) {
        if (runner.model.interval === completed.interval) runner.warmUp(completed.bar);
      }
    },
    onBar(completed, at) {
      for (const runner of bySymbol.get(completed.symbol) ?? []) {
        if (runner.model.interval === completed.interval) collect(runner.onBar(completed.bar), at);
      }
    },
    optionQuotes: () => quotes,
    onQuote(quote) {
      quotes.set(quote.key, quote);
      const symbol = quote.key.slice(0, quote.key.indexOf(":"));
      const underlying = lastPrice.get(symbol);
      const quoted = liveVolatility && underlying ? parseContractKey(quote.key) : undefined;
      if (quoted && underlying) {
        const expiresAt = expiryCloseAt(quoted.symbol, quoted.expiry, calendar);
        liveVolatility?.observe({ ...quoted, expiresAt }, quote, underlying);
      }
      for (const runner of bySymbol.get(symbol) ?? []) {
        const signal = runner.signal;
        if (signal && isActive(signal) && contractKey(signal) === quote.key) {
          collect(runner.onOptionQuote(quote), quote.tradedAt);
        }
      }
    },
    watched(now) {
      const keys: string[] = [];
      for (const runner of runners) {
        const signal = runner.signal;
        if (signal && isActive(signal)) keys.push(contractKey(signal));
      }
      if (resolve) {
        for (const [symbol, price] of lastPrice) {
          const { strikeStep } = optionUnderlying(symbol as OptionContract["symbol"]);
          const atm = nearestStrike(price, strikeStep);
          for (let step = -NEAR_STRIKES; step <= NEAR_STRIKES; step++) {
            for (const optionType of OPTION_TYPES) {
              const listed = resolve(
                symbol as OptionContract["symbol"],
                optionType,
                atm + step * strikeStep,
                now,
              );
              if (listed.ok && !keys.includes(contractKey(listed.contract))) {
                keys.push(contractKey(listed.contract));
              }
            }
          }
        }
      }
      for (const key of quotes.keys()) if (!keys.includes(key)) quotes.delete(key);
      return keys;
    },
    onTick(tick) {
      const list = bySymbol.get(tick.symbol);
      if (!list) return;
      lastPrice.set(tick.symbol, tick.price);
      for (const runner of list) {
        if (runner.signal) {
          collect(runner.onUnderlying({ time: tick.time, price: tick.price }), tick.time);
        }
      }
    },
    resume(now) {
      return serial(async () => {
        const stored = await repository.latestPerModel(MODEL_IDS);
        for (const signal of stored) {
          runners.find((runner) => runner.model.id === signal.modelId)?.restore(signal);
        }
        // A restart within a trading day does not reset the screens again.
        const day = dayKeyOf(now);
        for (const exchange of EXCHANGE_NAMES) {
          const first = sessionsOn(exchange, day, calendar)[0];
          if (first && now >= first.open) lastResetDay.set(exchange, day);
        }
        const open = stored.filter((s) => s.status === "generated" || s.status === "triggered");
        if (open.length > 0) log.info({ open: open.map((s) => s.id) }, "open signals resumed");
        await drain(now);
      });
    },
    flush(now) {
      return serial(() => drain(now));
    },
    catchingUp(on) {
      catchingUp = on;
    },
    async recordedSince(at) {
      const stored = await repository.latestPerModel(MODEL_IDS);
      return stored.some((signal) => signal.generatedAt >= at);
    },
    forceSquareOff(now, actor) {
      return serial(async () => {
        let changed = 0;
        for (const runner of runners) {
          const events = runner.forceSquareOff(now);
          changed += events.length;
          collect(events, now, actor);
        }
        await drain(now);
        return changed;
      });
    },
    inject(model, request, now, actor) {
      return serial(async (): Promise<InjectOutcome> => {
        const runner = runners.find((r) => r.model.id === model);
        if (!runner) throw new RangeError(`unknown model ${model}`);
        const price = lastPrice.get(runner.model.symbol);
        if (price === undefined) {
          return {
            ok: false,
            reason: "no-price",
            message: `No live price of ${runner.model.symbol} yet; try again in a moment.`,
          };
        }
        const outcome = runner.manual(request, price, now);
        if (!outcome.ok) return outcome;
        collect(outcome.events, now, actor);
        await drain(now);
        // Not committed yet (the database did not answer): it waits in the outbox, unpublished.
        return { ok: true, signal: outcome.signal, stored: !outboxes.has(model) };
      });
    },
    current: () => new Map(runners.map((runner) => [runner.model.id, runner.signal])),
  };
}
