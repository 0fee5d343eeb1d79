/**
 * The statistics the simulator is calibrated to and checked against, computed the same way on
 * recorded sessions and on simulated ones (the calibration table: MEASURE_ROWS and PAIR_ROWS below,
 * held to BANDS). Pure: the calibration script, the recorded check and the simulator's own test all
 * call these.
 *
 * Returns are log returns. Minute returns are close to close inside a session (the overnight move is the
 * gap, counted only in the daily return); daily returns are close to close across sessions.
 */

/** One regular session of one symbol: the first bar's open and every minute's close, by minute of session. */
export interface MinuteSession {
  readonly day: string;
  readonly open: number;
  /** Close of minute k of the session (0 = the opening minute); NaN where a bar is missing. */
  readonly closes: readonly number[];
}

export interface MarketMeasures {
  /** Standard deviation of daily close-to-close log returns, × √252. */
  readonly dailyVolatility: number;
  /** Excess kurtosis of minute close-to-close log returns, pooled over the sessions. */
  readonly minuteKurtosis: number;
  /** Excess kurtosis of daily close-to-close log returns. */
  readonly dailyKurtosis: number;
  /** Root mean square minute return over the last 15 minutes, over that at midday (12:00–13:30). */
  readonly closeToMiddayVolatility: number;
  /** Mean absolute opening gap (open against the previous session's close). */
  readonly meanAbsGap: number;
}

export interface PairMeasures {
  readonly minuteCorrelation: number;
  readonly dailyCorrelation: number;
}

export const TRADING_DAYS_PER_YEAR = 252;
/** Minutes of a regular NSE session (09:15–15:30). */
export const NSE_SESSION_MINUTES = 375;
/** Midday: 12:00 to 13:30, as minutes of the NSE session. */
const MIDDAY = { from: 165, to: 255 } as const;
const LAST_MINUTES = 15;

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length === 0 ? Number.NaN : sum / values.length;
}

export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  let sum = 0;
  for (const v of values) sum += (v - m) ** 2;
  return Math.sqrt(sum / (values.length - 1));
}

/** Sample excess kurtosis (the moment estimator: m4 / m2² − 3). */
export function excessKurtosis(values: readonly number[]): number {
  const m = mean(values);
  let m2 = 0;
  let m4 = 0;
  for (const v of values) {
    const d = (v - m) ** 2;
    m2 += d;
    m4 += d * d;
  }
  m2 /= values.length;
  m4 /= values.length;
  return m4 / (m2 * m2) - 3;
}

export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] ?? Number.NaN;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

function lastClose(session: MinuteSession): number {
  for (let k = session.closes.length - 1; k >= 0; k -= 1) {
    const close = session.closes[k] ?? Number.NaN;
    if (Number.isFinite(close)) return close;
  }
  return Number.NaN;
}

/** Minute k's close-to-close log return (NaN for the opening minute or a missing bar). */
export function minuteReturn(session: MinuteSession, k: number): number {
  if (k < 1) return Number.NaN;
  return Math.log((session.closes[k] ?? Number.NaN) / (session.closes[k - 1] ?? Number.NaN));
}

/** A figure of each session against the one before it, keyed by the later session's day. */
function againstPrevious(
  sessions: readonly MinuteSession[],
  figure: (session: MinuteSession, previousClose: number) => number,
): Map<string, number> {
  const figures = new Map<string, number>();
  for (let i = 1; i < sessions.length; i += 1) {
    const before = sessions[i - 1];
    const session = sessions[i];
    if (before && session) figures.set(session.day, figure(session, lastClose(before)));
  }
  return figures;
}

/** Daily close-to-close log returns, keyed by the later day (sessions in day order). */
export function dailyReturns(sessions: readonly MinuteSession[]): Map<string, number> {
  return againstPrevious(sessions, (session, close) => Math.log(lastClose(session) / close));
}

/** Opening gaps (open against the previous close), keyed by day. */
export function openingGaps(sessions: readonly MinuteSession[]): Map<string, number> {
  return againstPrevious(sessions, (session, close) => Math.log(session.open / close));
}

/** Every minute close-to-close return of the sessions, pooled. */
export function minuteReturns(sessions: readonly MinuteSession[]): number[] {
  const returns: number[] = [];
  for (const session of sessions) {
    for (let k = 1; k < session.closes.length; k += 1) {
      const r = minuteReturn(session, k);
      if (Number.isFinite(r)) returns.push(r);
    }
  }
  return returns;
}

/** Mean square minute return by minute of session (minute 0: the opening bar's open to close). */
export function minuteVarianceProfile(sessions: readonly MinuteSession[]): number[] {
  const length = Math.max(...sessions.map((s) => s.closes.length));
  const sums = new Array<number>(length).fill(0);
  const counts = new Array<number>(length).fill(0);
  for (const session of sessions) {
    for (let k = 0; k < session.closes.length; k += 1) {
      const r =
        k === 0
          ? Math.log((session.closes[0] ?? Number.NaN) / session.open)
          : minuteReturn(session, k);
      if (!Number.isFinite(r)) continue;
      sums[k] = (sums[k] ?? 0) + r * r;
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  return sums.map((sum, k) => sum / (counts[k] || 1));
}

function rootMeanSquare(sessions: readonly MinuteSession[], from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (const session of sessions) {
    for (let k = Math.max(from, 1); k < Math.min(to, session.closes.length); k += 1) {
      const r = minuteReturn(session, k);
      if (!Number.isFinite(r)) continue;
      sum += r * r;
      count += 1;
    }
  }
  return Math.sqrt(sum / count);
}

/** The measures of one symbol's sessions (in day order, consecutive trading sessions). */
export function measureSessions(sessions: readonly MinuteSession[]): MarketMeasures {
  const daily = [...dailyReturns(sessions).values()];
  const length = sessions[0]?.closes.length ?? NSE_SESSION_MINUTES;
  return {
    dailyVolatility: standardDeviation(daily) * Math.sqrt(TRADING_DAYS_PER_YEAR),
    minuteKurtosis: excessKurtosis(minuteReturns(sessions)),
    dailyKurtosis: excessKurtosis(daily),
    closeToMiddayVolatility:
      rootMeanSquare(sessions, length - LAST_MINUTES, length) /
      rootMeanSquare(sessions, MIDDAY.from, MIDDAY.to),
    meanAbsGap: mean([...openingGaps(sessions).values()].map(Math.abs)),
  };
}

/** Correlation of two figures keyed by day, over the days both have. */
export function sameDayCorrelation(a: Map<string, number>, b: Map<string, number>): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [day, x] of a) {
    const y = b.get(day);
    if (y === undefined) continue;
    xs.push(x);
    ys.push(y);
  }
  return correlation(xs, ys);
}

/** Correlations of two symbols' minute returns (same day, same minute) and daily returns (same day). */
export function measurePair(
  a: readonly MinuteSession[],
  b: readonly MinuteSession[],
): PairMeasures {
  const byDay = new Map(b.map((session) => [session.day, session]));
  const xs: number[] = [];
  const ys: number[] = [];
  for (const session of a) {
    const other = byDay.get(session.day);
    if (!other) continue;
    for (let k = 1; k < session.closes.length; k += 1) {
      const x = minuteReturn(session, k);
      const y = minuteReturn(other, k);
      if (Number.isFinite(x) && Number.isFinite(y)) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return {
    minuteCorrelation: correlation(xs, ys),
    dailyCorrelation: sameDayCorrelation(dailyReturns(a), dailyReturns(b)),
  };
}

/** The session seen at a coarser step: the close of every `minutes`-th minute (15: the 15-minute bars). */
export function coarsen(session: MinuteSession, minutes: number): MinuteSession {
  const closes: number[] = [];
  for (let k = minutes - 1; k < session.closes.length; k += minutes) {
    closes.push(session.closes[k] ?? Number.NaN);
  }
  return { day: session.day, open: session.open, closes };
}

/** Excess kurtosis of 15-minute close-to-close returns inside the sessions. */
export function quarterHourKurtosis(sessions: readonly MinuteSession[]): number {
  return excessKurtosis(minuteReturns(sessions.map((s) => coarsen(s, 15))));
}

/**
 * The last 15-minute bar's root mean square return over that of the midday bars (12:00–13:30), from
 * 15-minute sessions (25 bars from 09:15): the close's volatility where only 15-minute bars are recorded.
 */
export function quarterHourCloseRatio(quarterHourSessions: readonly MinuteSession[]): number {
  return rootMeanSquare(quarterHourSessions, 24, 25) / rootMeanSquare(quarterHourSessions, 11, 17);
}

/** The calibration table's rows: which measure, and how it is held to the market. */
export const MEASURE_ROWS = [
  { key: "dailyVolatility", label: "daily volatility, annualised", band: "ratio" },
  { key: "minuteKurtosis", label: "1-minute return, excess kurtosis", band: "kurtosis" },
  { key: "dailyKurtosis", label: "daily return, excess kurtosis", band: "kurtosis" },
  {
    key: "closeToMiddayVolatility",
    label: "last 15 minutes' volatility / midday's",
    band: "ratio",
  },
] as const;

export const PAIR_ROWS = [
  { key: "minuteCorrelation", label: "NIFTY–BANKNIFTY correlation, 1-minute" },
  { key: "dailyCorrelation", label: "NIFTY–BANKNIFTY correlation, daily" },
] as const;

/**
 * How close to the market each row must come: a ratio to the market within 0.7–1.4 (kurtosis 0.4–2.5),
 * correlations ±0.15.
 */
export const BANDS = {
  ratio: { low: 0.7, high: 1.4 },
  kurtosis: { low: 0.4, high: 2.5 },
  correlation: 0.15,
} as const;

/** Whether a simulated figure is within its band of the market's. */
export function withinBand(
  band: "ratio" | "kurtosis" | "correlation",
  simulated: number,
  market: number,
): boolean {
  if (band === "correlation") return Math.abs(simulated - market) <= BANDS.correlation;
  const { low, high } = BANDS[band];
  const ratio = simulated / market;
  return ratio >= low && ratio <= high;
}
