/**
 * The live charts' candles: 1-minute candles whose `time` is the epoch ms at which the minute starts on the
 * market clock (the option's from GET /api/signals/:id/chart, the underlying's from GET /api/market/bars),
 * extended by live prices, and what the chart library is given.
 */

export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export const MINUTE_MS = 60_000;

/** India's offset from UTC: +05:30 all year since 1945. */
const INDIA_OFFSET_MS = 330 * MINUTE_MS;

/** The start of the minute `instant` falls in. */
export function minuteOf(instant: number): number {
  return Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * A price seen at `instant` added to the candles: it moves the last candle when it falls in that candle's
 * minute, and starts a new candle when it falls in a later one. A price from before the last candle's
 * minute (late, or out of order) changes nothing and the same array is returned; so is one that is not a
 * finite positive number.
 */
export function extendCandles<C extends Candle>(
  candles: readonly C[],
  price: number,
  instant: number,
  start: (candle: Candle) => C,
): readonly C[] {
  if (!Number.isFinite(price) || price <= 0 || !Number.isFinite(instant)) return candles;
  const minute = minuteOf(instant);
  const last = candles[candles.length - 1];
  if (last && minute < last.time) return candles;
  if (last && minute === last.time) {
    const high = Math.max(last.high, price);
    const low = Math.min(last.low, price);
    if (high === last.high && low === last.low && price === last.close) return candles;
    return [...candles.slice(0, -1), { ...last, high, low, close: price }];
  }
  return [...candles, start({ time: minute, open: price, high: price, low: price, close: price })];
}

/**
 * The chart library's time for an instant: UTC seconds, moved by India's offset so that its axis, which
 * reads times as UTC, shows the market's clock (09:15 for the NSE open wherever the browser is).
 */
export function chartTime(instant: number): number {
  return Math.floor((instant + INDIA_OFFSET_MS) / 1000);
}

export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export function toChartCandle(candle: Candle): ChartCandle {
  return {
    time: chartTime(candle.time),
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
  };
}
