/**
 * Forecasts on the server (issue 9): made from the stored daily bars (NIFTY, BANKNIFTY, CRUDEOIL) and the
 * simulated series (XAU, XAG, DXY), the recent days filled in, finished days scored from the 1-minute bars
 * where stored (else the daily bar), and GET /api/forecast/{instrument} with its access rules. The access
 * answers for every kind of user are in test/access/authorization-matrix.test.ts.
 */
import { ForecastResponseSchema } from "@kalpa/contracts/api/forecast";
import type { Bar } from "@kalpa/contracts/market";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { FORECAST_SLUGS, MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { isBusinessDay, sessionsOn } from "@kalpa/market/calendar/sessions";
import { FORECAST_INSTRUMENTS } from "@kalpa/market/forecasts/forecast-instruments";
import { scoreForecastPart } from "@kalpa/market/forecasts/score-forecast";
import { OPTION_UNDERLYINGS } from "@kalpa/market/instruments/option-underlyings";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { instantAt } from "@kalpa/market/time/time-of-day";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { forecasts as forecastsTable } from "../../src/db/schema";
import { BACKFILL_DAYS, forecastDayFrom } from "../../src/modules/forecasts/service";
import { createMarketRepository } from "../../src/modules/market/repository";
import { createTestApp } from "../helpers/test-app";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const LEVELS = { NIFTY: 24_000, BANKNIFTY: 52_000, CRUDEOIL: 6_000 } as const;

/** Fixed daily bars on every business day of the 200 days before `today`: a trend with a wave. */
function seededDailyBars(symbol: keyof typeof LEVELS, today: string): Bar[] {
  const exchange = OPTION_UNDERLYINGS[symbol].exchange;
  const bars: Bar[] = [];
  let close = LEVELS[symbol];
  for (let i = 200; i >= 1; i -= 1) {
    const day = addDays(today, -i);
    if (!isBusinessDay(exchange, day)) continue;
    const open = close;
    close = LEVELS[symbol] * (1 + 0.0008 * (200 - i) + 0.015 * Math.sin(i / 4));
    bars.push({
      time: instantAt(day, 0),
      open,
      high: Math.max(open, close) * 1.005,
      low: Math.min(open, close) * 0.995,
      close,
      volume: 0,
    });
  }
  return bars;
}

async function forecastOf(t: TestApp, slug: string, cookie?: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/forecast/${slug}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

describe("forecasts", () => {
  let t: TestApp;
  const now = Date.now();
  const today = dayKeyOf(now);
  // Two finished NIFTY days scored from crafted 1-minute bars.
  const current = forecastDayFrom("nifty", today);
  const minuteDays: string[] = [];
  for (let day = addDays(current, -3); minuteDays.length < 2; day = addDays(day, -1)) {
    if (isBusinessDay("NSE", day)) minuteDays.push(day);
  }
  const [dayA] = minuteDays;

  beforeAll(async () => {
    t = await createTestApp();
    const market = createMarketRepository(t.database.db);
    for (const symbol of MARKET_SYMBOLS) {
      await market.saveBars(
        seededDailyBars(symbol, today).map((bar) => ({ symbol, interval: "1d" as const, ...bar })),
      );
    }
  });
  afterAll(async () => t?.close());

  it("answers 404 for an unknown instrument, 401 for a locked one without a session", async () => {
    const unknown = await forecastOf(t, "gold");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false });
    const locked = await forecastOf(t, "nifty");
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error).toBe(ACCESS_MESSAGES.pleaseLogin);
  });

  it("answers gold to anyone, empty before the first pass", async () => {
    const res = await forecastOf(t, "xau");
    expect(res.statusCode).toBe(200);
    const data = z.parse(ForecastResponseSchema, res.json().data);
    expect(data).toMatchObject({ instrument: "xau", name: "Gold", today: null, history: [] });
    expect(data.hitRate).toEqual({ scored: 0, targets: 0, stops: 0, percent: null });
  });

  it("scores a finished day from the 1-minute bars: target first, stop first, both in one bar", async () => {
    const market = createMarketRepository(t.database.db);
    // Make the two days' forecasts first, then write their sessions.
    for (const day of minuteDays) expect(await t.forecasts.make("nifty", day)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(forecastsTable)
      .where(eq(forecastsTable.instrument, "nifty"));
    const session = (day: string) => sessionsOn("NSE", day)[0]?.open ?? 0;
    const minute = (day: string, k: number, high: number, low: number): Bar => ({
      time: session(day) + k * 60_000,
      open: (high + low) / 2,
      high,
      low,
      close: (high + low) / 2,
      volume: 1,
    });
    const expected = new Map<string, { call: string; put: string }>();
    expect(rows.map((row) => row.day).sort()).toEqual([...minuteDays].sort());
    for (const row of rows) {
      const close = row.callLevels.entry;
      const call = row.callLevels;
      const put = row.putLevels;
      let bars: Bar[];
      if (row.day === dayA) {
        // Quiet first minute, then up through the call's target and the put's stop: call target, put stop.
        const top = Math.max(call.target, put.stop) + 1;
        bars = [minute(row.day, 0, close + 1, close - 1), minute(row.day, 1, top, close)];
        expected.set(row.day, { call: "target", put: "stop" });
      } else {
        // One bar through both levels of both parts: stop for each.
        const top = Math.max(call.target, put.stop) + 1;
        const bottom = Math.min(call.stop, put.target) - 1;
        bars = [minute(row.day, 0, top, bottom)];
        expected.set(row.day, { call: "stop", put: "stop" });
      }
      await market.saveBars(
        bars.map((bar) => ({ symbol: "NIFTY" as const, interval: "1m" as const, ...bar })),
      );
      // The daily bar says nothing happened: the minute bars must be what is read.
      await market.saveBars([
        {
          symbol: "NIFTY",
          interval: "1d",
          time: instantAt(row.day, 0),
          open: close,
          high: close,
          low: close,
          close,
          volume: 0,
        },
      ]);
    }
    // Everything else is made and scored in one pass.
    const first = await t.forecasts.run(now);
    expect(first.made).toBe(FORECAST_SLUGS.length * (BACKFILL_DAYS + 1) - minuteDays.length);
    expect(first.scored).toBeGreaterThanOrEqual(FORECAST_SLUGS.length * BACKFILL_DAYS);
    // A second pass finds nothing to do.
    expect(await t.forecasts.run(now)).toEqual({ made: 0, scored: 0 });
    for (const [day, outcome] of expected) {
      const [row] = await t.database.db
        .select()
        .from(forecastsTable)
        .where(and(eq(forecastsTable.instrument, "nifty"), eq(forecastsTable.day, day)));
      expect({ day, call: row?.callOutcome, put: row?.putOutcome }).toEqual({ day, ...outcome });
    }
  });

  it("scores gold, silver and the dollar index on the daily bar", async () => {
    const series = new SimulatedMarket({ seed: t.config.market.seed });
    for (const slug of ["xau", "xag", "dollarx"] as const) {
      const rows = await t.database.db
        .select()
        .from(forecastsTable)
        .where(eq(forecastsTable.instrument, slug));
      const scored = rows.filter((row) => row.scoredAt !== null);
      expect(scored.length).toBeGreaterThanOrEqual(BACKFILL_DAYS);
      for (const row of scored) {
        const bars = series.dailyBars(FORECAST_INSTRUMENTS[slug].symbol, row.day, row.day);
        expect(row.callOutcome).toBe(scoreForecastPart(row.callLevels, bars));
        expect(row.putOutcome).toBe(scoreForecastPart(row.putLevels, bars));
      }
    }
  });

  it("answers today's forecast, the history newest first with outcomes, and the hit rate", async () => {
    const res = await forecastOf(t, "xau");
    expect(res.statusCode).toBe(200);
    const data = z.parse(ForecastResponseSchema, res.json().data);
    const day = forecastDayFrom("xau", today);
    expect(data.today?.day).toBe(day);
    expect(data.today?.call.signalDate).toBe(day);
    expect(data.today?.priceKind).toBe("level");
    expect(data.today?.call.commentary).toContain("XAU closed the last session at");
    expect(data.history).toHaveLength(BACKFILL_DAYS);
    const days = data.history.map((d) => d.day);
    expect(days).toEqual([...days].sort().reverse());
    expect(days.every((d) => d < day)).toBe(true);
    const outcomes = data.history.flatMap((d) => [d.callOutcome, d.putOutcome]);
    expect(outcomes.every((o) => o !== null)).toBe(true);
    const targets = outcomes.filter((o) => o === "target").length;
    expect(data.hitRate).toEqual({
      scored: outcomes.length,
      targets,
      stops: outcomes.filter((o) => o === "stop").length,
      percent: Math.round((targets / outcomes.length) * 100),
    });
    // The levels the scoring watches stay on the server.
    expect(res.body).not.toContain("callLevels");
    expect(res.body).not.toContain("targetSource");
  });

  it("makes every forecast before its day from the bars up to the previous session", async () => {
    const rows = await t.database.db.select().from(forecastsTable);
    expect(new Set(rows.map((row) => row.instrument))).toEqual(new Set(FORECAST_SLUGS));
    for (const row of rows) {
      expect(row.call.signalDate).toBe(row.day);
      expect(row.put.signalDate).toBe(row.day);
      expect(row.call.probabilityBias + row.put.probabilityBias).toBe(100);
      if (row.priceKind === "premium") expect(row.expiry && row.expiry > row.day).toBe(true);
    }
  });
});
