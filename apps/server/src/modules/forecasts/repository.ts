/**
 * Stored forecasts (schema: forecasts): the only place with the forecasts' SQL.
 */
import type { ForecastDay, ForecastOutcome } from "@kalpa/contracts/api/forecast";
import type { DayKey, ForecastSlug } from "@kalpa/contracts/names";
import type { GeneratedForecast } from "@kalpa/market/forecasts/generate-forecast";
import { closedAbove, favouredSide } from "@kalpa/market/forecasts/score-forecast";
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { forecasts } from "../../db/schema";

export type ForecastRow = typeof forecasts.$inferSelect;

export function createForecastRepository(db: DbExecutor) {
  return {
    /** Stores a forecast; one already stored for the instrument and day is kept as it was. */
    async insert(forecast: GeneratedForecast): Promise<void> {
      await db
        .insert(forecasts)
        .values({
          instrument: forecast.slug,
          day: forecast.day,
          priceKind: forecast.priceKind,
          expiry: forecast.expiry,
          call: forecast.call,
          put: forecast.put,
          callLevels: forecast.callLevels,
          putLevels: forecast.putLevels,
        })
        .onConflictDoNothing();
    },

    /** The days of `slug` stored with from <= day <= to. */
    async days(slug: ForecastSlug, from: DayKey, to: DayKey): Promise<Set<DayKey>> {
      const rows = await db
        .select({ day: forecasts.day })
        .from(forecasts)
        .where(
          and(eq(forecasts.instrument, slug), gte(forecasts.day, from), lte(forecasts.day, to)),
        );
      return new Set(rows.map((row) => row.day));
    },

    /** Forecasts not yet scored, up to `day`, oldest first. */
    async unscored(day: DayKey): Promise<ForecastRow[]> {
      return db
        .select()
        .from(forecasts)
        .where(and(isNull(forecasts.scoredAt), lte(forecasts.day, day)))
        .orderBy(asc(forecasts.day));
    },

    /** Records a finished day's outcomes and its close on the underlying (null when no bar gave one). */
    async score(
      slug: ForecastSlug,
      day: DayKey,
      outcomes: { call: ForecastOutcome; put: ForecastOutcome },
      close: number | null,
      at: Date,
    ): Promise<void> {
      await db
        .update(forecasts)
        .set({ callOutcome: outcomes.call, putOutcome: outcomes.put, close, scoredAt: at })
        .where(and(eq(forecasts.instrument, slug), eq(forecasts.day, day)));
    },

    /**
     * Days scored before closes were recorded (close null), up to `day`, oldest first, with the
     * levels their scoring watches (they were scored by the earlier rules, before a forecast's
     * close was recorded, and are scored again).
     */
    async scoredWithoutClose(day: DayKey) {
      return db
        .select({
          instrument: forecasts.instrument,
          day: forecasts.day,
          callLevels: forecasts.callLevels,
          putLevels: forecasts.putLevels,
        })
        .from(forecasts)
        .where(and(isNotNull(forecasts.scoredAt), isNull(forecasts.close), lte(forecasts.day, day)))
        .orderBy(asc(forecasts.day));
    },

    /**
     * What the scores read of every forecast of `slug` up to `day`, oldest first: the biases, outcomes,
     * reference close and close (not the commentary).
     */
    async scoreRows(slug: ForecastSlug, day: DayKey): Promise<ForecastScoreRow[]> {
      const rows = await db
        .select({
          day: forecasts.day,
          callBias: sql<number>`(${forecasts.call}->>'probabilityBias')::double precision`,
          putBias: sql<number>`(${forecasts.put}->>'probabilityBias')::double precision`,
          referenceClose: sql<number>`(${forecasts.callLevels}->>'entry')::double precision`,
          callOutcome: forecasts.callOutcome,
          putOutcome: forecasts.putOutcome,
          close: forecasts.close,
          scoredAt: forecasts.scoredAt,
        })
        .from(forecasts)
        .where(and(eq(forecasts.instrument, slug), lte(forecasts.day, day)))
        .orderBy(asc(forecasts.day));
      // Both drivers hand double precision back as a number; Number() in case one hands back text.
      return rows.map(({ scoredAt, ...row }) => ({
        ...row,
        callBias: Number(row.callBias),
        putBias: Number(row.putBias),
        referenceClose: Number(row.referenceClose),
        scored: scoredAt !== null,
      }));
    },

    /** The first forecast of `slug` on or after `day`. */
    async firstFrom(slug: ForecastSlug, day: DayKey): Promise<ForecastDay | undefined> {
      const [row] = await db
        .select()
        .from(forecasts)
        .where(and(eq(forecasts.instrument, slug), gte(forecasts.day, day)))
        .orderBy(asc(forecasts.day))
        .limit(1);
      return row ? toForecastDay(row) : undefined;
    },

    /** Forecasts of `slug` before `day`, newest first, at most `limit`. */
    async before(slug: ForecastSlug, day: DayKey, limit: number): Promise<ForecastDay[]> {
      const rows = await db
        .select()
        .from(forecasts)
        .where(and(eq(forecasts.instrument, slug), lt(forecasts.day, day)))
        .orderBy(desc(forecasts.day))
        .limit(limit);
      return rows.map(toForecastDay);
    },
  };
}

export type ForecastRepository = ReturnType<typeof createForecastRepository>;

export interface ForecastScoreRow {
  day: DayKey;
  callBias: number;
  putBias: number;
  /** The previous session's close the forecast was made from (the levels' entry). */
  referenceClose: number;
  callOutcome: ForecastOutcome | null;
  putOutcome: ForecastOutcome | null;
  close: number | null;
  scored: boolean;
}

/**
 * A row as the API serves it (an allow-list: the underlying levels stay on the server; of them only the
 * reference close, which the commentary quotes anyway).
 */
function toForecastDay(row: ForecastRow): ForecastDay {
  const referenceClose = row.callLevels.entry;
  return {
    day: row.day,
    priceKind: row.priceKind,
    expiry: row.expiry,
    call: row.call,
    put: row.put,
    callOutcome: row.callOutcome,
    putOutcome: row.putOutcome,
    favoured: favouredSide(row.call.probabilityBias, row.put.probabilityBias),
    referenceClose,
    close: row.close,
    closedAbove: row.close === null ? null : closedAbove(row.close, referenceClose),
  };
}
