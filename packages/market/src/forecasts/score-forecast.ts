/**
 * Scoring a finished day (docs/models.md "Forecasts").
 *
 * Each part's target and stop on the underlying (for options, the levels its premiums were priced at) are
 * compared with the day's bars in time order: the 1-minute bars where they exist ("intraday"), else the
 * daily bar ("daily").
 *
 * 1. The day opened at or through the target (the first bar's open): "not-entered". The move happened
 *    before anyone could act on the plan's entry, so it is not a hit.
 * 2. The day opened at or through the stop: "stop" (it came first, whatever the bar did next).
 * 3. Otherwise the first bar that reaches either level decides. A bar that reaches both: on 1-minute bars
 *    "stop" (the order inside a minute is unknown, so the worse is assumed; such a minute is rare), on the
 *    daily bar "undecided" (a whole day's range says nothing about which came first).
 * 4. Neither reached by the end of the day: "neither".
 *
 * The hit rate is targets over decided parts (target, stop or neither): "not-entered" and "undecided" are
 * left out of it. The favoured side of a day is the part with the higher probability bias; a 50/50 day has
 * none. The Brier score reads the call's bias as the chance that the day closes above its reference close
 * (the previous session's close); a close equal to the reference is not above. It is set beside three
 * references: always 50%, yesterday's direction, and the climatology (the window's share of up-days, a
 * hindsight rate), with the skill score 1 − BS ÷ BS_reference against always 50% and the climatology.
 */
import {
  COIN_FLIP_BRIER,
  type ForecastBrier,
  type ForecastHitRate,
  type ForecastOutcome,
  type ForecastScoreWindow,
  type ForecastSide,
} from "@kalpa/contracts/api/forecast";
import type { Bar } from "@kalpa/contracts/market";
import type { PartLevels } from "./generate-forecast";

/** What the bars of a day are: 1-minute bars, or the single daily bar. */
export type ScoringBars = "intraday" | "daily";

export type ScoredBar = Pick<Bar, "open" | "high" | "low" | "close">;

export function scoreForecastPart(
  levels: Pick<PartLevels, "direction" | "target" | "stop">,
  bars: readonly ScoredBar[],
  kind: ScoringBars,
): ForecastOutcome {
  const up = levels.direction === "up";
  const reaches = (price: number, level: number, towards: "target" | "stop") =>
    up === (towards === "target") ? price >= level : price <= level;
  const first = bars[0];
  if (!first) return "neither";
  if (reaches(first.open, levels.target, "target")) return "not-entered";
  if (reaches(first.open, levels.stop, "stop")) return "stop";
  for (const bar of bars) {
    const target = reaches(up ? bar.high : bar.low, levels.target, "target");
    const stop = reaches(up ? bar.low : bar.high, levels.stop, "stop");
    if (target && stop) return kind === "daily" ? "undecided" : "stop";
    if (stop) return "stop";
    if (target) return "target";
  }
  return "neither";
}

/** How a set of parts scored: the hit rate is targets over decided parts, a whole percent (null when none). */
export function hitRate(outcomes: readonly (ForecastOutcome | null)[]): ForecastHitRate {
  const count = (outcome: ForecastOutcome) => outcomes.filter((o) => o === outcome).length;
  const targets = count("target");
  const stops = count("stop");
  const neither = count("neither");
  const decided = targets + stops + neither;
  return {
    scored: outcomes.filter((o) => o !== null).length,
    decided,
    targets,
    stops,
    neither,
    notEntered: count("not-entered"),
    undecided: count("undecided"),
    percent: decided > 0 ? Math.round((targets / decided) * 100) : null,
  };
}

/** The part with the higher bias; null when they are equal (a 50/50 day). */
export function favouredSide(callBias: number, putBias: number): ForecastSide | null {
  if (callBias > putBias) return "call";
  if (putBias > callBias) return "put";
  return null;
}

/**
 * Whether `close` is above `reference`. Both are prices on the same tick grid; the tolerance only absorbs
 * floating-point noise, so a close on the reference (a tie) is not above.
 */
export function closedAbove(close: number, reference: number): boolean {
  return close - reference > 1e-9 * Math.max(1, Math.abs(reference));
}

/** The mean of (p − o)² over the pairs; null with none. */
export function brierScore(
  pairs: readonly { probability: number; outcome: 0 | 1 }[],
): number | null {
  if (pairs.length === 0) return null;
  const total = pairs.reduce(
    (sum, { probability, outcome }) => sum + (probability - outcome) ** 2,
    0,
  );
  return total / pairs.length;
}

/** What the scores read of one forecast day. */
export interface ForecastScoreDay {
  /** The call's probability bias, a whole percent (the put's is 100 minus it). */
  readonly callBias: number;
  readonly putBias: number;
  readonly callOutcome: ForecastOutcome | null;
  readonly putOutcome: ForecastOutcome | null;
  /** The previous session's close, which the forecast was made from. */
  readonly referenceClose: number;
  /** The day's close; null when unknown (then the day is left out of the Brier scores). */
  readonly close: number | null;
  /**
   * The reference close of the forecast of the forecast day just before (the close of the session before
   * the previous one); null when that forecast is not stored (then the day is left out of the Brier
   * scores, the forecast's and the baseline's alike, so both are over the same days).
   */
  readonly previousReferenceClose: number | null;
}

/**
 * The skill score of a Brier score against a reference's: 1 − score ÷ reference. Above 0 the score beat the
 * reference, 0 it matched it, below 0 it did worse. Null when either is unknown, or when the reference is 0
 * (perfect): nothing can beat a perfect reference, and the ratio would divide by zero.
 */
export function skillScore(score: number | null, reference: number | null): number | null {
  if (score === null || reference === null || reference === 0) return null;
  return 1 - score / reference;
}

/**
 * Brier scores over `days`: of the call's bias, of the previous day's direction (as 1 or 0) and of the
 * window's climatology (its share of up-days, said every day: known only once the window is over), with
 * the forecast's skill scores against always 50% and against the climatology.
 */
export function brierScores(days: readonly ForecastScoreDay[]): ForecastBrier {
  const forecast: { probability: number; outcome: 0 | 1 }[] = [];
  const baseline: { probability: number; outcome: 0 | 1 }[] = [];
  for (const day of days) {
    if (day.close === null || day.previousReferenceClose === null) continue;
    const outcome = closedAbove(day.close, day.referenceClose) ? 1 : 0;
    const previousUp = closedAbove(day.referenceClose, day.previousReferenceClose);
    forecast.push({ probability: day.callBias / 100, outcome });
    baseline.push({ probability: previousUp ? 1 : 0, outcome });
  }
  const upDays = forecast.filter((pair) => pair.outcome === 1).length;
  // The climatology is the share of up-days said every day; its Brier score is share × (1 − share).
  const upShare = forecast.length > 0 ? upDays / forecast.length : 0;
  const climatology = brierScore(
    forecast.map(({ outcome }) => ({ probability: upShare, outcome })),
  );
  const forecastScore = brierScore(forecast);
  const round = (value: number | null) => {
    if (value === null) return null;
    const rounded = Math.round(value * 1e4) / 1e4;
    // No "−0": a skill a hair below 0 reads as 0, the same as its sign in words.
    return rounded === 0 ? 0 : rounded;
  };
  return {
    days: forecast.length,
    upDays,
    forecast: round(forecastScore),
    baseline: round(brierScore(baseline)),
    climatology: round(climatology),
    skill: {
      coinFlip: round(skillScore(forecastScore, forecast.length > 0 ? COIN_FLIP_BRIER : null)),
      climatology: round(skillScore(forecastScore, climatology)),
    },
  };
}

/**
 * The hit rates (favoured side, call, put) and Brier scores over the last `lastDays` of `days` (oldest
 * first, scored days only), or all of them when null.
 */
export function scoreWindow(
  days: readonly ForecastScoreDay[],
  lastDays: number | null,
): ForecastScoreWindow {
  const window = lastDays === null ? days : days.slice(-lastDays);
  const favoured = window.flatMap((day) => {
    const side = favouredSide(day.callBias, day.putBias);
    if (side === null) return [];
    return [side === "call" ? day.callOutcome : day.putOutcome];
  });
  return {
    lastDays,
    days: window.length,
    favoured: hitRate(favoured),
    call: hitRate(window.map((day) => day.callOutcome)),
    put: hitRate(window.map((day) => day.putOutcome)),
    brier: brierScores(window),
  };
}
