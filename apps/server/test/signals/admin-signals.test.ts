/**
 * GET /api/admin/signals, the operator console's Signals panel: every model in MODEL_IDS order with its
 * latest signal of the market clock's day (an earlier day's does not count), and whether the engine runs.
 */
import { MODEL_IDS } from "@kalpa/contracts/names";
import type { Signal } from "@kalpa/market/signals/signal";
import { DEFAULT_SQUARE_OFF } from "@kalpa/market/signals/square-off";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignalEngine } from "../../src/engine/signal-engine";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { firstAdmin } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";

/** Without an engine here: false on one process; null behind the Redis adapter (another may lead). */
const ENGINE_IDLE = process.env.REDIS_URL ? null : false;

const DAY_MS = 86_400_000;

function signal(overrides: Partial<Signal>): Signal {
  const generatedAt = overrides.generatedAt ?? Date.now() - 60_000;
  return {
    id: `Nifty:KalpaVruksha@${generatedAt}`,
    modelId: "Nifty:KalpaVruksha",
    modelVersion: "0123456789ab",
    symbol: "NIFTY",
    day: dayKeyOf(generatedAt),
    generatedAt,
    expiry: "2026-11-24",
    expiresAt: Date.parse("2026-11-24T15:30:00+05:30"),
    squareOffAt: generatedAt + 3_600_000,
    underlyingPrice: 25_010,
    premiumPerLot: 9_000,
    indicators: { rsi: 62.1 },
    strike: 25_000,
    optionType: "CE",
    type: "BUY",
    lotSize: 75,
    lots: 1,
    slippageTicks: 1,
    slippage: null,
    stopLimit: 97,
    stopTriggeredAt: null,
    stopRested: false,
    premium: 120,
    entryLow: 118,
    entryHigh: 122,
    target: 150,
    stopLoss: 100,
    status: "triggered",
    ltp: 131.5,
    entryPrice: 121,
    entryTime: generatedAt + 30_000,
    exitPrice: null,
    exitTime: null,
    closeReason: null,
    pnlPoints: 10.5,
    pnl: 787.5,
    reason: "RSI 62.1 above 60",
    updatedAt: generatedAt + 60_000,
    ...overrides,
  };
}

describe("GET /api/admin/signals", () => {
  const h = useAccountsApp();
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  let repository: ReturnType<typeof createSignalRepository>;
  beforeAll(async () => {
    admin = await firstAdmin(h);
    repository = createSignalRepository(h.t.database.db);
  });

  it("lists every model with today's latest signal or null, and says the engine is not running", async () => {
    const now = Date.now();
    const earlier = signal({ generatedAt: now - 120_000, status: "closed", closeReason: "target" });
    const latest = signal({ generatedAt: now - 30_000 });
    const yesterday = signal({
      id: `CrudeOil:Yamuna@${now - DAY_MS}`,
      modelId: "CrudeOil:Yamuna",
      symbol: "CRUDEOIL",
      generatedAt: now - DAY_MS,
      day: dayKeyOf(now - DAY_MS),
    });
    await repository.record(
      [earlier, latest, yesterday].map((s) => ({ signal: s, changes: {}, event: "generated" })),
    );

    const res = await admin.browser.get("/api/admin/signals");
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.day).toBe(dayKeyOf(now));
    expect(data.engineRunning).toBe(ENGINE_IDLE);
    expect(data.signals.map((row: { model: string }) => row.model)).toEqual([...MODEL_IDS]);
    const byModel = Object.fromEntries(
      data.signals.map((row: { model: string; signal: unknown }) => [row.model, row.signal]),
    );
    expect(byModel["Nifty:KalpaVruksha"]).toMatchObject({
      id: latest.id,
      name: "KalpaVruksha",
      symbol: "NIFTY",
      strike: 25_000,
      optionType: "CE",
      status: "triggered",
      ltp: 131.5,
      pnl: 787.5,
    });
    expect(byModel["CrudeOil:Yamuna"]).toBeNull();
    expect(byModel["BankNifty:HFT"]).toBeNull();
  });

  it("says the engine is running while this process leads it", async () => {
    const engine = createSignalEngine({
      repository,
      publisher: { newSignal() {}, update() {}, dayReset() {} },
      calendar: {},
      squareOff: DEFAULT_SQUARE_OFF,
      log: pino({ level: "silent" }),
    });
    h.t.signalControl.attach(engine);
    try {
      const res = await admin.browser.get("/api/admin/signals");
      expect(res.json().data.engineRunning).toBe(true);
    } finally {
      h.t.signalControl.attach(undefined);
    }
    expect((await admin.browser.get("/api/admin/signals")).json().data.engineRunning).toBe(
      ENGINE_IDLE,
    );
  });
});
