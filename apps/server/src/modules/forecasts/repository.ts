/**
 * Stored forecasts (schema: forecasts): the only place with the forecasts' SQL.
 */
import type { ForecastDay, ForecastOutcome } from "@kalpa/contracts/api/forecast";
import type { DayKey, ForecastSlug } from "@kalpa/contracts/names";
import type { GeneratedForecast } from "@kalpa/market/forecasts/generate-forecast";
import { and, asc, desc, eq, gte, isNull, lt, lte } from "drizzle-orm";
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

    async score(
      slug: ForecastSlug,
      day: DayKey,
      outcomes: { call: ForecastOutcome; put: ForecastOutcome },
      at: Date,
    ): Promise<void> {
      await db
        .update(forecasts)
        .set({ callOutcome: outcomes.call, putOutcome: outcomes.put, scoredAt: at })
        .where(and(eq(forecasts.instrument, slug), eq(forecasts.day, day)));
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

/** A row as the API serves it (an allow-list: the underlying levels stay on the server). */
function toForecastDay(row: ForecastRow): ForecastDay {
  return {
    day: row.day,
    priceKind: row.priceKind,
    expiry: row.expiry,
    call: row.call,
    put: row.put,
    callOutcome: row.callOutcome,
    putOutcome: row.putOutcome,
  };
}
