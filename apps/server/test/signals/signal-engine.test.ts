/**
 * The signal engine from tick to socket, on the simulated feed and a hand-moved market clock: a model's
 * signal is generated, triggered and closed; each transition is committed before a socket hears of it and
 * reaches only the sockets of users who may see the instrument; a restart resumes an open trade and runs
 * the square-off it missed; each exchange's trading day start resets the screens; GET /api/signals/current.
 */
import { ACCESS_MESSAGES } from "@kalpa/contracts/messages";
import type { ModelId } from "@kalpa/contracts/names";
import type {
  NewSignalPayload,
  SignalChart,
  SignalPayoff,
  SignalUpdatePayload,
} from "@kalpa/contracts/signals";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { ManualClock } from "@kalpa/market/clock/manual-clock";
import { SimulatedFeed } from "@kalpa/market/feed/simulated-feed";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { contractAt } from "@kalpa/market/options/option-contract";
import { simulatedPricer } from "@kalpa/market/options/option-pricing";
import { DEFAULT_SQUARE_OFF } from "@kalpa/market/signals/square-off";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../src/db/schema";
import { createMarketEngine } from "../../src/engine/market-engine";
import { createSignalEngine, type SignalPublisher } from "../../src/engine/signal-engine";
import { createMarketRepository } from "../../src/modules/market/repository";
import { createSignalBroadcast } from "../../src/modules/signals/broadcast";
import { createSignalControl } from "../../src/modules/signals/control";
import { SIGNALS_CACHE_TTL_MS } from "../../src/modules/signals/current";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { ledgerOfTransitions } from "../alerts/trades";
import { createUserKinds, firstAdmin, type KindUser, type UserKind } from "../helpers/access";
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
      marketClock: { now: () => clock.now(), speed: () => 1 },
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
    // Made by the model's version the engine runs: on the wire and in its row.
    const version = currentModelVersion(created?.model ?? "BankNifty:HFT").version;
    expect(created?.signal.modelVersion).toBe(version);
    // Each new-signal's row was there when the socket heard of it.
    expect(await Promise.all(subscriber.storedOnArrival)).not.toContain(false);

    // The transitions, in order, as the subscriber heard them and as they are stored.
    const statuses = subscriber.updates
      .filter((u) => u.id === id && u.changes.status)
      .map((u) => u.changes.status);
    expect(statuses).toEqual(["triggered", "closed"]);
    // A stop the price gapped past rests before it fills: a transition of its own, in between.
    const events = await repository.events(id);
    const rested = events.some((e) => e.kind === "stop-resting");
    expect(events.map((e) => [e.seq, e.kind])).toEqual([
      [1, "generated"],
      [2, "triggered"],
      ...(rested ? [[3, "stop-resting"]] : []),
      [rested ? 4 : 3, "closed"],
    ]);
    const stored = await repository.byId(id);
    if (rested) expect(stored?.closeReason).not.toBe("target");
    expect(stored).toMatchObject({
      status: "closed",
      closeReason: expect.any(String),
      modelVersion: version,
    });
    expect(stored?.pnl).toBeCloseTo(
      ((stored?.exitPrice ?? 0) - (stored?.entryPrice ?? 0)) * (stored?.lotSize ?? 0),
      2,
    );
    const closing = subscriber.updates.find((u) => u.id === id && u.changes.status === "closed");
    expect(closing?.changes).toMatchObject({ exitPrice: stored?.exitPrice, pnl: stored?.pnl });

    // Each transition heard carries the ledger entry committed with it (as the chain holds it) and its
    // stamps; the stored ones are the same.
    const heardTransitions = [
      ...(created?.signal.timing ?? []),
      ...subscriber.updates.filter((u) => u.id === id).flatMap((u) => u.transition ?? []),
    ];
    // (A stop resting in the entry's own update is told with the entry: then no transition of its own.)
    expect(heardTransitions.map((t) => t.event).filter((kind) => kind !== "stop-resting")).toEqual([
      "generated",
      "triggered",
      "closed",
    ]);
    const chain = await ledgerOfTransitions(h.t.database.db, id);
    for (const transition of heardTransitions) {
      const entry = chain.find((c) => c.kind === transition.event);
      expect(transition.ledger).toEqual(entry?.ledger);
      expect([entry?.entryKind, entry?.entryHash]).toEqual([
        transition.event,
        transition.ledger?.hash,
      ]);
      // Decided within the step that delivered what decided it (the test steps 30 s of market time).
      expect(transition.decidedAfterMs).toBeGreaterThanOrEqual(0);
      expect(transition.decidedAfterMs).toBeLessThanOrEqual(30_000);
      expect(transition.committedAt).toBeGreaterThanOrEqual(transition.decidedAt ?? Infinity);
    }
    const kept = (await repository.timings([id])).get(id) ?? [];
    expect(kept.filter((t) => heardTransitions.some((x) => x.event === t.event))).toEqual(
      heardTransitions,
    );

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

  it("GET /api/signals/:id/payoff: the position's P&L at expiry and today, its break-even, maximum loss and levels", async () => {
    const id = chartedId as string;
    expect(id, "the first test closed a signal").toBeDefined();
    const stored = (await repository.byId(id)) as NonNullable<
      Awaited<ReturnType<typeof repository.byId>>
    >;
    const path = `/api/signals/${encodeURIComponent(id)}/payoff`;
    const res = await kinds.subscriber.browser.get(path);
    expect(res.statusCode).toBe(200);
    const answer = res.json().data as SignalPayoff;
    expect(answer.id).toBe(id);
    expect(answer.strike).toBe(stored.strike);
    // The signal was entered: the premium paid is its entry price, for its lots.
    expect(answer.premiumFrom).toBe("entry");
    expect(answer.premiumPaid).toBe(stored.entryPrice);
    expect(answer.quantity).toBe(stored.lotSize * stored.lots);
    const sign = stored.optionType === "CE" ? 1 : -1;
    expect(answer.breakEven).toBeCloseTo(stored.strike + sign * (stored.entryPrice as number), 6);
    expect(answer.maxLoss).toBeGreaterThan((stored.entryPrice as number) * answer.quantity);
    expect(answer.maxLoss).toBeLessThan((stored.entryPrice as number) * answer.quantity + 500);
    // The range holds the price now, the strike and the break-even; a long option never loses more than
    // the maximum loss, and at expiry it is worth its intrinsic value.
    expect(answer.points.length).toBeGreaterThanOrEqual(15);
    const first = answer.points[0]?.underlying as number;
    const last = answer.points.at(-1)?.underlying as number;
    for (const level of [answer.underlying, answer.strike, answer.breakEven]) {
      expect(level).toBeGreaterThanOrEqual(first);
      expect(level).toBeLessThanOrEqual(last);
    }
    for (const point of answer.points) {
      expect(point.pnlAtExpiry).toBeGreaterThanOrEqual(-answer.maxLoss - 0.01);
      expect(point.pnlToday).toBeGreaterThanOrEqual(-answer.maxLoss - 0.01);
      const worthless = sign * (point.underlying - stored.strike) <= 0;
      if (worthless) expect(point.pnlAtExpiry).toBeCloseTo(-answer.maxLoss, 2);
    }
    // The target's level lies beyond the entry zone's in the option's direction, the stop's the other way.
    const { entryHigh, target, stopLoss } = answer.levels;
    expect(entryHigh).not.toBeNull();
    expect(sign * ((target as number) - (entryHigh as number))).toBeGreaterThan(0);
    expect(sign * ((stopLoss as number) - (entryHigh as number))).toBeLessThan(0);

    expect((await kinds.noAccess.browser.get(path)).statusCode).toBe(403);
    expect((await kinds.otherInstrument.browser.get(path)).statusCode).toBe(403);
    expect((await kinds.anonymous.browser.get(path)).statusCode).toBe(401);
    const unknown = await kinds.subscriber.browser.get("/api/signals/BankNifty%3AHFT%40123/payoff");
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

  it("GET /api/signals/current answers from a copy kept a second, which a commit in this process replaces at once", async () => {
    const subscriber = kinds.subscriber.browser;
    const models = async () =>
      (await subscriber.get("/api/signals/current")).json().data.signals as {
        model: string;
        signal: { id: string; status: string } | null;
      }[];
    const hft = async () => (await models()).find((entry) => entry.model === "BankNifty:HFT");
    const before = await hft();
    const base = (await repository.latestPerModel(["BankNifty:HFT"]))[0];
    const signal = {
      ...(base as NonNullable<typeof base>),
      id: `BankNifty:HFT@kept-${Date.now()}`,
      day: dayKeyOf(Date.now()),
      generatedAt: Date.now(),
      status: "generated" as const,
    };
    // Another process's engine commits it: this one answers from its copy until the copy is a second old.
    const startedAt = Date.now();
    await repository.record([{ signal, changes: {}, event: "generated" }]);
    const kept = await hft();
    if (Date.now() - startedAt < SIGNALS_CACHE_TTL_MS - 100) {
      expect(kept?.signal?.id).toBe(before?.signal?.id);
    }
    await sleep(SIGNALS_CACHE_TTL_MS + 50);
    expect((await hft())?.signal).toMatchObject({ id: signal.id, status: "generated" });
    // This process's engine commits a transition: the very next answer has it, before any event is sent.
    await h.t.signals.record([
      {
        signal: { ...signal, status: "cancelled" },
        changes: { status: "cancelled" },
        event: "cancelled",
      },
    ]);
    expect((await hft())?.signal).toMatchObject({ id: signal.id, status: "cancelled" });
  });

  it("POST /api/paper/signal: the operator's manual signal enters the same lifecycle; what nobody could trade is refused", async () => {
    const admin = await firstAdmin(h);
    const niftyHolder = await listener("otherInstrument");
    const bankNiftyHolder = await listener("subscriber");
    const engines = await startEngines("2026-11-27T10:00:00");
    h.t.signalControl.attach(engines.signals, () => engines.clock.now());
    try {
      await engines.stepTo(at("2026-11-27T10:01:00"));
      if (engines.signals.current().get("Nifty:KalpaVruksha")?.status === "generated") {
        await h.t.signalControl.forceSquareOff("admin:setup");
      }
      const send = (body: Record<string, unknown>) => admin.browser.post("/api/paper/signal", body);
      const base = { model: "Nifty:KalpaVruksha", optionType: "CE" };

      // The operator learns the market from the refusals, as the console shows them.
      const far = await send({
        ...base,
        strike: 50_000,
        entryLow: 100,
        entryHigh: 104,
        target: 130,
        stopLoss: 85,
      });
      expect(far.statusCode).toBe(400);
      expect(far.json().issues).toEqual([{ path: "strike", message: expect.any(String) }]);
      const price = Number(/\(([\d,.]+)\)/.exec(far.json().error)?.[1]?.replaceAll(",", ""));
      expect(price).toBeGreaterThan(10_000);
      const strike = Math.round(price / 50) * 50;
      const away = await send({
        ...base,
        strike,
        entryLow: 9_000,
        entryHigh: 9_010,
        target: 9_500,
        stopLoss: 8_000,
      });
      expect(away.statusCode).toBe(400);
      expect(away.json().error).toMatch(
        /^The entry zone must be within 25% of the option's current premium/,
      );
      const premium = Number(/\(([\d,.]+)\)/.exec(away.json().error)?.[1]?.replaceAll(",", ""));
      expect(premium).toBeGreaterThan(0);

      const offGrid = await send({
        ...base,
        strike: strike + 25,
        entryLow: 1,
        entryHigh: 2,
        target: 3,
        stopLoss: 0.5,
      });
      expect(offGrid.statusCode).toBe(400);
      expect(offGrid.json().issues).toContainEqual({
        path: "strike",
        message: "Strike must be a multiple of 50 for Nifty:KalpaVruksha.",
      });

      const body = {
        ...base,
        strike,
        entryLow: premium * 0.97,
        entryHigh: premium * 1.03,
        target: premium * 1.6,
        stopLoss: premium * 0.4,
        lots: 2,
      };
      const created = await send(body);
      expect(created.statusCode).toBe(201);
      const signal = created.json().data.signal;
      expect(signal).toMatchObject({ status: "generated", strike, optionType: "CE", lots: 2 });
      expect(signal.id).toMatch(/^Nifty:KalpaVruksha@\d+:manual$/);
      // The operator's, not a model version's (decision 028).
      expect(signal.modelVersion).toBe("manual");
      expect((await repository.byId(signal.id))?.modelVersion).toBe("manual");
      // Committed, with the admin as the actor, before anyone heard of it; only Nifty's holders did.
      expect((await repository.events(signal.id)).map((e) => [e.kind, e.actor])).toEqual([
        ["generated", `admin:${admin.id}`],
      ]);
      await sleep(200);
      expect(niftyHolder.newSignals.map((n) => n.signal.id)).toContain(signal.id);
      expect(bankNiftyHolder.newSignals.map((n) => n.signal.id)).not.toContain(signal.id);

      const again = await send(body);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(
        "Nifty:KalpaVruksha already has an active signal; square it off before sending another.",
      );

      // The same lifecycle as a model's signal: it triggers and is squared off at 15:15 at the latest.
      for (let t = at("2026-11-27T10:01:00"); t <= at("2026-11-27T15:20:00"); ) {
        t += 60_000;
        await engines.stepTo(t);
        const latest = engines.signals.current().get("Nifty:KalpaVruksha");
        if (
          latest &&
          latest.id === signal.id &&
          !["generated", "triggered"].includes(latest.status)
        ) {
          break;
        }
      }
      const kinds = (await repository.events(signal.id)).map((e) => e.kind);
      expect(kinds[0]).toBe("generated");
      expect(["closed", "cancelled"]).toContain(kinds.at(-1));
      if (kinds.includes("triggered")) expect(kinds).toEqual(["generated", "triggered", "closed"]);

      const audit = await h.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, signal.id));
      expect(audit.map((row) => row.action)).toEqual(["signals.manual_signal"]);

      await engines.stepTo(at("2026-11-27T15:20:00"));
      const closedMarket = await admin.browser.post("/api/paper/signal", body);
      expect(closedMarket.statusCode).toBe(409);
      expect(closedMarket.json().error).toBe("The NSE market is not open for new signals now.");
    } finally {
      h.t.signalControl.attach(undefined);
      await engines.stop();
    }
  }, 180_000);

  it("keeps a transition the database refused, unpublished, and retries it with a backoff until it is stored", async () => {
    let failing = 3;
    const attempts: number[] = [];
    const stored: string[] = [];
    let realTime = 1_000_000;
    const heard: string[] = [];
    const signals = createSignalEngine({
      repository: {
        ...repository,
        async record(records) {
          if (records.length === 0) return [];
          attempts.push(realTime);
          if (failing > 0) {
            failing -= 1;
            throw new Error("connection terminated");
          }
          for (const r of records) stored.push(`${r.event}`);
          return [];
        },
        saveLtp: async () => undefined,
        latestPerModel: async () => [],
      },
      publisher: {
        newSignal: (signal) => heard.push(`new ${signal.id}`),
        update: (_signal, changes, event) => {
          if (event !== "ltp") heard.push(`${event} ${changes.status}`);
        },
        dayReset() {},
      },
      calendar: {},
      squareOff: DEFAULT_SQUARE_OFF,
      log,
      realNow: () => realTime,
    });
    const now = at("2026-11-27T11:00:00");
    await signals.resume(now);
    const price = 26_000;
    signals.onTick({ symbol: "NIFTY", time: now, price, volume: 0 });
    const contract = contractAt("NIFTY", "CE", price, now);
    const premium = simulatedPricer()(contract, price, now);
    const outcome = await signals.inject(
      "Nifty:KalpaVruksha",
      {
        optionType: "CE",
        strike: contract.strike,
        entryLow: premium * 0.98,
        entryHigh: premium * 1.02,
        target: premium * 1.5,
        stopLoss: premium * 0.5,
      },
      now,
      "admin:1",
    );
    expect(outcome).toMatchObject({ ok: true, stored: false });
    expect(heard).toEqual([]);
    // The next tick triggers it while the first write still waits: it queues behind, unpublished.
    signals.onTick({ symbol: "NIFTY", time: now + 1000, price, volume: 0 });
    for (const step of [100, 150, 499, 1, 999, 1]) {
      realTime += step;
      await signals.flush(now + 1000);
    }
    // Tried at once, then after 250 ms, 500 ms and 1 s: the fourth attempt stores both, in order.
    expect(attempts.map((a) => a - 1_000_000)).toEqual([0, 250, 750, 1750]);
    expect(stored).toEqual(["generated", "triggered"]);
    expect(heard).toEqual([`new ${outcome.ok ? outcome.signal.id : ""}`, "triggered triggered"]);
  });

  /** An engine whose stops rest 5 % below the trigger, and the transitions its screens heard. */
  function stopLimitEngine(heard: string[]) {
    return createSignalEngine({
      repository,
      publisher: {
        newSignal: () => undefined,
        update: (_signal, changes, event) => {
          if (event !== "ltp") heard.push(`${event} ${changes.status ?? ""}`.trim());
        },
        dayReset() {},
      },
      calendar: {},
      squareOff: DEFAULT_SQUARE_OFF,
      stopLimitPercent: 5,
      log,
    });
  }

  /** The operator's NIFTY call at `now` with NIFTY at 26,000: its stop at 60 % of the premium. */
  async function injectCall(signals: ReturnType<typeof stopLimitEngine>, now: number) {
    const price = 26_000;
    signals.onTick({ symbol: "NIFTY", time: now, price, volume: 0 });
    const contract = contractAt("NIFTY", "CE", price, now);
    const premium = simulatedPricer()(contract, price, now);
    const outcome = await signals.inject(
      "Nifty:KalpaVruksha",
      {
        optionType: "CE",
        strike: contract.strike,
        entryLow: premium * 0.98,
        entryHigh: premium * 1.02,
        target: premium * 1.5,
        stopLoss: premium * 0.6,
      },
      now,
      "admin:1",
    );
    if (!outcome.ok) throw new Error(outcome.message);
    return { price, signal: outcome.signal };
  }

  it("records a stop that gaps below its limit as stop-resting, keeps it through a restart, and fills it at the limit", async () => {
    const heard: string[] = [];
    const engine = () => stopLimitEngine(heard);
    const now = at("2026-12-01T11:00:00");
    let signals = engine();
    await signals.resume(now);
    const { price, signal } = await injectCall(signals, now);
    const { id, stopLoss, stopLimit } = signal;
    // The limit 5 % below the trigger, on the tick at or below.
    expect(stopLimit).toBeCloseTo(Math.floor((stopLoss * 0.95) / 0.05 + 1e-9) * 0.05, 6);
    signals.onTick({ symbol: "NIFTY", time: now + 1000, price, volume: 0 });
    await signals.flush(now + 1000);
    // A 4 % fall of NIFTY: the call's premium drops far below the limit at once.
    signals.onTick({ symbol: "NIFTY", time: now + 60_000, price: price * 0.96, volume: 0 });
    await signals.flush(now + 60_000);
    expect(heard).toEqual(["triggered triggered", "stop-resting"]);
    const resting = await repository.byId(id);
    expect(resting).toMatchObject({
      status: "triggered",
      stopLimit,
      stopTriggeredAt: now + 60_000,
      stopRested: true,
      exitPrice: null,
    });
    expect((await repository.events(id)).map((e) => e.kind)).toEqual([
      "generated",
      "triggered",
      "stop-resting",
    ]);

    // A restart: the stored stop still rests, and NIFTY's return fills it at its limit.
    signals = engine();
    await signals.resume(now + 120_000);
    expect(signals.current().get("Nifty:KalpaVruksha")).toMatchObject({ id, stopRested: true });
    signals.onTick({ symbol: "NIFTY", time: now + 180_000, price, volume: 0 });
    await signals.flush(now + 180_000);
    expect(heard.at(-1)).toBe("closed closed");
    expect(await repository.byId(id)).toMatchObject({
      status: "closed",
      closeReason: "stop",
      exitPrice: stopLimit,
      stopTriggeredAt: now + 60_000,
      stopRested: true,
    });
  });

  it("records the entry and the stop's resting apart when one update does both", async () => {
    const heard: string[] = [];
    const signals = stopLimitEngine(heard);
    const now = at("2026-12-02T11:00:00");
    await signals.resume(now);
    const { price, signal } = await injectCall(signals, now);
    // The first price the order sees is after a 4 % fall: the buy limit is marketable and fills at the
    // ask, and the same price is below the stop's trigger with the bid below its limit.
    signals.onTick({ symbol: "NIFTY", time: now + 1000, price: price * 0.96, volume: 0 });
    await signals.flush(now + 1000);
    expect(heard).toEqual(["triggered triggered"]);
    expect(await repository.byId(signal.id)).toMatchObject({
      status: "triggered",
      stopTriggeredAt: now + 1000,
      stopRested: true,
    });
    expect((await repository.events(signal.id)).map((e) => e.kind)).toEqual([
      "generated",
      "triggered",
      "stop-resting",
    ]);
  });
});
