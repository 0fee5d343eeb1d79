/**
 * The backtest: a model run over past days exactly as the engine runs it live. Each day's 1-minute bars
 * of the underlying are replayed in order; for each minute, the active signal's option is priced at the
 * minute's open, high, low and close (the lifecycle reads the range), then the model's bar that the
 * minute completes (1, 5 or 15 minutes) is fed to the model, then the clock moves to the minute's end
 * (square-off). Option premiums come from the pricing model and the IV model. The days before `from`
 * warm the indicators up without signals. Pure and deterministic: the same source gives the same trades.
 */
import type { Bar } from "@kalpa/contracts/market";
import type { DayKey, ModelId } from "@kalpa/contracts/names";
import { type SignalCloseReason, type StopFill, stopFillOf } from "@kalpa/contracts/signals";
import { aggregateBars } from "../bars/aggregate-bars";
import { type CalendarOptions, isTradingDay, previousTradingDay } from "../calendar/sessions";
import { optionUnderlying } from "../instruments/option-underlyings";
import { type RoundTripResult, roundTripResult } from "../journal/charges";
import { type TrackRecord, trackRecord } from "../journal/statistics";
import { createModel } from "../models/models";
import type { ContractMarket } from "../models/signal-intent";
import type { SignalModel } from "../models/signal-model";
import type { OptionContract } from "../options/option-contract";
import {
  DEFAULT_PRICING,
  type OptionPricer,
  type PricingSettings,
  simulatedPricer,
} from "../options/option-pricing";
import { ModelRunner, type SignalEvent } from "../signals/model-runner";
import { isActive, type Signal } from "../signals/signal";
import type { SquareOffTimes } from "../signals/square-off";
import { addDays } from "../time/day-math";
import { MINUTE_MS } from "../time/time-of-day";
import type { MinuteBarSource } from "./bar-source";

export interface BacktestOptions {
  /** The model to run: an id (default parameters) or a model instance (own parameters). */
  readonly model: ModelId | SignalModel;
  readonly from: DayKey;
  readonly to: DayKey;
  readonly source: MinuteBarSource;
  /** Trading days before `from` that warm the indicators up (default 5). */
  readonly warmupDays?: number;
  readonly pricing?: PricingSettings;
  /** Premiums from the underlying's price (default: the simulated option market on `pricing`). */
  readonly pricer?: OptionPricer;
  readonly squareOff?: SquareOffTimes;
  readonly calendar?: CalendarOptions;
  readonly lots?: number;
  /** Ticks of slippage each model-priced fill takes (default: the lifecycle's DEFAULT_SLIPPAGE_TICKS). */
  readonly slippageTicks?: number;
  /** The stop's limit, percent below its trigger (default: the lifecycle's DEFAULT_STOP_LIMIT_PERCENT). */
  readonly stopLimitPercent?: number;
  /**
   * Recorded option prices (feed/recorded-market.ts): the contracts a signal may trade and their quotes at
   * its birth. A signal born on a quote is then priced by its contract's recorded 1-minute bars (their
   * range, with the signal's slippage), never by the model.
   */
  readonly contracts?: ContractMarket;
  /** The recorded bar of a contract in the minute that starts at `time`, if it traded then. */
  readonly optionBar?: (contract: OptionContract, time: number) => Bar | undefined;
  /** Hears every event of the run as it happens (the server writes them as the engine would). */
  readonly onEvent?: (event: SignalEvent) => void;
}

export interface BacktestTrade {
  readonly id: string;
  readonly day: DayKey;
  readonly signal: Signal;
  readonly entryPrice: number;
  readonly exitPrice: number;
  readonly closeReason: SignalCloseReason;
  /** What became of its stop (contracts stopFillOf); null when it never triggered. */
  readonly stopFill: StopFill | null;
  /** Gross rupees: (exit − entry) × lot size × lots. */
  readonly gross: number;
  /** After the broker's charges on the round trip (journal/charges.ts). */
  readonly result: RoundTripResult;
}

export interface BacktestSummary {
  /** Trading days run (with bars). */
  readonly days: number;
  /** Bars of the model's interval it read on those days (a random baseline's rate is per bar). */
  readonly bars: number;
  readonly signals: number;
  readonly signalsPerDay: number;
  /** Signals that never reached their entry zone. */
  readonly cancelled: number;
  readonly trades: number;
  readonly wins: number;
  readonly losses: number;
  /** wins / trades (0 to 1), null without trades. */
  readonly winRate: number | null;
  readonly grossPnl: number;
  readonly averageWin: number | null;
  readonly averageLoss: number | null;
  /** Largest fall of cumulative gross P/L from a previous high, by closing day. */
  readonly maxDrawdown: number;
  readonly netPnl: number;
  /** Net P/L per trade, after charges and slippage; null without trades. */
  readonly expectancy: number | null;
  /** Net wins over net losses; null without a loss. */
  readonly profitFactor: number | null;
  /** The most losing trades (net) in a row. */
  readonly longestLosingStreak: number;
  readonly closeReasons: Readonly<Record<SignalCloseReason, number>>;
  /** Trades whose stop triggered; of those, the ones the price gapped past (they rested unfilled)... */
  readonly stopsTriggered: number;
  readonly stopsPastLimit: number;
  /** ...and of those, the ones still resting at the square-off. */
  readonly stopsSquaredOff: number;
}

export interface BacktestResult {
  readonly modelId: ModelId;
  readonly from: DayKey;
  readonly to: DayKey;
  /** Every signal, in order, in its final state. */
  readonly signals: readonly Signal[];
  readonly trades: readonly BacktestTrade[];
  readonly summary: BacktestSummary;
  /** Track records on gross and on net P/L (journal/statistics.ts), with the equity curves. */
  readonly gross: TrackRecord;
  readonly net: TrackRecord;
}

/**
 * A day's bars of an interval, aggregated once per day's minutes (a source that hands out the same array
 * each time, as the recorded market does, is aggregated once for every run over it: the baselines make a
 * hundred). Keyed by the minutes' array, so nothing is kept once the source lets it go.
 */
const aggregated = new WeakMap<readonly Bar[], Map<string, readonly Bar[]>>();

function aggregatedOnce(
  minutes: readonly Bar[],
  /** The interval and the calendar's options the bars were aggregated with. */
  key: string,
  aggregate: () => readonly Bar[],
): readonly Bar[] {
  let byInterval = aggregated.get(minutes);
  if (!byInterval) {
    byInterval = new Map();
    aggregated.set(minutes, byInterval);
  }
  let bars = byInterval.get(key);
  if (!bars) {
    bars = aggregate();
    byInterval.set(key, bars);
  }
  return bars;
}

function tradingDaysBefore(
  exchange: "NSE" | "MCX",
  day: DayKey,
  count: number,
  calendar: CalendarOptions,
): DayKey[] {
  const days: DayKey[] = [];
  let current = day;
  for (let i = 0; i < count; i += 1) {
    current = previousTradingDay(exchange, current, calendar);
    days.unshift(current);
  }
  return days;
}

/** Runs `options.model` over the days from `from` to `to` (both included). */
export function runBacktest(options: BacktestOptions): BacktestResult {
  const model = typeof options.model === "string" ? createModel(options.model) : options.model;
  const calendar = options.calendar ?? {};
  const { exchange } = optionUnderlying(model.symbol);
  const runner = new ModelRunner(model, {
    pricer: options.pricer ?? simulatedPricer(options.pricing ?? DEFAULT_PRICING),
    squareOff: options.squareOff,
    calendar,
    lots: options.lots,
    slippageTicks: options.slippageTicks,
    stopLimitPercent: options.stopLimitPercent,
    market: options.contracts,
  });
  const modelBars = (minutes: readonly Bar[]) =>
    model.interval === "1m"
      ? minutes
      : aggregatedOnce(minutes, `${model.interval} ${calendar.nseClose ?? ""}`, () =>
          aggregateBars(minutes, exchange, model.interval, calendar),
        );

  for (const day of tradingDaysBefore(exchange, options.from, options.warmupDays ?? 5, calendar)) {
    for (const bar of modelBars(options.source.minuteBars(model.symbol, day))) runner.warmUp(bar);
  }

  const signals = new Map<string, Signal>();
  const record = (events: SignalEvent[]) => {
    for (const event of events) {
      signals.set(event.signal.id, event.signal);
      options.onEvent?.(event);
    }
  };
  let days = 0;
  let barsRead = 0;
  for (let day = options.from; day <= options.to; day = addDays(day, 1)) {
    if (!isTradingDay(exchange, day, calendar)) continue;
    const minutes = options.source.minuteBars(model.symbol, day);
    if (minutes.length === 0) continue;
    days += 1;
    const bars = modelBars(minutes);
    barsRead += bars.length;
    let current = 0; // the model's bar the minutes are in
    minutes.forEach((minute, i) => {
      const end = minute.time + MINUTE_MS;
      const active = runner.signal;
      const option =
        active && active.priceSource === "quote" && isActive(active)
          ? options.optionBar?.(active, minute.time)
          : undefined;
      if (option) {
        record(
          runner.onOptionPrice({
            time: end,
            open: option.open,
            high: option.high,
            low: option.low,
            price: option.close,
          }),
        );
      }
      record(
        runner.onUnderlying({
          time: end,
          open: minute.open,
          high: minute.high,
          low: minute.low,
          price: minute.close,
        }),
      );
      // The model's bar completes with the day's last minute, or when the next minute opens the next bar.
      const next = minutes[i + 1];
      const following = bars[current + 1];
      if (!next || (following && next.time >= following.time)) {
        const bar = bars[current];
        if (bar) record(runner.onBar(bar));
        current += 1;
      }
      record(runner.onClock(end));
    });
  }

  const all = [...signals.values()];
  const trades: BacktestTrade[] = all.flatMap((signal) => {
    const { entryPrice, exitPrice, closeReason, pnl } = signal;
    if (signal.status !== "closed" || entryPrice === null || exitPrice === null) return [];
    if (closeReason === null || pnl === null) return [];
    const result = roundTripResult({
      symbol: signal.symbol,
      buyPrice: entryPrice,
      sellPrice: exitPrice,
      quantity: signal.lotSize * signal.lots,
      lotSize: signal.lotSize,
      sellDay: signal.day,
    });
    return [
      {
        id: signal.id,
        day: signal.day,
        signal,
        entryPrice,
        exitPrice,
        closeReason,
        stopFill: stopFillOf(signal),
        gross: pnl,
        result,
      },
    ];
  });
  const figures = (net: (trade: BacktestTrade) => number) =>
    trades.map((t) => ({ day: t.day, gross: t.gross, net: net(t), stopFill: t.stopFill }));
  const gross = trackRecord(figures((t) => t.gross));
  const net = trackRecord(figures((t) => t.result.net));
  let streak = 0;
  let longestLosingStreak = 0;
  for (const trade of [...trades].sort((a, b) => a.signal.updatedAt - b.signal.updatedAt)) {
    streak = trade.result.net < 0 ? streak + 1 : 0;
    longestLosingStreak = Math.max(longestLosingStreak, streak);
  }
  const closeReasons = { target: 0, stop: 0, eod: 0, expiry: 0 };
  for (const trade of trades) closeReasons[trade.closeReason] += 1;
  return {
    modelId: model.id,
    from: options.from,
    to: options.to,
    signals: all,
    trades,
    summary: {
      days,
      bars: barsRead,
      signals: all.length,
      signalsPerDay: days === 0 ? 0 : Math.round((all.length / days) * 100) / 100,
      cancelled: all.filter((s) => s.status === "cancelled").length,
      trades: gross.trades,
      wins: gross.wins,
      losses: gross.losses,
      winRate: gross.winRate,
      grossPnl: gross.gross,
      averageWin: gross.averageWin,
      averageLoss: gross.averageLoss,
      maxDrawdown: gross.maxDrawdown,
      netPnl: net.net,
      expectancy: net.expectancy,
      profitFactor: net.profitFactor,
      longestLosingStreak,
      closeReasons,
      stopsTriggered: gross.stopsTriggered,
      stopsPastLimit: gross.stopsPastLimit,
      stopsSquaredOff: gross.stopsSquaredOff,
    },
    gross,
    net,
  };
}
