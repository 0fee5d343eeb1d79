import { optionCandles } from "@kalpa/market/options/option-candles";
import { simulatedPricer } from "@kalpa/market/options/option-pricing";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { KiteConnect } from "kiteconnect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { KiteDouble } from "../src/double";
import { readHistoricalQuery } from "../src/historical";
import { authHeader, control, login, startDouble } from "./support";

/** The real time source the double sees, moved on instead of waiting out the rate limit's second. */
let shift = 0;
const realNow = () => Date.now() + shift;
const waitASecond = () => {
  shift += 1001;
};

let double: KiteDouble;
let kc: InstanceType<typeof KiteConnect>;
let accessToken: string;
const market = new SimulatedMarket({ seed: "kalpa" });

beforeAll(async () => {
  double = await startDouble({ realNow });
  accessToken = await login(double);
  kc = new KiteConnect({ api_key: double.apiKey, root: double.root });
  kc.setAccessToken(accessToken);
});
afterAll(() => double.close());
beforeEach(async () => {
  // Clears the 3-a-second window between tests; sessions stay.
  await control(double, "reset", { keepSessions: true });
});

function historical(path: string) {
  return fetch(`${double.root}/instruments/historical/${path}`, {
    headers: authHeader(double, accessToken),
  });
}

interface SdkCandle {
  date: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  oi?: number;
}

describe("GET /instruments/historical", () => {
  it("answers the documented minute candles through the SDK, `to` included", async () => {
    const candles = (await kc.getHistoricalData(
      256_265,
      "minute",
      "2026-11-25 09:15:00",
      "2026-11-25 09:20:00",
    )) as unknown as SdkCandle[];
    expect(candles).toHaveLength(6);
    expect(candles[0]?.date.toISOString()).toBe("2026-11-25T03:45:00.000Z");
    expect(candles[5]?.date.toISOString()).toBe("2026-11-25T03:50:00.000Z");
    const bars = market.minuteBars("NIFTY", "2026-11-25").slice(0, 6);
    expect(candles.map(({ open, high, low, close }) => [open, high, low, close])).toEqual(
      bars.map(({ open, high, low, close }) => [open, high, low, close]),
    );
    // An index has no volume on Kite.
    expect(candles.every((candle) => candle.volume === 0)).toBe(true);
  });

  it("writes timestamps as yyyy-mm-ddThh:mm:ss+0530 and prices as plain numbers", async () => {
    const res = await historical(
      "260105/minute?from=2026-11-25+09:15:00&to=2026-11-25+09:16:00&continuous=0&oi=0",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = (await res.json()) as { status: string; data: { candles: unknown[][] } };
    expect(body.status).toBe("success");
    expect(body.data.candles.map((candle) => candle[0])).toEqual([
      "2026-11-25T09:15:00+0530",
      "2026-11-25T09:16:00+0530",
    ]);
    for (const candle of body.data.candles) {
      expect(candle).toHaveLength(6);
      expect(candle.slice(1).every((value) => typeof value === "number")).toBe(true);
    }
  });

  it("answers only what has happened on the double's clock", async () => {
    const res = await historical("256265/minute?from=2026-11-25+09:15:00&to=2026-11-25+15:29:00");
    const { data } = (await res.json()) as { data: { candles: string[][] } };
    const last = data.candles.at(-1)?.[0] ?? "";
    // The clock started at 10:00 and runs at real pace: the last finished minute is 09:59 or so.
    expect(last >= "2026-11-25T09:58:00+0530" && last <= "2026-11-25T10:00:00+0530").toBe(true);
  });

  it("answers day candles with a 00:00 time, the CRUDEOIL future's across contracts with continuous", async () => {
    const future = double.listing().rows.find((row) => row.tradingSymbol === "CRUDEOIL26DECFUT");
    expect(future).toBeDefined();
    const token = future?.token ?? 0;
    const own = (await kc.getHistoricalData(
      token,
      "day",
      "2026-09-10 00:00:00",
      "2026-10-09 23:59:59",
    )) as unknown as SdkCandle[];
    const continuous = (await kc.getHistoricalData(
      token,
      "day",
      "2026-09-10 00:00:00",
      "2026-10-09 23:59:59",
      true,
    )) as unknown as SdkCandle[];
    // Its own life starts 92 days before its expiry (18 Dec): 17 Sep.
    expect(own[0]?.date.toISOString()).toBe("2026-09-16T18:30:00.000Z");
    expect(continuous[0]?.date.toISOString()).toBe("2026-09-09T18:30:00.000Z");
    expect(continuous.length).toBe(own.length + 5);
    const bar = market.dailyBar("CRUDEOIL", "2026-10-09");
    const candle = continuous.find((c) => c.date.getTime() === bar?.time);
    expect(candle).toMatchObject({
      open: bar?.open,
      high: bar?.high,
      low: bar?.low,
      close: bar?.close,
    });
    expect(candle?.volume).toBe(bar?.volume);
  });

  it("answers an option's candles of its model premium", async () => {
    const row = double
      .listing()
      .rows.find((r) => r.tradingSymbol.startsWith("NIFTY26D01") && r.instrumentType === "CE");
    if (!row?.contract) throw new Error("no NIFTY option listed");
    const res = await historical(
      `${row.token}/minute?from=2026-11-25+09:15:00&to=2026-11-25+09:17:00&oi=1`,
    );
    const { data } = (await res.json()) as { data: { candles: number[][] } };
    const expected = optionCandles(
      row.contract,
      market.minuteBars("NIFTY", "2026-11-25").slice(0, 3),
      simulatedPricer(),
    );
    expect(data.candles.map((candle) => candle.slice(1, 5))).toEqual(
      expected.map(({ open, high, low, close }) => [open, high, low, close]),
    );
    expect(data.candles.every((candle) => candle.length === 7)).toBe(true);
    expect(data.candles.every((candle) => (candle[5] ?? -1) % row.lotSize === 0)).toBe(true);
  });

  it("refuses an unknown interval and a range past the limit with 400 InputException", async () => {
    const interval = await historical(
      "256265/week?from=2026-11-02+09:15:00&to=2026-11-06+15:30:00",
    );
    expect(interval.status).toBe(400);
    expect(await interval.json()).toEqual({
      status: "error",
      message: "invalid interval",
      data: null,
      error_type: "InputException",
    });
    await expect(
      kc.getHistoricalData(256_265, "minute", "2026-09-01 09:15:00", "2026-11-02 09:15:00"),
    ).rejects.toEqual({
      status: "error",
      message: "interval exceeds max limit: 60 days",
      data: null,
      error_type: "InputException",
    });
    waitASecond();
    const day = await historical("256265/day?from=2020-01-01+00:00:00&to=2026-11-02+00:00:00");
    expect(day.status).toBe(400);
    expect(((await day.json()) as { message: string }).message).toBe(
      "interval exceeds max limit: 2000 days",
    );
    // 60 days exactly is allowed.
    expect(
      readHistoricalQuery({
        interval: "minute",
        from: "2026-09-26 09:15:00",
        to: "2026-11-25 09:15:00",
      }),
    ).toMatchObject({ ok: true });
  });

  it("answers the 4th request in a second with 429 NetworkException", async () => {
    const query = "256265/minute?from=2026-11-25+09:15:00&to=2026-11-25+09:15:00";
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await historical(query)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await historical(query);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toBe("application/json");
    expect(await limited.json()).toEqual({
      status: "error",
      message: "Too many requests",
      data: null,
      error_type: "NetworkException",
    });
    await expect(
      kc.getHistoricalData(256_265, "minute", "2026-11-25 09:15:00", "2026-11-25 09:15:00"),
    ).rejects.toMatchObject({ error_type: "NetworkException", message: "Too many requests" });
    waitASecond();
    expect((await historical(query)).status).toBe(200);
  });

  it("needs the access token", async () => {
    const res = await fetch(
      `${double.root}/instruments/historical/256265/minute?from=2026-11-25+09:15:00&to=2026-11-25+09:16:00`,
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_type: string }).error_type).toBe("TokenException");
  });
});
