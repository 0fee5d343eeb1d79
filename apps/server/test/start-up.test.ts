/**
 * Honest readiness on a first start (decision 019): the site listens at once, and until the demo
 * journal and the day's forecasts are written GET /api/health says "starting" and the journal and forecast
 * endpoints answer 503 STARTING with Retry-After, never an empty journal; then "ok" and the data.
 */
import { ForecastResponseSchema } from "@kalpa/contracts/api/forecast";
import { PaperHistorySchema } from "@kalpa/contracts/api/paper";
import { SERVER_MESSAGES } from "@kalpa/contracts/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createStartUp } from "../src/engine/start-up";
import { AppError } from "../src/lib/errors";
import { listen } from "./helpers/sockets";
import { createTestApp } from "./helpers/test-app";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const STARTING = {
  success: false,
  error: SERVER_MESSAGES.starting,
  code: "STARTING",
};

async function health(t: TestApp) {
  return (await t.app.inject({ method: "GET", url: "/api/health" })).json().data;
}

describe("a first start", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        MARKET_ENGINE: "true",
        SEED_DEMO: "true",
        SIM_CLOCK_START: "2026-11-20 10:00",
        SIM_SEED: "start-up",
      },
    });
  });
  afterAll(async () => t?.close());

  it('says "starting" and answers 503 STARTING until the journal and forecasts are written, then serves them', async () => {
    // Built but not yet listening: the engine's process already counts what it will write once it is.
    expect((await health(t)).status).toBe("starting");
    await listen(t);
    expect(await health(t)).toMatchObject({
      status: "starting",
      starting: ["the demo journal", "the market history and the day's forecasts"],
      database: t.database.kind,
    });
    for (const url of [
      "/api/paper/history?model=Nifty:KalpaVruksha&days=7",
      "/api/paper/stats?model=Nifty:KalpaVruksha&days=7",
      "/api/paper/analytics?model=Nifty:KalpaVruksha&days=7",
      "/api/paper/history.csv?model=Nifty:KalpaVruksha&days=7",
      "/api/ledger/verify",
      "/api/ledger/heads",
      "/api/forecast/xau",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers["retry-after"], url).toBe("2");
      expect(res.json(), url).toEqual(STARTING);
    }
    // A bad request is still refused for what it is; a locked forecast still asks for a session.
    const bad = await t.app.inject({ method: "GET", url: "/api/paper/history?days=8" });
    expect(bad.statusCode).toBe(400);
    const locked = await t.app.inject({ method: "GET", url: "/api/forecast/nifty" });
    expect(locked.statusCode).toBe(401);

    const deadline = Date.now() + 60_000;
    let last = await health(t);
    while (last.status === "starting" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await health(t);
    }
    expect(last).toEqual({
      status: "ok",
      database: t.database.kind,
      version: expect.any(String),
      // The engine's process reports its pace: how late its recent steps began.
      engine: {
        lagMs: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) },
      },
    });
    expect(last.engine.lagMs.max).toBeGreaterThanOrEqual(last.engine.lagMs.p99);

    const history = await t.app.inject({
      method: "GET",
      url: "/api/paper/history?days=30",
    });
    expect(history.statusCode).toBe(200);
    const days = z.parse(PaperHistorySchema, history.json().data);
    expect(days.length).toBeGreaterThan(0);
    const forecast = await t.app.inject({ method: "GET", url: "/api/forecast/xau" });
    expect(forecast.statusCode).toBe(200);
    const xau = z.parse(ForecastResponseSchema, forecast.json().data);
    expect(xau.history.length).toBeGreaterThan(0);
    // A first start on two busy cores: the engine's warm-up, three weeks of journal, a year of history and
    // 90 days of forecasts.
  }, 90_000);
});

describe("the start-up's bookkeeping", () => {
  it("is ready when the last task is done, once, and refuses only the tasks under way", () => {
    let clock = 1_000;
    const ready: number[] = [];
    const startUp = createStartUp({ onReady: (seconds) => ready.push(seconds), now: () => clock });
    expect(startUp.pending()).toEqual([]);
    const journal = startUp.begin("journal");
    const forecasts = startUp.begin("forecasts");
    expect(() => startUp.assertReady("journal")).toThrow(AppError);
    journal();
    journal();
    expect(() => startUp.assertReady("journal")).not.toThrow();
    expect(startUp.pending()).toEqual(["the market history and the day's forecasts"]);
    let refusal: unknown;
    try {
      startUp.assertReady("forecasts");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: "STARTING",
      statusCode: 503,
      headers: { "retry-after": "2" },
    });
    expect(ready).toEqual([]);
    clock = 9_500;
    forecasts();
    expect(ready).toEqual([8.5]);
    expect(startUp.pending()).toEqual([]);
  });
});
