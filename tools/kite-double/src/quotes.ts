/**
 * The quote of each listed instrument at an instant, as the ticker packs it (everything but the mode):
 *
 * - an index: the simulator's last tick, the day's open, high and low, the previous close as `close`, and
 *   `change` as last price minus close (the field's unit is unconfirmed; the SDK recomputes it anyway);
 * - a CRUDEOIL future: the simulator's CRUDEOIL price (the simulator has one crude series, so every
 *   listed month quotes it: no term structure), the day's cumulative volume, a one-tick spread;
 * - an option: the product's simulatedPricer on the underlying's last tick, priced at that tick's time (so
 *   a closed market's quote stands still), a spread of max(1 tick, about 0.4% of the price) around it on
 *   the tick grid (best bid < last price < best ask), five levels a side one tick apart, quantities in
 *   whole lots of the row's `lot_size` (Kite's count: units on NFO, contracts on MCX), a cumulative volume that grows with the underlying's (busier near the money and near
 *   expiry), the day's open/high/low and the previous close priced at the previous close.
 *
 * Numbers nobody can check against Kite (quantities, orders, OI, the average price as the mean of open,
 * high, low and last) are deterministic functions of the token and the tick's second, so two runs with
 * the same seed and clock send the same bytes.
 */

import type { DayKey } from "@kalpa/contracts/names";
import type {
  KiteDepth,
  KiteDepthLevel,
  KitePacketInput,
} from "@kalpa/market/broker/kite/ticker-wire";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { roundToTick } from "@kalpa/market/instruments/price-steps";
import type { OptionContract } from "@kalpa/market/options/option-contract";
import type { OptionPricer } from "@kalpa/market/options/option-pricing";
import { daysBetween } from "@kalpa/market/time/day-math";
import type { ListedRow } from "./listing";
import type { Tape, UnderlyingState } from "./tape";

/** A quote before the mode is chosen. */
export type Quote = Omit<KitePacketInput, "mode">;

/** A small deterministic hash of integers (FNV-1a over 32-bit words, then a finaliser). */
export function mix(...values: number[]): number {
  let hash = 0x811c9dc5;
  for (const value of values) {
    hash = Math.imul(hash ^ (value | 0), 0x01000193);
    hash = Math.imul(hash ^ Math.floor(value / 0x1_0000_0000), 0x01000193);
  }
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  hash ^= hash >>> 12;
  return hash >>> 0;
}

function floorToTick(price: number, tick: number): number {
  return roundToTick(Math.floor(price / tick + 1e-9) * tick, tick);
}

function ceilToTick(price: number, tick: number): number {
  return roundToTick(Math.ceil(price / tick - 1e-9) * tick, tick);
}

/**
 * Five bids and five offers around `price`: the best bid at least a tick below it and the best offer at
 * least a tick above, `halfSpread` apart from it at most rounded outwards; levels one tick apart; a level
 * that would be at or below zero is empty.
 */
export function depthAround(
  price: number,
  tick: number,
  halfSpread: number,
  lotSize: number,
  seed: number,
): KiteDepth {
  const half = Math.max(tick, halfSpread);
  const bestBid = Math.min(floorToTick(price - half, tick), roundToTick(price - tick, tick));
  const bestAsk = Math.max(ceilToTick(price + half, tick), roundToTick(price + tick, tick));
  const level = (side: number, index: number, at: number): KiteDepthLevel => {
    if (at <= 0) return { price: 0, quantity: 0, orders: 0 };
    const lots = 1 + (mix(seed, side, index) % 24);
    return {
      price: at,
      quantity: lots * lotSize,
      orders: 1 + (mix(seed, side, index, 7) % Math.min(lots, 9)),
    };
  };
  const buy: KiteDepthLevel[] = [];
  const sell: KiteDepthLevel[] = [];
  for (let i = 0; i < 5; i += 1) {
    buy.push(level(0, i, roundToTick(bestBid - i * tick, tick)));
    sell.push(level(1, i, roundToTick(bestAsk + i * tick, tick)));
  }
  return { buy, sell };
}

function sideTotal(levels: readonly KiteDepthLevel[], seed: number): number {
  const shown = levels.reduce((sum, level) => sum + level.quantity, 0);
  return shown * (6 + (seed % 11));
}

/**
 * The share of the underlying's volume a contract trades: a future half of it; an option most at the
 * money, falling off with the distance of the strike from the day's reference price (the previous
 * close), and more as expiry nears.
 */
export function activityShare(row: ListedRow, reference: number, day: DayKey): number {
  const contract = row.contract;
  if (!contract) return 0.5;
  const distance = Math.abs(Math.log(contract.strike / reference));
  const daysLeft = Math.max(0, daysBetween(day, contract.expiry));
  return (0.2 * Math.exp(-25 * distance) * 7) / (7 + daysLeft);
}

/** Whole lots of `units`. */
function inLots(units: number, lotSize: number): number {
  return lotSize > 0 ? lotSize * Math.floor(units / lotSize) : Math.floor(units);
}

/** A contract's cumulative volume (units, whole lots) with the underlying's day volume at `volume`. */
export function contractVolume(row: ListedRow, share: number, volume: number): number {
  return row.kind === "future" ? volume : inLots(share * volume, row.lotSize);
}

/** A contract's open interest at the start of the day, and after `volume` of the day has traded. */
export function openInterest(
  row: ListedRow,
  share: number,
  volume: number,
): { oi: number; start: number } {
  const typical = OPTION_UNDERLYINGS[row.symbol].simulation.typicalDailyVolume;
  const start = inLots(share * typical * 2, row.lotSize);
  return { start, oi: start + inLots(volume * 0.1, row.lotSize) };
}

/** Running high and low of an option over the day (the model's extremes may fall as time passes). */
interface Extremes {
  day: DayKey;
  high: number;
  low: number;
}

export class QuoteBook {
  readonly #tape: Tape;
  readonly #pricer: OptionPricer;
  readonly #extremes = new Map<number, Extremes>();

  constructor(tape: Tape, pricer: OptionPricer) {
    this.#tape = tape;
    this.#pricer = pricer;
  }

  /** The underlying state a row quotes from at `at`. */
  underlying(row: ListedRow, at: number): UnderlyingState | undefined {
    const until = row.expiresAt === undefined ? at : Math.min(at, row.expiresAt);
    return this.#tape.state(row.symbol, until);
  }

  /** `row`'s quote at `at`, stamped with the exchange time `exchangeTime` (epoch s); undefined without prices. */
  quote(row: ListedRow, at: number, exchangeTime: number): Quote | undefined {
    const state = this.underlying(row, at);
    if (!state) return undefined;
    if (row.kind === "index") return indexQuote(row, state, exchangeTime);
    if (row.kind === "future") return futureQuote(row, state, exchangeTime);
    return this.#optionQuote(row, state, exchangeTime);
  }

  #price(contract: OptionContract, underlying: number, at: number): number {
    return this.#pricer(contract, underlying, Math.min(at, contract.expiresAt));
  }

  #optionQuote(row: ListedRow, u: UnderlyingState, exchangeTime: number): Quote | undefined {
    const contract = row.contract;
    if (!contract) return undefined;
    const tick = row.tickSize;
    const lotSize = row.lotSize;
    const lastPrice = this.#price(contract, u.price, u.time);
    const open = this.#price(contract, u.open, u.openTime);
    const close =
      u.previousCloseAt > 0 ? this.#price(contract, u.previousClose, u.previousCloseAt) : 0;
    const atHigh = this.#price(contract, u.high, u.time);
    const atLow = this.#price(contract, u.low, u.time);
    let extremes = this.#extremes.get(row.token);
    if (!extremes || extremes.day !== u.day) {
      extremes = { day: u.day, high: open, low: open };
      this.#extremes.set(row.token, extremes);
    }
    extremes.high = Math.max(extremes.high, atHigh, atLow, lastPrice);
    extremes.low = Math.min(extremes.low, atHigh, atLow, lastPrice);
    const share = activityShare(row, u.previousClose, u.day);
    const volume = contractVolume(row, share, u.volume);
    const second = Math.floor(u.time / 1000);
    const seed = mix(row.token, second);
    const depth = depthAround(lastPrice, tick, lastPrice * 0.002, lotSize, seed);
    const { oi, start } = openInterest(row, share, volume);
    return {
      token: row.token,
      lastPrice,
      lastQuantity: volume > 0 ? Math.min(volume, lotSize * (1 + (seed % 10))) : 0,
      averagePrice:
        volume > 0 ? roundToTick((open + extremes.high + extremes.low + lastPrice) / 4, tick) : 0,
      volume,
      buyQuantity: sideTotal(depth.buy, seed),
      sellQuantity: sideTotal(depth.sell, seed >>> 8),
      open,
      high: extremes.high,
      low: extremes.low,
      close,
      lastTradeTime: volume > 0 ? second : 0,
      oi,
      oiDayHigh: oi,
      oiDayLow: start,
      exchangeTime,
      depth,
    };
  }
}

function indexQuote(row: ListedRow, u: UnderlyingState, exchangeTime: number): Quote {
  return {
    token: row.token,
    lastPrice: u.price,
    open: u.open,
    high: u.high,
    low: u.low,
    close: u.previousClose,
    change: roundToTick(u.price - u.previousClose, 0.05),
    exchangeTime,
  };
}

function futureQuote(row: ListedRow, u: UnderlyingState, exchangeTime: number): Quote {
  const tick = row.tickSize;
  const second = Math.floor(u.time / 1000);
  const seed = mix(row.token, second);
  const depth = depthAround(u.price, tick, tick, row.lotSize, seed);
  const { oi, start } = openInterest(row, activityShare(row, u.previousClose, u.day), u.volume);
  return {
    token: row.token,
    lastPrice: u.price,
    lastQuantity: u.volume > 0 ? Math.max(1, u.tickVolume) : 0,
    averagePrice: roundToTick((u.open + u.high + u.low + u.price) / 4, tick),
    volume: u.volume,
    buyQuantity: sideTotal(depth.buy, seed),
    sellQuantity: sideTotal(depth.sell, seed >>> 8),
    open: u.open,
    high: u.high,
    low: u.low,
    close: u.previousClose,
    lastTradeTime: u.volume > 0 ? second : 0,
    oi,
    oiDayHigh: oi,
    oiDayLow: start,
    exchangeTime,
    depth,
  };
}
