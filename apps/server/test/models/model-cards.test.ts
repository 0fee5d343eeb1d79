/**
 * Model cards and versions: every stored signal, journal trade and ledger entry carries the
 * model's version; the journal is read per version; the cards join the real-history file (a test fixture
 * here, not a backtest) with the live record of the current version.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ModelCardSchema, ModelCardsSchema } from "@kalpa/contracts/api/models";
import { PaperHistorySchema, PaperStatsSchema } from "@kalpa/contracts/api/paper";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { dayKeyOf, startOfDay } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, signals } from "../../src/db/schema";
import { loadRealHistory } from "../../src/modules/models/real-history";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { recordTrade } from "../journal/fixtures";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const FIXTURE = fileURLToPath(new URL("./real-history.fixture.json", import.meta.url));
const HFT = "BankNifty:HFT" as const;
const current = currentModelVersion(HFT);
const OLDER = "0123456789ab";
const HOUR = 3_600_000;

describe("model versions and cards", () => {
  let t: TestApp;
  let repository: ReturnType<typeof createSignalRepository>;
  /**
   * 10:00 IST on the day the current version began, or yesterday if that is later (the journal reads the
   * last 30 days); and 10:00 IST the day before the version began.
   */
  const yesterday = addDays(dayKeyOf(Date.now()), -1);
  const base = current.since > yesterday ? current.since : yesterday;
  const onSince = startOfDay(base).getTime() + 10 * HOUR;
  const dayBefore = startOfDay(addDays(current.since, -1)).getTime() + 10 * HOUR;
  const ids: Record<string, string> = {};

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const trade = (modelVersion: string, entryTime: number, exitPrice: number) =>
    recordTrade(repository, {
      model: HFT,
      modelVersion,
      entryTime,
      entryPrice: 100,
      exitTime: entryTime + HOUR,
      exitPrice,
      lotSize: 30,
    });

  beforeAll(async () => {
    t = await createTestApp({ realHistoryFile: FIXTURE });
    repository = createSignalRepository(t.database.db);
    ids.win = await trade(current.version, onSince, 130);
    ids.loss = await trade(current.version, onSince + HOUR, 90);
    ids.older = await trade(OLDER, onSince + 2 * HOUR, 150);
    ids.manual = await trade("manual", onSince + 3 * HOUR, 150);
    // The current version's, but closed before the day its version began: not in its live record.
    ids.early = await trade(current.version, dayBefore, 150);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores each signal with its version, and the ledger's entries carry it", async () => {
    const [row] = await t.database.db
      .select()
      .from(signals)
      .where(eq(signals.id, ids.older ?? ""));
    expect(row?.modelVersion).toBe(OLDER);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.content} like ${`%${ids.win}%`}`)
      .orderBy(ledgerEntries.seq);
    const contents = entries.map((entry) => JSON.parse(entry.content));
    expect(entries.map((entry) => entry.kind)).toEqual([
      "generated",
      "triggered",
      "closed",
      "trade",
    ]);
    expect(contents[0].signal.modelVersion).toBe(current.version);
    expect(contents[1].modelVersion).toBe(current.version);
    expect(contents[2].modelVersion).toBe(current.version);
    expect(contents[3].modelVersion).toBe(current.version);
  });

  it("serves the journal per version: every trade says its version, and ?version= keeps one", async () => {
    const all = PaperHistorySchema.parse(
      (await get(`/api/paper/history?model=${HFT}&days=30`)).json().data,
    );
    const versionOf = new Map(
      all.flatMap((day) => day.trades.map((item) => [item.id, item.modelVersion] as const)),
    );
    expect(versionOf.get(ids.win ?? "")).toBe(current.version);
    expect(versionOf.get(ids.older ?? "")).toBe(OLDER);
    expect(versionOf.get(ids.manual ?? "")).toBe("manual");
    const older = PaperHistorySchema.parse(
      (await get(`/api/paper/history?model=${HFT}&days=30&version=${OLDER}`)).json().data,
    );
    expect(older.flatMap((day) => day.trades.map((item) => item.id))).toEqual([ids.older]);
    const stats = PaperStatsSchema.parse(
      (await get(`/api/paper/stats?model=${HFT}&days=30&version=manual`)).json().data,
    );
    expect(stats.trades).toBe(1);
    const csv = (await get(`/api/paper/history.csv?model=${HFT}&days=30&version=${OLDER}`)).body;
    expect(csv.split("\r\n")[0]).toContain("model,model_version,");
    expect(csv.split("\r\n")[1]).toContain(`${HFT},${OLDER},`);
    const bad = await get(`/api/paper/history?model=${HFT}&version=DROP%20TABLE`);
    expect(bad.statusCode).toBe(400);
  });

  it("answers every model's card: the current version and its live record since it began", async () => {
    const response = await get("/api/models");
    expect(response.statusCode).toBe(200);
    const cards = ModelCardsSchema.parse(response.json().data);
    expect(cards.map((card) => card.slug)).toEqual([
      "banknifty-kalpavruksha",
      "banknifty-hft",
      "nifty-kalpavruksha",
      "crudeoil-yamuna",
    ]);
    const hft = cards.find((card) => card.model === HFT);
    expect(hft?.current).toEqual({ version: current.version, since: current.since });
    expect(hft?.interval).toBe("1m");
    expect(hft?.parameters.breakoutBars).toBe(20);
    // The win and the loss of the current version on or after its first day; not the older version's,
    // not the manual one, not the one closed the day before.
    expect(hft?.live).toMatchObject({ version: current.version, trades: 2, wins: 1, losses: 1 });
    expect(hft?.live?.winRate).toBe(0.5);
    // Only HFT has figures in the fixture; Yamuna's entry says it was not run, the others have none.
    expect(cards.find((card) => card.model === "CrudeOil:Yamuna")?.backtest).toBeNull();
    expect(cards.find((card) => card.model === "Nifty:KalpaVruksha")?.backtest).toBeNull();
  });

  it("answers one card by its slug, with the backtest as the file gives it (extra fields dropped)", async () => {
    const response = await get("/api/models/banknifty-hft");
    expect(response.statusCode).toBe(200);
    const card = ModelCardSchema.parse(response.json().data);
    expect(card.backtest).toMatchObject({
      version: "000000000000",
      edge: "none",
      summary: { trades: 4, winRate: 0.25, longestLosingStreak: 3 },
    });
    expect(card.backtest).not.toHaveProperty("sharpe");
    expect(card.backtest?.heldOut).toEqual({
      window: { from: "2024-01-03", to: "2024-01-03", days: 1 },
      summary: { trades: 1, winRate: 0, netPnl: -1000 },
      random: { runs: 100, modelPercentile: 12 },
      edge: "none",
    });
    expect(card.backtestSource?.generatedBy).toMatch(/^test fixture/);
    expect((await get("/api/models/banknifty-nope")).statusCode).toBe(404);
  });

  it("refuses a real-history file that does not match its schema, naming the file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "kalpa-cards-"));
    const file = path.join(dir, "real-history.json");
    await writeFile(
      file,
      JSON.stringify({ generatedBy: "x", generatedOn: "2026-11-28", models: [{}] }),
    );
    await expect(loadRealHistory(file)).rejects.toThrow(
      /real-history\.json is not a real-history file/,
    );
    await expect(loadRealHistory(path.join(dir, "absent.json"))).resolves.toBeUndefined();
  });
});
