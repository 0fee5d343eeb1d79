/**
 * The signal engine from tick to socket, on the simulated feed and a hand-moved market clock: a model's
 * signal is generated, triggered and closed; each transition is committed before a socket hears of it and
 * reaches only the sockets of users who may see the instrument; a restart resumes an open trade and runs
 * the square-off it missed; each exchange's trading day start resets the screens; GET /api/signals/current.
 */
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import type { ModelId } from "@kalpa/contracts/names";
import type { NewSignalPayload, SignalChart, SignalUpdatePayload } from "@kalpa/contracts/signals";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { ManualClock } from "@kalpa/market/clock/manual-clock";
import { SimulatedFeed } from "@kalpa/market/feed/simulated-feed";
import { DEFAULT_SQUARE_OFF } from "@kalpa/market/signals/square-off";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import pino from "pino";
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { createMarketEngine } from "../../src/engine/market-engine";
import { createSignalEngine, type SignalPublisher } from "../../src/engine/signal-engine";
import { createMarketRepository } from "../../src/modules/market/repository";
import { createSignalControl } from "../../src/modules/signals/control";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createSignalBroadcast } from "../../src/realtime/signal-broadcast";
import { createUserKinds, type KindUser, type UserKind } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { connected, listen, useSockets } from "../helpers/sockets";
import { TEST_ORIGIN } from "../helpers/test-app";

const at = (india: string) => Date.parse(`${india}+05:30`);
const log = pino({ level: "silent" });
const BANKNIFTY_MODELS: ModelId[] = ["BankNifty:KalpaVruksha", "BankNifty:HFT"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Heard {
  newSignals: NewSignalPayload[];
  updates: SignalUpdatePayload[];
  resets: unknown[];
  /** For each new-signal: whether its row was stored when the socket got it. */
  storedOnArrival: Promise<boolean>[];
}

const open = useSockets();
/** The signal the first test saw close, charted by the next. */
let chartedId: string | undefined;

describe("the signal engine", () => {
  const h = useAccountsApp();
  let url: string;
  let kinds: Record<UserKind, KindUser>;
  let repository: ReturnType<typeof createSignalRepository>;
  const market = new SimulatedMarket({ seed: "kalpa" });

  beforeAll(async () => {
    url = await listen(h.t);
    kinds = await createUserKinds(h);
    repository = createSignalRepository(h.t.database.db);
  });

  async function listener(kind: UserKind): Promise<Heard> {
    const cookie = kinds[kind].browser.cookieHeader("/");
    const socket: Socket = open(url, {
      extraHeaders: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
    const heard: Heard = { newSignals: [], updates: [], resets: [], storedOnArrival: [] };
    socket.on(SERVER_EVENTS.newSignal, (payload: NewSignalPayload) => {
      heard.storedOnArrival.push(
        repository.byId(payload.signal.id).then((row) => row?.status === "generated" || !!row),
      );
      heard.newSignals.push(payload);
    });
    socket.on(SERVER_EVENTS.signalUpdate, (payload: SignalUpdatePayload) =>
      heard.updates.push(payload),
    );
    socket.on(SERVER_EVENTS.marketDayReset, (payload: unknown) => heard.resets.push(payload));
    await connected(socket);
    // The instrument rooms are joined just after the connection.
    await sleep(150);
    return heard;
  }

  /** The market engine with the signal engine, on the simulated feed, from `start` (India time). */
  async function startEngines(start: string, publisher?: SignalPublisher) {
    const clock = new ManualClock(at(start));
    const broadcast = createSignalBroadcast(h.t.io, { intervalMs: 200 });
    const signals = createSignalEngine({
      repository,
      publisher: publisher ?? broadcast,
      calendar: {},
      squareOff: DEFAULT_SQUARE_OFF,
      log,
    });
    const engine = createMarketEngine({
      clock: {
        now: () => clock.now(),
        info: () => ({ now: clock.now(), speed: 1, simulated: true }),
      },
      createFeed: (from) => new SimulatedFeed(market, from),
      calendar: {},
      repository: createMarketRepository(h.t.database.db),
      publisher: { snapshot() {}, statuses() {}, stalled() {} },
      log,
      previousClose: (symbol, day) => market.previousClose(symbol, day),
      loopMs: 3_600_000, // the test steps the loop
      signals,
    });
    await engine.start();
    const stepTo = async (time: number) => {
      clock.set(time);
      await engine.step();
    };
    return {
      clock,
      signals,
      stepTo,
      async stop() {
        await engine.stop();
        broadcast.dispose();
      },
    };
  }

  it("generates, triggers and closes a signal: stored first, then sent to the instrument's subscribers only", async () => {
    const [subscriber, other, noAccess, rdaPending] = await Promise.all([
      listener("subscriber"),
      listener("otherInstrument"),
      listener("noAccess"),
      listener("rdaPending"),
    ]);
    const engines = await startEngines("2026-11-20T09:30:00");
    let closedId: string | undefined;
    for (let t = at("2026-11-20T09:31:00"); t <= at("2026-11-20T13:00:00") && !closedId; ) {
      t += 30_000;
      await engines.stepTo(t);
      const closed = subscriber.updates.find((u) => u.changes.status === "closed");
      if (closed) closedId = closed.id;
      if (!closedId) await sleep(0);
    }
    await sleep(400);
    await engines.stop();

    expect(closedId, "a BankNifty signal closed before 13:00").toBeDefined();
    const id = closedId as string;
    const created = subscriber.newSignals.find((n) => n.signal.id === id);
    expect(created?.signal).toMatchObject({
      status: "generated",
      instrument: "BankNifty",
      type: "BUY",
    });
    expect(BANKNIFTY_MODELS).toContain(created?.model);
    // Each new-signal's row was there when the socket heard of it.
    expect(await Promise.all(subscriber.storedOnArrival)).not.toContain(false);

    // The transitions, in order, as the subscriber heard them and as they are stored.
    const statuses = subscriber.updates
      .filter((u) => u.id === id && u.changes.status)
      .map((u) => u.changes.status);
    expect(statuses).toEqual(["triggered", "closed"]);
    const events = await repository.events(id);
    expect(events.map((e) => [e.seq, e.kind])).toEqual([
      [1, "generated"],
      [2, "triggered"],
      [3, "closed"],
    ]);
    const stored = await repository.byId(id);
    expect(stored).toMatchObject({ status: "closed", closeReason: expect.any(String) });
    expect(stored?.pnl).toBeCloseTo(
      ((stored?.exitPrice ?? 0) - (stored?.entryPrice ?? 0)) * (stored?.lotSize ?? 0),
      2,
    );
    const closing = subscriber.updates.find((u) => u.id === id && u.changes.status === "closed");
    expect(closing?.changes).toMatchObject({ exitPrice: stored?.exitPrice, pnl: stored?.pnl });

    // Nobody without BankNifty (and the agreement) heard a thing of BankNifty.
    const bankNifty = (heard: Heard) => [
      ...heard.newSignals.filter((n) => BANKNIFTY_MODELS.includes(n.model)),
      ...heard.updates.filter((u) => BANKNIFTY_MODELS.includes(u.model)),
    ];
    expect(bankNifty(other)).toEqual([]);
    expect(bankNifty(noAccess)).toEqual([]);
    expect(bankNifty(rdaPending)).toEqual([]);
    expect(noAccess.newSignals.length + noAccess.updates.length).toBe(0);
    chartedId = id;
  }, 120_000);

  it("GET /api/signals/:id/chart: the option's 1-minute candles from generation to exit, for those who may see it", async () => {
    const id = chartedId as string;
    expect(id, "the first test closed a signal").toBeDefined();
    const stored = (await repository.byId(id)) as NonNullable<
      Awaited<ReturnType<typeof repository.byId>>
    >;
    const path = `/api/signals/${encodeURIComponent(id)}/chart`;

    const res = await kinds.subscriber.browser.get(path);
    expect(res.statusCode).toBe(200);
    const chart = res.json().data as SignalChart;
    expect(chart.id).toBe(id);
    expect(chart.contract).toMatch(
      new RegExp(`^BANKNIFTY \\d{1,2} [A-Z]{3} \\d{4} ${stored.strike} ${stored.optionType}$`),
    );
    const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
    expect(chart.candles[0]?.time).toBe(minute(stored.generatedAt));
    expect(chart.candles.at(-1)?.time).toBeLessThanOrEqual(stored.exitTime as number);
    for (const [i, candle] of chart.candles.entries()) {
      if (i > 0) expect(candle.time).toBe((chart.candles[i - 1]?.time ?? 0) + 60_000);
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
    }
    // The engine priced the entry with the same pricer: it lies within its minute's candle (a tick either way).
    const entryCandle = chart.candles.find((c) => c.time === minute(stored.entryTime as number));
    expect(entryCandle, "a candle for the entry minute").toBeDefined();
    expect(stored.entryPrice).toBeGreaterThanOrEqual((entryCandle?.low ?? 0) - 0.1);
    expect(stored.entryPrice).toBeLessThanOrEqual((entryCandle?.high ?? 0) + 0.1);

    expect((await kinds.noAccess.browser.get(path)).statusCode).toBe(403);
    expect((await kinds.otherInstrument.browser.get(path)).statusCode).toBe(403);
    expect((await kinds.anonymous.browser.get(path)).statusCode).toBe(401);
    const unknown = await kinds.subscriber.browser.get("/api/signals/BankNifty%3AHFT%40123/chart");
    expect(unknown.statusCode).toBe(404);
  });

  it("resumes an open trade after a restart and runs the square-off it missed while down", async () => {
    let engines = await startEngines("2026-11-25T09:30:00");
    let openId: string | undefined;
    for (let t = at("2026-11-25T09:30:00"); t <= at("2026-11-25T14:30:00") && !openId; ) {
      t += 30_000;
      await engines.stepTo(t);
      const hft = engines.signals.current().get("BankNifty:HFT");
      if (hft?.status === "triggered") openId = hft.id;
    }
    // The process dies with the trade open.
    await engines.stop();
    expect(openId, "a BankNifty:HFT trade was open").toBeDefined();
    const id = openId as string;
    expect((await repository.byId(id))?.status).toBe("triggered");

    const subscriber = await listener("subscriber");
    // Back after the 15:15 square-off.
    engines = await startEngines("2026-11-25T15:40:00");
    await sleep(300);
    await engines.stop();

    const stored = await repository.byId(id);
    expect(stored).toMatchObject({ status: "closed", closeReason: "eod" });
    expect(stored?.exitTime).toBe(at("2026-11-25T15:15:00"));
    expect((await repository.events(id)).map((e) => e.kind)).toEqual([
      "generated",
      "triggered",
      "closed",
    ]);
    expect(subscriber.updates.find((u) => u.id === id)?.changes).toMatchObject({
      status: "closed",
      closeReason: "eod",
    });
  }, 120_000);

  it("force-eod-close squares off every open signal now, recorded with the admin as the actor", async () => {
    const subscriber = await listener("subscriber");
    const engines = await startEngines("2026-11-26T09:30:00");
    const control = createSignalControl(h.t.io, { clustered: false });
    control.attach(engines.signals, () => engines.clock.now());
    let openId: string | undefined;
    for (let t = at("2026-11-26T09:30:00"); t <= at("2026-11-26T14:30:00") && !openId; ) {
      t += 60_000;
      await engines.stepTo(t);
      const hft = engines.signals.current().get("BankNifty:HFT");
      if (hft?.status === "triggered" || hft?.status === "generated") openId = hft.id;
    }
    expect(openId).toBeDefined();
    const id = openId as string;
    expect(await control.forceSquareOff("admin:7")).toBeGreaterThanOrEqual(1);
    await sleep(200);
    await engines.stop();
    const stored = await repository.byId(id);
    expect(["closed", "cancelled"]).toContain(stored?.status);
    const last = (await repository.events(id)).at(-1);
    expect(last).toMatchObject({ kind: stored?.status, actor: "admin:7" });
    const statuses = subscriber.updates.filter((u) => u.id === id && u.changes.status);
    expect(statuses.at(-1)?.changes.status).toBe(stored?.status);
    control.attach(undefined);
    expect(await control.forceSquareOff("admin:7")).toBeUndefined();
  }, 120_000);

  it("tells the screens when each exchange's trading day starts (MCX 09:00, NSE 09:15), once", async () => {
    const resets: string[] = [];
    const publisher: SignalPublisher = {
      newSignal() {},
      update() {},
      dayReset: (day, exchange) => resets.push(`${day} ${exchange}`),
    };
    const signals = createSignalEngine({
      repository,
      publisher,
      calendar: {},
      squareOff: DEFAULT_SQUARE_OFF,
      log,
    });
    await signals.resume(at("2026-11-23T08:00:00"));
    await signals.flush(at("2026-11-23T08:59:59"));
    expect(resets).toEqual([]);
    await signals.flush(at("2026-11-23T09:00:00"));
    expect(resets).toEqual(["2026-11-23 MCX"]);
    await signals.flush(at("2026-11-23T09:14:00"));
    await signals.flush(at("2026-11-23T09:15:00"));
    await signals.flush(at("2026-11-23T09:30:00"));
    expect(resets).toEqual(["2026-11-23 MCX", "2026-11-23 NSE"]);

    // The broadcast sends it to the rooms of that exchange's instruments.
    const subscriber = await listener("subscriber");
    const other = await listener("otherInstrument");
    const broadcast = createSignalBroadcast(h.t.io);
    broadcast.dayReset("2026-11-23", "MCX");
    broadcast.dayReset("2026-11-23", "NSE");
    await sleep(200);
    expect(subscriber.resets).toEqual([{ day: "2026-11-23", exchange: "NSE" }]);
    expect(other.resets).toEqual([{ day: "2026-11-23", exchange: "NSE" }]);
  });

  it("GET /api/signals/current: today's latest signal of each model the user may see", async () => {
    const earlier = (await repository.latestPerModel(["BankNifty:HFT"]))[0];
    expect(earlier).toBeDefined();
    const today = dayKeyOf(Date.now());
    const signal = {
      ...(earlier as NonNullable<typeof earlier>),
      id: `BankNifty:HFT@${Date.now()}`,
      day: today,
      generatedAt: Date.now() - 1000,
    };
    await repository.record([{ signal, changes: {}, event: "generated" }]);

    const current = async (kind: UserKind) => kinds[kind].browser.get("/api/signals/current");
    const subscriber = await current("subscriber");
    expect(subscriber.statusCode).toBe(200);
    expect(subscriber.json().data.signals).toEqual([
      { model: "BankNifty:KalpaVruksha", signal: null },
      {
        model: "BankNifty:HFT",
        signal: expect.objectContaining({ id: signal.id, day: today, name: "HFT" }),
      },
    ]);
    expect((await current("otherInstrument")).json().data.signals).toEqual([
      { model: "Nifty:KalpaVruksha", signal: null },
    ]);
    expect((await current("noAccess")).json().data.signals).toEqual([]);
    const pending = await current("rdaPending");
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toBe(ACCESS_MESSAGES.riskDisclosureRequired);
    expect((await current("anonymous")).statusCode).toBe(401);
  });
});
