import { BarsResponseSchema, MarketOverviewSchema } from "@kalpa/contracts/api/market";
import {
  MarketSnapshotSchema,
  MarketStatusSchema,
  TickerUpdateSchema,
} from "@kalpa/contracts/market";
import { CLIENT_EVENTS, HOME_SOCKET_QUERY, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { isTradingDay } from "@kalpa/market/calendar/sessions";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { DEMO } from "@kalpa/testkit/demo";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { connected, listen, useSockets } from "../helpers/sockets";
import { createTestApp, TEST_ORIGIN } from "../helpers/test-app";
import { waitFor } from "../helpers/wait";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Friday 20 Nov 2026, 10:00 in India: NSE and MCX both in session. */
const FRIDAY_10AM = "2026-11-20 10:00";
const FRIDAY_10AM_MS = Date.parse("2026-11-20T10:00:00+05:30");

const open = useSockets();

/** Collects a socket's events of one name for `ms`. */
function collect(socket: Socket, event: string, ms: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return new Promise((resolve) => setTimeout(() => resolve(seen), ms));
}

async function overview(t: TestApp) {
  const res = await t.app.inject({ method: "GET", url: "/api/market/snapshots" });
  expect(res.statusCode).toBe(200);
  return z.parse(MarketOverviewSchema, res.json().data);
}

describe("the market without an engine in this process", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("answers with empty snapshots and both exchanges Inactive, as the spec starts", async () => {
    const data = await overview(t);
    expect(data.snapshots.map((s) => s.symbol)).toEqual(["NIFTY", "BANKNIFTY", "CRUDEOIL"]);
    expect(data.snapshots.every((s) => s.ltp === 0 && s.volume === 0)).toBe(true);
    expect(data.statuses).toEqual([
      { exchange: 1, status: "Inactive" },
      { exchange: 5, status: "Inactive" },
    ]);
  });
});

describe("the market engine on a simulated clock", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        MARKET_ENGINE: "true",
        SIM_CLOCK_START: FRIDAY_10AM,
        SIM_SEED: "test",
        SEED_DEMO: "true",
      },
    });
    url = await listen(t);
  });
  afterAll(async () => t?.close());

  it("serves live snapshots, the statuses of an open market, the feed and the simulated clock", async () => {
    const data = await overview(t);
    for (const snapshot of data.snapshots) {
      expect(snapshot.ltp, snapshot.symbol).toBeGreaterThan(0);
      expect(snapshot.high).toBeGreaterThanOrEqual(snapshot.low);
      expect(snapshot.ltp).toBeLessThanOrEqual(snapshot.high);
      expect(snapshot.ltp).toBeGreaterThanOrEqual(snapshot.low);
      expect(snapshot.volume).toBeGreaterThan(0);
      // Against the previous close: change and percent change agree.
      const previousClose = snapshot.ltp - snapshot.change;
      expect(snapshot.percentChange).toBeCloseTo((snapshot.change / previousClose) * 100, 1);
    }
    expect(data.statuses).toEqual([
      { exchange: 1, status: "Active" },
      { exchange: 5, status: "Active" },
    ]);
    expect(data.feed).toEqual({ kind: "simulated", simulated: true, stalled: [] });
    expect(data.clock.simulated).toBe(true);
    expect(data.clock.speed).toBe(1);
    expect(data.clock.now).toBeGreaterThanOrEqual(FRIDAY_10AM_MS);
    expect(data.clock.now).toBeLessThan(FRIDAY_10AM_MS + 60_000);
  });

  it("stores the session's 1-minute bars and serves 5-minute bars built from them", async () => {
    const query = `symbol=NIFTY&from=2026-11-20&to=${FRIDAY_10AM_MS}`;
    const minutes = await t.app.inject({
      method: "GET",
      url: `/api/market/bars?interval=1m&${query}`,
    });
    expect(minutes.statusCode).toBe(200);
    const oneMinute = z.parse(BarsResponseSchema, minutes.json().data).bars;
    // 09:15 to 09:59: 45 complete bars.
    expect(oneMinute).toHaveLength(45);
    expect(oneMinute[0]?.time).toBe(Date.parse("2026-11-20T09:15:00+05:30"));
    const five = await t.app.inject({
      method: "GET",
      url: `/api/market/bars?interval=5m&${query}`,
    });
    const fiveMinute = z.parse(BarsResponseSchema, five.json().data).bars;
    expect(fiveMinute).toHaveLength(9);
    const first = fiveMinute[0];
    const firstFive = oneMinute.slice(0, 5);
    expect(first?.open).toBe(firstFive[0]?.open);
    expect(first?.close).toBe(firstFive[4]?.close);
    expect(first?.high).toBe(Math.max(...firstFive.map((bar) => bar.high)));
    expect(first?.volume).toBeCloseTo(
      firstFive.reduce((sum, bar) => sum + bar.volume, 0),
      6,
    );
  });

  it("writes a year of daily history for a first start", async () => {
    // One bar for every day MCX trades from a year before the clock's day to the day before it.
    const tradingDays: string[] = [];
    for (let day = "2025-11-20"; day <= "2026-11-19"; day = addDays(day, 1)) {
      if (isTradingDay("MCX", day)) tradingDays.push(day);
    }
    expect(tradingDays.length).toBeGreaterThan(240);
    const bars = await waitFor(async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/market/bars?symbol=CRUDEOIL&interval=1d&from=2025-11-20&to=2026-11-19",
      });
      const parsed = z.parse(BarsResponseSchema, res.json().data).bars;
      return parsed.length >= tradingDays.length ? parsed : undefined;
      // A first start writes the year while it makes 90 days of forecasts on the same embedded database;
      // on CI's two cores, beside other test files, that has taken longer than 25 s.
    }, 55_000);
    expect(bars.map((bar) => dayKeyOf(bar.time))).toEqual(tradingDays);
    for (const bar of bars) {
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    }
  }, 60_000);

  it("refuses bad bar requests with a clear message and changes nothing", async () => {
    const cases = [
      ["symbol=GOLD&interval=1m", "symbol"],
      ["symbol=NIFTY&interval=2m", "interval"],
      ["symbol=NIFTY&interval=1m&from=yesterday", "from"],
      ["symbol=NIFTY&interval=1m&from=2026-11-20&to=2026-11-19", "from"],
      ["symbol=NIFTY&interval=1m&from=2026-01-01&to=2026-11-20", "from"],
    ] as const;
    for (const [query, field] of cases) {
      const res = await t.app.inject({ method: "GET", url: `/api/market/bars?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(JSON.stringify(body.issues ?? body), query).toContain(field);
    }
    const tooLong = await t.app.inject({
      method: "GET",
      url: "/api/market/bars?symbol=NIFTY&interval=1m&from=2026-01-01&to=2026-11-20",
    });
    expect(tooLong.json().error).toContain("more than 5000 bars");
  });

  it("answers a home socket's get-snapshots with a home-update per symbol, then streams them", async () => {
    const home = open(url, { query: HOME_SOCKET_QUERY });
    const live: unknown[] = [];
    home.on(SERVER_EVENTS.homeUpdate, (payload: unknown) => live.push(payload));
    // Events reach a socket in order: what came before the acknowledgement includes the whole answer.
    expect(await home.emitWithAck(CLIENT_EVENTS.getSnapshots)).toEqual({ ok: true });
    const beforeAck = live.map((payload) => z.parse(TickerUpdateSchema, payload).symbol);
    expect(new Set(beforeAck)).toEqual(new Set(["NIFTY", "BANKNIFTY", "CRUDEOIL"]));
    await new Promise((resolve) => setTimeout(resolve, 2600));
    const seen = live.map((payload) => z.parse(TickerUpdateSchema, payload));
    for (const symbol of ["NIFTY", "BANKNIFTY", "CRUDEOIL"] as const) {
      const count = seen.filter((update) => update.symbol === symbol).length;
      // The first answer, then the stream: at most two a second per symbol (and the first one may have
      // come from the stream just before the answer).
      expect(count, symbol).toBeGreaterThan(2);
      expect(count, symbol).toBeLessThanOrEqual(2 + 6);
    }
    // Only the spec's fields go to the landing page.
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(["ltp", "percentChange", "symbol"]);
  });

  it("gives a signed-in socket whole snapshots and each exchange's status", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN },
      payload: DEMO,
    });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    const socket = open(url, { extraHeaders: { origin: TEST_ORIGIN, cookie } });
    const snapshots = collect(socket, SERVER_EVENTS.dashboardUpdate, 1500);
    const statuses = collect(socket, SERVER_EVENTS.marketStatusUpdate, 1500);
    socket.emit(CLIENT_EVENTS.getSnapshots);
    const received = (await snapshots).map((payload) => z.parse(MarketSnapshotSchema, payload));
    expect(new Set(received.map((snapshot) => snapshot.symbol)).size).toBe(3);
    expect((await statuses).map((payload) => z.parse(MarketStatusSchema, payload))).toEqual([
      { exchange: 1, status: "Active" },
      { exchange: 5, status: "Active" },
    ]);
  });

  it("does not give the dashboard's data to an anonymous socket, and ignores a get-snapshots with a payload", async () => {
    const anonymous = open(url);
    const answer = await anonymous.emitWithAck(CLIENT_EVENTS.getSnapshots);
    expect(answer).toEqual({ ok: false, error: expect.stringContaining("Sign in") });
    const home = open(url, { query: HOME_SOCKET_QUERY });
    await connected(home);
    // With a payload the request is not answered at all (a valid one is acknowledged at once, as above).
    await expect(
      home.timeout(1000).emitWithAck(CLIENT_EVENTS.getSnapshots, { symbols: ["NIFTY"] }),
    ).rejects.toThrow();
    expect(await home.timeout(1000).emitWithAck(CLIENT_EVENTS.getSnapshots)).toEqual({ ok: true });
  });
});

describe("the market on an NSE holiday", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Tuesday 24 Nov 2026 (Guru Nanak Jayanti): NSE closed all day; MCX trades the evening only.
    t = await createTestApp({
      env: { MARKET_ENGINE: "true", SIM_CLOCK_START: "2026-11-24 11:00", SIM_SEED: "test" },
    });
  });
  afterAll(async () => t?.close());

  it("shows both exchanges Inactive and the last session's prices", async () => {
    const data = await overview(t);
    expect(data.statuses).toEqual([
      { exchange: 1, status: "Inactive" },
      { exchange: 5, status: "Inactive" },
    ]);
    for (const snapshot of data.snapshots) expect(snapshot.ltp, snapshot.symbol).toBeGreaterThan(0);
  });
});
