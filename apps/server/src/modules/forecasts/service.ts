/**
 * Forecast rules on the server: make the forecast of each instrument before its session (from the stored
 * daily bars for NIFTY, BANKNIFTY and CRUDEOIL, from the simulated daily series for XAU, XAG and DXY), keep
 * the recent days filled in so the page has history and the scores their windows, score each day once it
 * is over (outcomes and the day's close), and answer the page with the hit rates and Brier scores.
 */
import {
  FORECAST_HISTORY_DAYS,
  FORECAST_SCORE_WINDOWS,
  type ForecastOutcome,
  type ForecastResponse,
} from "@kalpa/contracts/api/forecast";
import type { Bar } from "@kalpa/contracts/market";
import { type DayKey, FORECAST_SLUGS, type ForecastSlug } from "@kalpa/contracts/names";
import { previousBusinessDay, sessionsOn } from "@kalpa/market/calendar/sessions";
import { FORECAST_INSTRUMENTS, isForecastDay } from "@kalpa/market/forecasts/forecast-instruments";
import { forecastContracts, generateForecast } from "@kalpa/market/forecasts/generate-forecast";
import {
  type ForecastScoreDay,
  type ScoringBars,
  scoreForecastPart,
  scoreWindow,
} from "@kalpa/market/forecasts/score-forecast";
import type { DailySeriesSymbol } from "@kalpa/market/instruments/instrument";
import type { OptionContract } from "@kalpa/market/options/option-contract";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyBaseLogger as Logger } from "fastify";
import { createTtlCache } from "../../lib/ttl-cache";
import type { MarketRepository } from "../market/repository";
import type { ForecastRepository, ForecastRow } from "./repository";

/** Daily bars a forecast reads (the generator needs 30; more settles the averages). */
export const FORECAST_LOOKBACK_BARS = 120;
/** Calendar days searched for those bars. */
const LOOKBACK_DAYS = 200;
/**
 * Forecast days before the current one kept filled in: the page's history and the scores' longest window
 * (90 days), so a fresh install has something to score. Made afterwards, from the bars before each day.
 */
export const BACKFILL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ForecastServiceDeps {
  forecasts: ForecastRepository;
  market: MarketRepository;
  /** Daily bars of gold, silver and the dollar index with from <= day <= to (a simulated series). */
  series: (symbol: DailySeriesSymbol, from: DayKey, to: DayKey) => Bar[];
  log: Logger;
  /** Whether the option instruments' prices are simulated (every feed but a broker's). */
  simulated: boolean;
  /**
   * How long an answer of `read` is kept (decision 021; 0: not at all). A pass in this process that makes
   * or scores anything forgets them at once; one in the engine's process shows here within this time.
   */
  cacheTtlMs?: number;
}

/** Forecasts change once a day and when a day is scored: an answer is kept this long. */
export const FORECAST_CACHE_TTL_MS = 5000;

/** The forecast day that `day` belongs to: itself when it has one, else the next that does. */
/**
 * Real premiums of option contracts before `day` (a broker's last traded price), by contractKey; a contract
 * it cannot price is left out (its part is priced by the model).
 */
export type PremiumAnchors = (
  contracts: readonly OptionContract[],
  day: DayKey,
) => Promise<ReadonlyMap<string, number>>;

export function forecastDayFrom(slug: ForecastSlug, day: DayKey): DayKey {
  let candidate = day;
  for (let i = 0; i < 15 && !isForecastDay(slug, candidate); i += 1) {
    candidate = addDays(candidate, 1);
  }
  return candidate;
}

function previousForecastDay(slug: ForecastSlug, day: DayKey): DayKey {
  let candidate = addDays(day, -1);
  for (let i = 0; i < 15 && !isForecastDay(slug, candidate); i += 1) {
    candidate = addDays(candidate, -1);
  }
  return candidate;
}

/** The last session that must be in the bars before `day`'s forecast can be made. */
function requiredLastSession(slug: ForecastSlug, day: DayKey): DayKey {
  const instrument = FORECAST_INSTRUMENTS[slug];
  return instrument.kind === "option"
    ? previousBusinessDay(instrument.exchange, day)
    : previousForecastDay(slug, day);
}

/** The instant `slug`'s `day` is over (its last session's close; midnight for the weekday series). */
export function forecastDayEnd(slug: ForecastSlug, day: DayKey): number {
  const instrument = FORECAST_INSTRUMENTS[slug];
  const next = startOfDay(addDays(day, 1)).getTime();
  if (instrument.kind === "level") return next;
  return sessionsOn(instrument.exchange, day).at(-1)?.close ?? next;
}

/**
 * Lets waiting requests in between the forecasts of a long pass (the first fills in 90 days for each
 * instrument; the embedded database answers on this thread, so the pass would otherwise hold the server).
 */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createForecastService(deps: ForecastServiceDeps) {
  const { forecasts, market, series, log } = deps;
  let anchors: PremiumAnchors | undefined;
  const answers = createTtlCache<string, ForecastResponse>({
    ttlMs: deps.cacheTtlMs ?? 0,
    maxEntries: FORECAST_SLUGS.length * 3,
  });

  async function dailyBars(slug: ForecastSlug, from: DayKey, to: DayKey): Promise<Bar[]> {
    const instrument = FORECAST_INSTRUMENTS[slug];
    if (instrument.kind === "level") return series(instrument.symbol, from, to);
    return market.bars(
      instrument.symbol,
      "1d",
      startOfDay(from).getTime(),
      startOfDay(addDays(to, 1)).getTime() - 1,
      LOOKBACK_DAYS + 1,
    );
  }

  /** Makes and stores the forecast of `slug` for `day`; false when the bars are not there yet. */
  async function make(slug: ForecastSlug, day: DayKey): Promise<boolean> {
    const bars = (await dailyBars(slug, addDays(day, -LOOKBACK_DAYS), addDays(day, -1))).slice(
      -FORECAST_LOOKBACK_BARS,
    );
    const last = bars.at(-1);
    if (!last || dayKeyOf(last.time) < requiredLastSession(slug, day)) return false;
    const contracts = anchors ? forecastContracts(slug, day, bars) : [];
    const real =
      anchors && contracts.length > 0
        ? await anchors(contracts, day).catch((error: unknown) => {
            log.warn(
              { err: error, slug, day },
              "forecast: the contracts' premiums could not be read",
            );
            return new Map<string, number>();
          })
        : undefined;
    const forecast = generateForecast(slug, day, bars, real);
    if (!forecast) return false;
    await forecasts.insert(forecast);
    return true;
  }

  /**
   * A finished day's bars: the 1-minute bars where stored (options), else the daily bar; and its close,
   * the daily bar's (what the next day's forecast reads as the last close), else the last minute's.
   */
  async function dayBars(
    slug: ForecastSlug,
    day: DayKey,
  ): Promise<{ bars: Bar[]; kind: ScoringBars; close: number | null }> {
    const instrument = FORECAST_INSTRUMENTS[slug];
    const daily = await dailyBars(slug, day, day);
    const dailyClose = daily.at(-1)?.close ?? null;
    if (instrument.kind === "option") {
      const from = startOfDay(day).getTime();
      const minutes = await market.bars(instrument.symbol, "1m", from, from + DAY_MS - 1, 2000);
      if (minutes.length > 0) {
        return {
          bars: minutes,
          kind: "intraday",
          close: dailyClose ?? minutes.at(-1)?.close ?? null,
        };
      }
    }
    return { bars: daily, kind: "daily", close: dailyClose };
  }

  async function score(row: ForecastRow, now: number): Promise<boolean> {
    const slug = row.instrument as ForecastSlug;
    if (now < forecastDayEnd(slug, row.day)) return false;
    const { bars, kind, close } = await dayBars(slug, row.day);
    if (bars.length === 0) return false;
    const outcomes: { call: ForecastOutcome; put: ForecastOutcome } = {
      call: scoreForecastPart(row.callLevels, bars, kind),
      put: scoreForecastPart(row.putLevels, bars, kind),
    };
    await forecasts.score(slug, row.day, outcomes, close, new Date(now));
    return true;
  }

  /** Days scored before closes were recorded and looked for once in this process (found or not). */
  const closesSought = new Set<string>();

  /**
   * The days scored before closes were recorded were scored by the old rules (a gap through the target a
   * hit, a daily bar touching both levels a stop): scores them again by today's rules from the stored bars
   * (the daily bar, else the minutes), with their close. A day whose bars are gone keeps its old outcomes
   * and a null close, and stays out of the Brier scores; each day is looked for once a process.
   */
  async function backfillCloses(today: DayKey, now: number): Promise<number> {
    let filled = 0;
    for (const row of await forecasts.scoredWithoutClose(today)) {
      const key = `${row.instrument} ${row.day}`;
      if (closesSought.has(key)) continue;
      closesSought.add(key);
      const slug = row.instrument as ForecastSlug;
      const { bars, kind, close } = await dayBars(slug, row.day);
      if (bars.length === 0 || close === null) continue;
      const outcomes = {
        call: scoreForecastPart(row.callLevels, bars, kind),
        put: scoreForecastPart(row.putLevels, bars, kind),
      };
      await forecasts.score(slug, row.day, outcomes, close, new Date(now));
      filled += 1;
    }
    return filled;
  }

  return {
    /** With a broker (the engine's process): option parts enter at the contracts' real premiums. */
    useAnchors(source: PremiumAnchors | undefined) {
      anchors = source;
    },
    make,
    score,

    /**
     * One pass at market time `now`: the current forecast day of every instrument and the BACKFILL_DAYS
     * before it made where missing, then every finished day scored, then the closes of days scored before
     * closes were recorded filled in where the bars allow. Safe to repeat.
     */
    async run(now: number): Promise<{ made: number; scored: number; closes: number }> {
      const today = dayKeyOf(now);
      let made = 0;
      const missing: Array<{ slug: ForecastSlug; current: DayKey | null; before: DayKey[] }> = [];
      for (const slug of FORECAST_SLUGS) {
        const current = forecastDayFrom(slug, today);
        const before: DayKey[] = [previousForecastDay(slug, current)];
        while (before.length < BACKFILL_DAYS) {
          before.push(previousForecastDay(slug, before.at(-1) as DayKey));
        }
        const stored = await forecasts.days(slug, before.at(-1) as DayKey, current);
        missing.push({
          slug,
          current: stored.has(current) ? null : current,
          before: before.filter((day) => !stored.has(day)),
        });
      }
      // Every instrument's current day first (the page shows it), then the days before, newest first.
      for (const { slug, current } of missing) {
        if (current === null) continue;
        if (await make(slug, current)) made += 1;
        else log.debug({ slug, day: current }, "forecast waits for the last session");
      }
      for (const { slug, before } of missing) {
        for (const day of before) {
          if (await make(slug, day)) made += 1;
          await yieldToRequests();
        }
      }
      let scored = 0;
      for (const row of await forecasts.unscored(today)) {
        if (await score(row, now)) scored += 1;
        await yieldToRequests();
      }
      const closes = await backfillCloses(today, now);
      if (made + scored + closes > 0) {
        answers.forgetWhere(() => true);
        log.info({ made, scored, closes }, "forecasts made and scored");
      }
      return { made, scored, closes };
    },

    /** GET /api/forecast/{slug} at market time `now` (kept for the cache's TTL, per instrument and day). */
    read(slug: ForecastSlug, now: number): Promise<ForecastResponse> {
      return answers.get(`${slug}|${dayKeyOf(now)}`, () => read(slug, now));
    },
  };

  /** The answer of GET /api/forecast/{slug} at market time `now`, read afresh. */
  async function read(slug: ForecastSlug, now: number): Promise<ForecastResponse> {
    const instrument = FORECAST_INSTRUMENTS[slug];
    const current = forecastDayFrom(slug, dayKeyOf(now));
    const today = (await forecasts.firstFrom(slug, current)) ?? null;
    const history = await forecasts.before(slug, today?.day ?? current, FORECAST_HISTORY_DAYS);
    // Every scored day, each with the reference close of the forecast day before it (the baseline's
    // "previous day's direction"); the windows count back from the newest.
    const rows = await forecasts.scoreRows(slug, today?.day ?? current);
    const references = new Map(rows.map((row) => [row.day, row.referenceClose]));
    const scoreDays: ForecastScoreDay[] = rows
      .filter((row) => row.scored)
      .map((row) => ({
        callBias: row.callBias,
        putBias: row.putBias,
        callOutcome: row.callOutcome,
        putOutcome: row.putOutcome,
        referenceClose: row.referenceClose,
        close: row.close,
        previousReferenceClose: references.get(previousForecastDay(slug, row.day)) ?? null,
      }));
    const scores = FORECAST_SCORE_WINDOWS.map((lastDays) => scoreWindow(scoreDays, lastDays));
    return {
      instrument: slug,
      name: instrument.name,
      unit: instrument.unit,
      today,
      history,
      hitRate: scoreWindow(scoreDays, FORECAST_SCORE_WINDOWS[0]).favoured,
      scores,
      // Gold, silver and the dollar index are always a simulated series; the others follow the feed.
      simulated: deps.simulated || instrument.kind !== "option",
    };
  }
}

export type ForecastService = ReturnType<typeof createForecastService>;
