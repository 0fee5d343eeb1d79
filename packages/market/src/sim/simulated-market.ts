/**
 * The simulated market: deterministic prices for every series from (seed, symbol, day). Daily bars for a
 * year, 1-minute bars for any past day and live ticks as a clock advances all come from the same paths,
 * so they always agree.
 */
import type { Bar } from "@kalpa/contracts/market";
import { type DayKey, MARKET_SYMBOLS, type MarketSymbol } from "@kalpa/contracts/names";
import { calendarVersion } from "../calendar/calendar-book";
import type { CalendarOptions } from "../calendar/sessions";
import type { Tick } from "../feed/tick";
import { DAILY_SERIES } from "../instruments/daily-series";
import type { SeriesSymbol } from "../instruments/instrument";
import { OPTION_UNDERLYINGS } from "../instruments/option-underlyings";
import { roundToTick } from "../instruments/price-steps";
import { Rng } from "../random/rng";
import { hashSeed } from "../random/seed-hash";
import { dayKeyOf } from "../time/day-key";
import { addDays, weekdayOf } from "../time/day-math";
import { instantAt } from "../time/time-of-day";
import { SIM_CALIBRATION } from "./calibration";
import { type CalibratedModel, DailyPath, type DailyPoint } from "./daily-path";
import { planDay, tradingFraction } from "./day-plan";
import { IntradayPath, ticksPerMinute } from "./intraday-path";
import type { SimCalibration } from "./sim-parameters";

export interface SimulatedMarketOptions {
  readonly seed: string | number;
  /** Spacing of simulated ticks per symbol (default 1000 ms: one a second). */
  readonly tickMs?: number;
  readonly calendar?: CalendarOptions;
  /** Fitted parameters of NIFTY and BANKNIFTY (default: the committed calibration.ts). */
  readonly calibration?: SimCalibration;
}

/** The fitted model of `symbol`, or undefined for a series the calibration does not cover (CRUDEOIL). */
function modelOf(calibration: SimCalibration, symbol: SeriesSymbol): CalibratedModel | undefined {
  if (symbol !== "NIFTY" && symbol !== "BANKNIFTY") return undefined;
  return {
    parameters: calibration.symbols[symbol],
    factor: calibration.factor,
    factorKey: "NSE-factor",
  };
}

/** Steps of the coarse path that gives a daily series its high and low. */
const DAILY_SERIES_RANGE_STEPS = 48;
/** Intraday days kept in memory per symbol (today and yesterday, for live ticks across midnight). */
const CACHED_DAYS = 2;

function isMarketSymbol(symbol: SeriesSymbol): symbol is MarketSymbol {
  return (MARKET_SYMBOLS as readonly string[]).includes(symbol);
}

function isWeekday(day: DayKey): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6;
}

export class SimulatedMarket {
  readonly seed: string | number;
  readonly tickMs: number;
  readonly #calendar: CalendarOptions;
  readonly #calibration: SimCalibration;
  readonly #paths = new Map<SeriesSymbol, DailyPath>();
  readonly #days = new Map<string, IntradayPath | null>();
  /** The calendar the cached paths were made with: an operator's change drops them (calendar-book.ts). */
  #calendarVersion = calendarVersion();

  constructor(options: SimulatedMarketOptions) {
    this.seed = options.seed;
    this.tickMs = options.tickMs ?? 1000;
    ticksPerMinute(this.tickMs);
    this.#calendar = options.calendar ?? {};
    this.#calibration = options.calibration ?? SIM_CALIBRATION;
  }

  /**
   * Drops what was made with an earlier calendar: the traded symbols' daily paths (which days trade, and
   * how long) and the intraday days. Days before a changed one come out the same; later ones move.
   */
  #followCalendar(): void {
    const current = calendarVersion();
    if (current === this.#calendarVersion) return;
    this.#calendarVersion = current;
    for (const symbol of MARKET_SYMBOLS) this.#paths.delete(symbol);
    this.#days.clear();
  }

  #path(symbol: SeriesSymbol): DailyPath {
    this.#followCalendar();
    let path = this.#paths.get(symbol);
    if (!path) {
      const calendar = this.#calendar;
      path = isMarketSymbol(symbol)
        ? new DailyPath({
            seed: this.seed,
            symbol,
            profile: OPTION_UNDERLYINGS[symbol].simulation,
            fractionOn: (day) =>
              tradingFraction(OPTION_UNDERLYINGS[symbol].exchange, day, calendar),
            model: modelOf(this.#calibration, symbol),
          })
        : new DailyPath({
            seed: this.seed,
            symbol,
            profile: DAILY_SERIES[symbol].simulation,
            fractionOn: (day) => (isWeekday(day) ? 1 : 0),
          });
      this.#paths.set(symbol, path);
    }
    return path;
  }

  /** The day's open, close and volume from the daily path; undefined when `symbol` does not trade. */
  dailyPoint(symbol: SeriesSymbol, day: DayKey): DailyPoint | undefined {
    return this.#path(symbol).pointOn(day);
  }

  /** The close of the last trading day before `day` (the snapshot's previous close). */
  previousClose(symbol: SeriesSymbol, day: DayKey): number {
    const own = this.dailyPoint(symbol, day);
    if (own) return this.#round(symbol, own.previousClose);
    const before = this.#path(symbol).pointsBetween(addDays(day, -30), addDays(day, -1)).at(-1);
    if (!before) throw new RangeError(`No simulated ${symbol} close before ${day}`);
    return this.#round(symbol, before.close);
  }

  #round(symbol: SeriesSymbol, price: number): number {
    const tick = isMarketSymbol(symbol)
      ? OPTION_UNDERLYINGS[symbol].underlyingTick
      : DAILY_SERIES[symbol].tick;
    return roundToTick(price, tick);
  }

  /** The intraday path of a traded symbol on `day`, or null when it does not trade. */
  intraday(symbol: MarketSymbol, day: DayKey): IntradayPath | null {
    this.#followCalendar();
    const key = `${symbol} ${day}`;
    const cached = this.#days.get(key);
    if (cached !== undefined) return cached;
    const point = this.dailyPoint(symbol, day);
    const instrument = OPTION_UNDERLYINGS[symbol];
    const path = point
      ? new IntradayPath({
          seed: this.seed,
          symbol,
          exchange: instrument.exchange,
          point,
          plan: planDay(instrument.exchange, day, this.#calendar),
          fullDayVariance: this.#path(symbol).intradaySigma ** 2,
          tickMs: this.tickMs,
          priceTick: instrument.underlyingTick,
          model: modelOf(this.#calibration, symbol),
        })
      : null;
    this.#days.set(key, path);
    const ofSymbol = [...this.#days.keys()].filter((k) => k.startsWith(`${symbol} `));
    for (const stale of ofSymbol.slice(0, -CACHED_DAYS)) this.#days.delete(stale);
    return path;
  }

  /** Every 1-minute bar of `symbol` on `day` (empty when it does not trade). */
  minuteBars(symbol: MarketSymbol, day: DayKey): Bar[] {
    const path = this.intraday(symbol, day);
    if (!path) return [];
    return path.slots.map((_, k) => path.minuteBar(k));
  }

  /**
   * The daily bar of `symbol` on `day`, stamped 00:00 Asia/Kolkata; undefined when it does not trade.
   * For traded symbols it is made from the day's ticks (so it costs a day of ticks to compute).
   */
  dailyBar(symbol: SeriesSymbol, day: DayKey): Bar | undefined {
    const point = this.dailyPoint(symbol, day);
    if (!point) return undefined;
    const time = instantAt(day, 0);
    if (isMarketSymbol(symbol)) {
      const minutes = this.minuteBars(symbol, day);
      return {
        time,
        open: minutes[0]?.open ?? 0,
        high: Math.max(...minutes.map((bar) => bar.high)),
        low: Math.min(...minutes.map((bar) => bar.low)),
        close: minutes.at(-1)?.close ?? 0,
        volume: minutes.reduce((sum, bar) => sum + bar.volume, 0),
      };
    }
    return this.#seriesBar(symbol, point, time);
  }

  /** High and low of a daily series from a coarse bridge between its open and close. */
  #seriesBar(symbol: SeriesSymbol, point: DailyPoint, time: number): Bar {
    const rng = new Rng(hashSeed(this.seed, symbol, point.day, "range"));
    const steps = DAILY_SERIES_RANGE_STEPS;
    const sigma = this.#path(symbol).intradaySigma / Math.sqrt(steps);
    const walk = [0];
    for (let i = 1; i <= steps; i += 1) walk.push((walk[i - 1] ?? 0) + sigma * rng.normal());
    const end = walk[steps] ?? 0;
    const open = Math.log(point.open);
    const move = Math.log(point.close) - open;
    const prices = walk.map((w, i) => Math.exp(open + (i / steps) * move + w - (i / steps) * end));
    return {
      time,
      open: this.#round(symbol, point.open),
      high: this.#round(symbol, Math.max(...prices)),
      low: this.#round(symbol, Math.min(...prices)),
      close: this.#round(symbol, point.close),
      volume: 0,
    };
  }

  /** Daily bars of `symbol` from `from` to `to` (both included, trading days only). */
  dailyBars(symbol: SeriesSymbol, from: DayKey, to: DayKey): Bar[] {
    return this.#path(symbol)
      .pointsBetween(from, to)
      .map((point) => this.dailyBar(symbol, point.day))
      .filter((bar): bar is Bar => bar !== undefined);
  }

  /** Every tick of `symbols` with `from < time <= to`, in time order. Quiet outside sessions. */
  ticksBetween(
    from: number,
    to: number,
    symbols: readonly MarketSymbol[] = MARKET_SYMBOLS,
  ): Tick[] {
    const ticks: Tick[] = [];
    if (!(to > from)) return ticks;
    for (let day = dayKeyOf(from); day <= dayKeyOf(to); day = addDays(day, 1)) {
      for (const symbol of symbols) {
        const path = this.intraday(symbol, day);
        if (!path) continue;
        path.slots.forEach((slot, k) => {
          if (slot.start > to || slot.start + 60_000 <= from) return;
          const { times, prices, volumes } = path.minuteTicks(k);
          times.forEach((time, j) => {
            if (time > from && time <= to) {
              ticks.push({ symbol, time, price: prices[j] ?? 0, volume: volumes[j] ?? 0 });
            }
          });
        });
      }
    }
    return ticks.sort((a, b) => a.time - b.time);
  }
}
