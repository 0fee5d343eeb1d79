/**
 * Forecasts on the server: made from the stored daily bars (NIFTY, BANKNIFTY, CRUDEOIL)
 * and the simulated series (XAU, XAG, DXY), the recent days filled in, finished days scored from the
 * 1-minute bars where stored (else the daily bar) with the day's close recorded, and
 * GET /api/forecast/{instrument} with its access rules, hit rates and Brier scores. The access answers for
 * every kind of user are in test/access/authorization-matrix.test.ts.
 */
import {
  FORECAST_HISTORY_DAYS,
  type ForecastOutcome,
  ForecastResponseSchema,
  type ForecastScoreWindow,
} from "@kalpa/contracts/api/forecast";
import type { Bar } from "@kalpa/contracts/market";
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import { FORECAST_SLUGS, MARKET_SYMBOLS } from "@kalpa/contracts/names";
import { isBusinessDay, sessionsOn } from "@kalpa/market/calendar/sessions";
import { FORECAST_INSTRUMENTS } from "@kalpa/market/forecasts/forecast-instruments";
import {
  closedAbove,
  favouredSide,
  scoreForecastPart,
} from "@kalpa/market/forecasts/score-forecast";
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
  // Four finished NIFTY days with crafted bars: three with 1-minute bars, one with only its daily bar.
  const current = forecastDayFrom("nifty", today);
  const craftedDays: string[] = [];
  for (let day = addDays(current, -3); craftedDays.length < 4; day = addDays(day, -1)) {
    if (isBusinessDay("NSE", day)) craftedDays.push(day);
  }
  const [dayA, dayB, dayC, dayD] = craftedDays;

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
    const none = {
      scored: 0,
      decided: 0,
      targets: 0,
      stops: 0,
      neither: 0,
      notEntered: 0,
      undecided: 0,
      percent: null,
    };
    expect(data.hitRate).toEqual(none);
    expect(data.scores).toEqual(
      [30, 90, null].map((lastDays) => ({
        lastDays,
        days: 0,
        favoured: none,
        call: none,
        put: none,
        brier: {
          days: 0,
          upDays: 0,
          forecast: null,
          baseline: null,
          climatology: null,
          skill: { coinFlip: null, climatology: null },
        },
      })),
    );
  });

  it("scores a finished day from the 1-minute bars (else the daily bar) and records its close", async () => {
    const market = createMarketRepository(t.database.db);
    // Make the days' forecasts first, then write their sessions.
    for (const day of craftedDays) expect(await t.forecasts.make("nifty", day)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(forecastsTable)
      .where(eq(forecastsTable.instrument, "nifty"));
    const session = (day: string) => sessionsOn("NSE", day)[0]?.open ?? 0;
    const minute = (day: string, k: number, high: number, low: number, open?: number): Bar => ({
      time: session(day) + k * 60_000,
      open: open ?? (high + low) / 2,
      high,
      low,
      close: (high + low) / 2,
      volume: 1,
    });
    const expected = new Map<string, { call: string; put: string; close: number }>();
    expect(rows.map((row) => row.day).sort()).toEqual([...craftedDays].sort());
    for (const row of rows) {
      const close = row.callLevels.entry;
      const call = row.callLevels;
      const put = row.putLevels;
      const top = Math.max(call.target, put.stop) + 1;
      const bottom = Math.min(call.stop, put.target) - 1;
      // The daily bar says little happened (its close 2 points up): the minute bars must be what is read,
      // and the close recorded is the daily bar's (the next forecast's reference), not the last minute's.
      let daily = { open: close, high: close + 2, low: close, close: close + 2 };
      let bars: Bar[] = [];
      if (row.day === dayA) {
        // Quiet first minute, then up through the call's target and the put's stop: call target, put stop.
        bars = [minute(row.day, 0, close + 1, close - 1), minute(row.day, 1, top, close)];
        expected.set(row.day, { call: "target", put: "stop", close: close + 2 });
      } else if (row.day === dayB) {
        // One minute through both levels of both parts: the stop for each (the conservative reading).
        bars = [minute(row.day, 0, top, bottom, close)];
        expected.set(row.day, { call: "stop", put: "stop", close: close + 2 });
      } else if (row.day === dayC) {
        // Opens above the call's target and the put's stop: the call not entered, the put stopped.
        bars = [minute(row.day, 0, top + 5, top, top + 2), minute(row.day, 1, top + 1, bottom)];
        expected.set(row.day, { call: "not-entered", put: "stop", close: close + 2 });
      } else {
        // No minute bars; the daily bar goes through both levels of both parts: undecided for each.
        daily = { open: close, high: top, low: bottom, close: close - 3 };
        expected.set(row.day, { call: "undecided", put: "undecided", close: close - 3 });
      }
      if (bars.length > 0) {
        await market.saveBars(
          bars.map((bar) => ({ symbol: "NIFTY" as const, interval: "1m" as const, ...bar })),
        );
      }
      await market.saveBars([
        { symbol: "NIFTY", interval: "1d", time: instantAt(row.day, 0), ...daily, volume: 0 },
      ]);
    }
    // Everything else is made and scored in one pass.
    const first = await t.forecasts.run(now);
    expect(first.made).toBe(FORECAST_SLUGS.length * (BACKFILL_DAYS + 1) - craftedDays.length);
    expect(first.scored).toBeGreaterThanOrEqual(FORECAST_SLUGS.length * BACKFILL_DAYS);
    // A second pass finds nothing to do.
    expect(await t.forecasts.run(now)).toEqual({ made: 0, scored: 0, closes: 0 });
    for (const [day, outcome] of expected) {
      const [row] = await t.database.db
        .select()
        .from(forecastsTable)
        .where(and(eq(forecastsTable.instrument, "nifty"), eq(forecastsTable.day, day)));
      expect({ day, call: row?.callOutcome, put: row?.putOutcome, close: row?.close }).toEqual({
        day,
        ...outcome,
      });
    }
  });

  it("scores a day scored by the old rules again, with its close, from the stored bars", async () => {
    const where = and(
      eq(forecastsTable.instrument, "nifty"),
      eq(forecastsTable.day, dayD as string),
    );
    const [before] = await t.database.db.select().from(forecastsTable).where(where);
    // As the earlier rules (before forecasts were scored on their close) left it: no close, and the
    // daily bar touching both levels a stop.
    await t.database.db
      .update(forecastsTable)
      .set({ close: null, callOutcome: "stop" })
      .where(where);
    expect(await t.forecasts.run(now)).toEqual({ made: 0, scored: 0, closes: 1 });
    const [after] = await t.database.db.select().from(forecastsTable).where(where);
    expect(after?.close).toBe(before?.close);
    expect(after?.callOutcome).toBe("undecided");
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
        expect(row.callOutcome).toBe(scoreForecastPart(row.callLevels, bars, "daily"));
        expect(row.putOutcome).toBe(scoreForecastPart(row.putLevels, bars, "daily"));
        expect(row.close).toBe(bars[0]?.close);
      }
    }
  });

  it("answers today's forecast, the history newest first with outcomes and closes", async () => {
    const res = await forecastOf(t, "xau");
    expect(res.statusCode).toBe(200);
    const data = z.parse(ForecastResponseSchema, res.json().data);
    const day = forecastDayFrom("xau", today);
    expect(data.today?.day).toBe(day);
    expect(data.today?.call.signalDate).toBe(day);
    expect(data.today?.priceKind).toBe("level");
    expect(data.today?.call.commentary).toContain("XAU closed the last session at");
    expect(data.today?.close).toBeNull();
    expect(data.today?.closedAbove).toBeNull();
    expect(data.history).toHaveLength(FORECAST_HISTORY_DAYS);
    const days = data.history.map((d) => d.day);
    expect(days).toEqual([...days].sort().reverse());
    expect(days.every((d) => d < day)).toBe(true);
    const outcomes = data.history.flatMap((d) => [d.callOutcome, d.putOutcome]);
    expect(outcomes.every((o) => o !== null)).toBe(true);
    for (const [k, d] of data.history.entries()) {
      expect(d.favoured).toBe(favouredSide(d.call.probabilityBias, d.put.probabilityBias));
      expect(d.referenceClose).toBe(d.call.entryPrice);
      expect(d.close).not.toBeNull();
      expect(d.closedAbove).toBe(closedAbove(d.close ?? 0, d.referenceClose));
      // A day's close is the reference the next day's forecast was made from.
      const next = k === 0 ? data.today : data.history[k - 1];
      expect(next?.referenceClose).toBeCloseTo(d.close ?? 0, 6);
    }
    // The levels the scoring watches stay on the server.
    expect(res.body).not.toContain("callLevels");
    expect(res.body).not.toContain("targetSource");
  });

  it("answers the hit rates over decided parts and the Brier scores over 30, 90 and all days", async () => {
    const res = await forecastOf(t, "xau");
    const data = z.parse(ForecastResponseSchema, res.json().data);
    const rows = (
      await t.database.db.select().from(forecastsTable).where(eq(forecastsTable.instrument, "xau"))
    )
      .filter((row) => row.scoredAt !== null)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
    expect(rows).toHaveLength(BACKFILL_DAYS);
    const rate = (list: (ForecastOutcome | null)[]) => {
      const n = (o: ForecastOutcome) => list.filter((x) => x === o).length;
      const decided = n("target") + n("stop") + n("neither");
      return {
        scored: list.length,
        decided,
        targets: n("target"),
        stops: n("stop"),
        neither: n("neither"),
        notEntered: n("not-entered"),
        undecided: n("undecided"),
        percent: decided > 0 ? Math.round((n("target") / decided) * 100) : null,
      };
    };
    const expectedWindow = (lastDays: number | null): ForecastScoreWindow => {
      const from = lastDays === null ? 0 : rows.length - lastDays;
      const window = rows.slice(from);
      const favoured = window.flatMap((row) => {
        const bias = row.call.probabilityBias;
        if (bias === 50) return [];
        return [bias > 50 ? row.callOutcome : row.putOutcome];
      });
      // Every stored xau day follows the one before it (weekdays), but the first has no previous day.
      let forecast = 0;
      let baseline = 0;
      let n = 0;
      let up = 0;
      for (let i = Math.max(from, 1); i < rows.length; i += 1) {
        const row = rows[i] as (typeof rows)[number];
        const previous = rows[i - 1] as (typeof rows)[number];
        const o = (row.close ?? 0) > row.callLevels.entry ? 1 : 0;
        const q = row.callLevels.entry > previous.callLevels.entry ? 1 : 0;
        forecast += (row.call.probabilityBias / 100 - o) ** 2;
        baseline += (q - o) ** 2;
        up += o;
        n += 1;
      }
      // The climatology says the window's share of up-days every day: its Brier score is share × (1 − share).
      const share = up / n;
      const climatology = share * (1 - share);
      const round = (value: number) => Math.round(value * 1e4) / 1e4 || 0;
      return {
        lastDays,
        days: window.length,
        favoured: rate(favoured),
        call: rate(window.map((row) => row.callOutcome)),
        put: rate(window.map((row) => row.putOutcome)),
        brier: {
          days: n,
          upDays: up,
          forecast: round(forecast / n),
          baseline: round(baseline / n),
          climatology: round(climatology),
          skill: {
            coinFlip: round(1 - forecast / n / 0.25),
            climatology: climatology > 0 ? round(1 - forecast / n / climatology) : null,
          },
        },
      };
    };
    expect(data.scores).toEqual([expectedWindow(30), expectedWindow(90), expectedWindow(null)]);
    expect(data.scores[2]?.brier.days).toBe(rows.length - 1);
    expect(data.hitRate).toEqual(data.scores[0]?.favoured);
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
