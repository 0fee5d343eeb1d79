/**
 * Restart: an open trade survives and a square-off missed while down is recorded (at the square-off
 * instant, the last stored price) with its charges and ledger entries. The demo journal seed (the real
 * models through the backtest runner) is idempotent.
 */

import { DEFAULT_SQUARE_OFF } from "@kalpa/market/signals/square-off";
import { SimulatedMarket } from "@kalpa/market/sim/simulated-market";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, signals } from "../../src/db/schema";
import { createSignalEngine } from "../../src/engine/signal-engine";
import { seedDemoJournal } from "../../src/modules/journal/demo-history";
import { createJournalRepository } from "../../src/modules/journal/repository";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { tradeRecords } from "./fixtures";

const india = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);
const log = pino({ level: "silent" });
const publisher = { newSignal() {}, update() {}, dayReset() {} };

describe("restart and the demo seed", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps an open trade across a restart and runs the missed end-of-day close", async () => {
    const repository = createSignalRepository(t.database.db);
    const records = tradeRecords({
      model: "Nifty:KalpaVruksha",
      entryTime: india("2026-11-18", "10:00:00"),
      entryPrice: 100,
      lotSize: 65,
    });
    await repository.record(records);
    const open = records[1]?.signal;
    if (!open) throw new Error("fixture");
    // The last price the engine stored before the process died.
    await repository.saveLtp({
      ...open,
      ltp: 112,
      pnlPoints: 12,
      pnl: 780,
      updatedAt: open.updatedAt,
    });
    const engine = () =>
      createSignalEngine({
        repository,
        publisher,
        calendar: {},
        squareOff: DEFAULT_SQUARE_OFF,
        log,
      });
    // Back before the square-off: the trade is still open.
    const first = engine();
    await first.resume(india("2026-11-18", "14:00:00"));
    expect(first.current().get("Nifty:KalpaVruksha")).toMatchObject({
      id: open.id,
      status: "triggered",
    });
    expect((await repository.byId(open.id))?.status).toBe("triggered");
    // Back the next morning: the 15:15 square-off it missed is recorded.
    const second = engine();
    await second.resume(india("2026-11-19", "09:20:00"));
    const [row] = await t.database.db.select().from(signals).where(eq(signals.id, open.id));
    expect(row).toMatchObject({ status: "closed", exitPrice: 112, closeReason: "eod", pnl: 780 });
    expect(row?.exitTime?.getTime()).toBe(india("2026-11-18", "15:15:00"));
    expect(row?.charges?.total).toBeGreaterThan(0);
    expect(row?.netPnl).toBeCloseTo(780 - (row?.charges?.total ?? 0), 2);
    const kinds = (await t.database.db.select().from(ledgerEntries)).map((entry) => entry.kind);
    expect(kinds.slice(-2)).toEqual(["closed", "trade"]);
  });

  it("seeds past sessions through the real models once; a second run writes nothing", async () => {
    const journal = createJournalRepository(t.database.db);
    const options = {
      db: t.database.db,
      journal,
      source: new SimulatedMarket({ seed: "kalpa" }),
      calendar: {},
      squareOff: DEFAULT_SQUARE_OFF,
      today: "2026-11-13",
      days: 4,
    };
    const first = await seedDemoJournal(options);
    expect(first.days).toBeGreaterThan(0);
    expect(first.signals).toBeGreaterThan(0);
    const count = async () => (await t.database.db.select().from(signals)).length;
    const after = await count();
    expect(await seedDemoJournal(options)).toEqual({ days: 0, signals: 0 });
    expect(await count()).toBe(after);
    const closed = (await t.database.db.select().from(signals)).filter(
      (row) => row.status === "closed",
    );
    expect(closed.every((row) => row.charges !== null && row.netPnl !== null)).toBe(true);
    expect((await t.ledger.verify()).ok).toBe(true);
  }, 120_000);
});
