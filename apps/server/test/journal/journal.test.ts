/**
 * The public journal: charges and net P/L written with the close, in its transaction; trades
 * grouped by the Asia/Kolkata day of their exit (23:59 and 00:01 IST fall on two days); the `days` window;
 * history, statistics and CSV as served, and their 400s; an open trade never shown.
 */
import {
  PAPER_CSV_COLUMNS,
  PAPER_MESSAGES,
  PaperAnalyticsSchema,
  PaperHistorySchema,
  PaperStatsSchema,
} from "@kalpa/contracts/api/paper";
import { premiumExcursions } from "@kalpa/market/journal/excursions";
import { currentModelVersion } from "@kalpa/market/models/model-versions";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, signals, tradeExcursions } from "../../src/db/schema";
import { csvCell } from "../../src/modules/journal/csv";
import { createMarketRepository } from "../../src/modules/market/repository";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { recordTrade, tradeRecords } from "./fixtures";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const india = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);

describe("the paper-trade journal", () => {
  let t: TestApp;
  let repository: ReturnType<typeof createSignalRepository>;
  // The market clock without the engine is the real time; the tests use finished days only.
  const today = dayKeyOf(Date.now());
  const yesterday = addDays(today, -1);
  const dayBefore = addDays(today, -2);

  beforeAll(async () => {
    t = await createTestApp();
    repository = createSignalRepository(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const stored = async (id: string) => {
    const [row] = await t.database.db.select().from(signals).where(eq(signals.id, id));
    return row;
  };

  describe("charges, written with the close", () => {
    it("records market-facts' NIFTY example on 2026-04-01 (STT 0.15%): charges 63.87, net 586.13", async () => {
      const id = await recordTrade(repository, {
        model: "Nifty:KalpaVruksha",
        entryTime: india("2026-04-01", "10:00:00"),
        entryPrice: 100,
        exitTime: india("2026-04-01", "11:00:00"),
        exitPrice: 110,
        lotSize: 65,
      });
      const row = await stored(id);
      expect(row?.pnl).toBe(650);
      expect(row?.charges).toEqual({
        brokerage: 40,
        sellTax: 10.73,
        transaction: 4.78,
        // NSE's investor protection fee, 0.0005% of 13,650, and inside GST's base (charge-rates.ts).
        ipft: 0.07,
        sebi: 0.01,
        stamp: 0.2,
        gst: 8.08,
        total: 63.87,
        ratesAsOf: "2026-04-01",
      });
      expect(row?.netPnl).toBe(586.13);
      // The ledger holds the close and then the trade with the same charges.
      const entries = await t.database.db
        .select()
        .from(ledgerEntries)
        .orderBy(sql`${ledgerEntries.seq} desc`)
        .limit(2);
      expect(entries.map((entry) => entry.kind)).toEqual(["trade", "closed"]);
      const trade = JSON.parse(entries[0]?.content ?? "{}");
      expect(trade).toMatchObject({ id, netPnl: 586.13, charges: { total: 63.87 } });
      expect(entries[0]?.day).toBe("2026-04-01");
    });

    it("uses the rate of the sell day: STT 0.1% on 2026-03-31 (charges 60.29)", async () => {
      const id = await recordTrade(repository, {
        model: "Nifty:KalpaVruksha",
        entryTime: india("2026-03-31", "10:00:00"),
        entryPrice: 100,
        exitTime: india("2026-03-31", "11:00:00"),
        exitPrice: 110,
        lotSize: 65,
      });
      const row = await stored(id);
      expect(row?.charges).toMatchObject({ sellTax: 7.15, total: 60.29, ratesAsOf: "2024-10-01" });
      expect(row?.netPnl).toBe(589.71);
    });

    it("charges MCX's CTT and transaction rate on a CRUDEOIL trade (hand-computed 68.54)", async () => {
      const id = await recordTrade(repository, {
        model: "CrudeOil:Yamuna",
        entryTime: india("2026-06-10", "18:00:00"),
        entryPrice: 150,
        exitTime: india("2026-06-10", "19:00:00"),
        exitPrice: 135.5,
        lotSize: 100,
      });
      const row = await stored(id);
      expect(row?.pnl).toBe(-1450);
      expect(row?.charges?.total).toBe(68.54);
      expect(row?.netPnl).toBe(-1518.54);
    });

    it("stores nothing of a close whose ledger entry cannot be written (one transaction)", async () => {
      const [generated, triggered, closed] = tradeRecords({
        model: "Nifty:KalpaVruksha",
        entryTime: india("2026-04-02", "10:00:00"),
        entryPrice: 100,
        exitTime: india("2026-04-02", "11:00:00"),
        exitPrice: 120,
      });
      if (!generated || !triggered || !closed) throw new Error("fixture");
      await repository.record([generated, triggered]);
      const db = t.database.db;
      await db.execute(sql`create function refuse_trade() returns trigger language plpgsql as $$
        begin
          if new.kind = 'trade' then raise exception 'ledger refused'; end if;
          return new;
        end $$`);
      await db.execute(
        sql`create trigger refuse_trade before insert on ledger_entries for each row execute function refuse_trade()`,
      );
      try {
        await expect(repository.record([closed])).rejects.toThrow();
      } finally {
        await db.execute(sql`drop trigger refuse_trade on ledger_entries`);
        await db.execute(sql`drop function refuse_trade()`);
      }
      const row = await stored(closed.signal.id);
      expect(row).toMatchObject({ status: "triggered", charges: null, netPnl: null });
      const events = await repository.events(closed.signal.id);
      expect(events.map((event) => event.kind)).toEqual(["generated", "triggered"]);
    });
  });

  describe("history by Asia/Kolkata day", () => {
    let late: string;
    let early: string;
    let openId: string;
    beforeAll(async () => {
      // 23:59 IST on the day before yesterday, and 00:01 IST yesterday: two days apart by two minutes.
      late = await recordTrade(repository, {
        model: "CrudeOil:Yamuna",
        entryTime: india(dayBefore, "23:00:00"),
        entryPrice: 150,
        exitTime: india(dayBefore, "23:59:00"),
        exitPrice: 160,
        lotSize: 100,
      });
      early = await recordTrade(repository, {
        model: "CrudeOil:Yamuna",
        entryTime: india(dayBefore, "23:30:00"),
        entryPrice: 150,
        exitTime: india(yesterday, "00:01:00"),
        exitPrice: 140,
        lotSize: 100,
      });
      await recordTrade(repository, {
        model: "CrudeOil:Yamuna",
        entryTime: india(yesterday, "10:00:00"),
        entryPrice: 120,
        exitTime: india(yesterday, "12:00:00"),
        exitPrice: 130,
        lotSize: 100,
        slippageTicks: 1,
        slippage: 20,
      });
      // Still open: only its subscribers see it, on the live screen.
      openId = await recordTrade(repository, {
        model: "CrudeOil:Yamuna",
        entryTime: india(yesterday, "13:00:00"),
        entryPrice: 100,
        lotSize: 100,
      });
    });

    it("puts a trade closed at 23:59 IST and one closed at 00:01 IST on different days, newest first", async () => {
      const res = await get("/api/paper/history?model=CrudeOil:Yamuna&days=7");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      const groups = PaperHistorySchema.parse(body.data);
      expect(groups.map((group) => group._id)).toEqual([yesterday, dayBefore]);
      const [newest, older] = groups;
      expect(newest?.trades.map((trade) => trade.id)[0]).toBe(early);
      expect(newest?.count).toBe(2);
      // Gross: -1,000 and +1,000; the net carries both trades' charges.
      expect(newest?.totalPnL).toBe(0);
      const charges = (newest?.trades ?? []).reduce((sum, trade) => sum + trade.charges.total, 0);
      expect(newest?.totalCharges).toBeCloseTo(charges, 2);
      // Each trade says what it was filled against and what the fills cost.
      expect(
        newest?.trades.map((trade) => [trade.fillBasis, trade.slippageTicks, trade.slippage]),
      ).toEqual([
        ["model", 0, 0],
        ["model", 1, 20],
      ]);
      expect(newest?.totalSlippage).toBe(20);
      expect(newest?.netPnL).toBeCloseTo(-charges, 2);
      expect(older?.trades.map((trade) => trade.id)).toEqual([late]);
      expect(older?.trades[0]).toMatchObject({
        instrument: "CrudeOil",
        direction: "BUY",
        status: "closed",
        entryPrice: 150,
        exitPrice: 160,
        pnlRupees: 1000,
        exitTime: india(dayBefore, "23:59:00"),
      });
    });

    it("never shows an open trade", async () => {
      const res = await get("/api/paper/history?model=CrudeOil:Yamuna&days=30");
      const ids = PaperHistorySchema.parse(res.json().data).flatMap((group) =>
        group.trades.map((trade) => trade.id),
      );
      expect(ids).not.toContain(openId);
      expect(ids).toHaveLength(3);
    });

    it("counts days back from today inclusive: days=7 starts at 00:00 IST six days ago", async () => {
      const first = addDays(today, -6);
      const outside = await recordTrade(repository, {
        model: "BankNifty:HFT",
        entryTime: india(addDays(first, -1), "23:00:00"),
        entryPrice: 200,
        exitTime: india(addDays(first, -1), "23:59:00"),
        exitPrice: 210,
        lotSize: 30,
      });
      const inside = await recordTrade(repository, {
        model: "BankNifty:HFT",
        entryTime: india(addDays(first, -1), "23:30:00"),
        entryPrice: 200,
        exitTime: india(first, "00:01:00"),
        exitPrice: 190,
        lotSize: 30,
      });
      const week = PaperHistorySchema.parse(
        (await get("/api/paper/history?model=BankNifty:HFT&days=7")).json().data,
      );
      expect(week.flatMap((group) => group.trades.map((trade) => trade.id))).toEqual([inside]);
      const fortnight = PaperHistorySchema.parse(
        (await get("/api/paper/history?model=BankNifty:HFT&days=15")).json().data,
      );
      expect(fortnight.map((group) => group._id)).toEqual([first, addDays(first, -1)]);
      expect(fortnight[1]?.trades[0]?.id).toBe(outside);
    });

    it("defaults to BankNifty:KalpaVruksha over 30 days", async () => {
      const res = await get("/api/paper/history");
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    });

    it("states the track record of the same trades, net of charges", async () => {
      const res = await get("/api/paper/stats?model=CrudeOil:Yamuna&days=30");
      expect(res.statusCode).toBe(200);
      const stats = PaperStatsSchema.parse(res.json().data);
      const history = PaperHistorySchema.parse(
        (await get("/api/paper/history?model=CrudeOil:Yamuna&days=30")).json().data,
      );
      const trades = history.flatMap((group) => group.trades);
      const charges = trades.reduce((sum, trade) => sum + trade.charges.total, 0);
      expect(stats).toMatchObject({ model: "CrudeOil:Yamuna", days: 30, trades: 3, wins: 2 - 0 });
      expect(stats.gross).toBe(1000);
      expect(stats.charges).toBeCloseTo(charges, 2);
      expect(stats.slippage).toBe(20);
      expect(stats.ratesAsOf).toBe("2024-10-01");
      expect(stats.net).toBeCloseTo(1000 - charges, 2);
      // Two winners (+1,000 gross each) less their charges; one loser.
      expect(stats.losses).toBe(1);
      expect(stats.winRate).toBeCloseTo(2 / 3, 6);
      expect(stats.equity.map((point) => point.day)).toEqual([dayBefore, yesterday]);
      expect(stats.equity.at(-1)?.cumulative).toBeCloseTo(stats.net, 2);
    });

    it("analyses the same trades: R over the risk to the stop, holding, streaks, drawdown, hours", async () => {
      const res = await get("/api/paper/analytics?model=CrudeOil:Yamuna&days=30");
      expect(res.statusCode).toBe(200);
      const analysis = PaperAnalyticsSchema.parse(res.json().data);
      const trades = PaperHistorySchema.parse(
        (await get("/api/paper/history?model=CrudeOil:Yamuna&days=30")).json().data,
      )
        .flatMap((group) => group.trades)
        .sort((a, b) => a.exitTime - b.exitTime);
      // Each fixture's stop is 30 below its entry; 100 units: 3,000 rupees at risk.
      expect(analysis.perTrade.map((trade) => [trade.id, trade.risk, trade.r])).toEqual(
        trades.map((trade) => [trade.id, 3000, Math.round((trade.netPnl / 3000) * 100) / 100]),
      );
      // 23:00 → 23:59, 23:30 → 00:01 the next day, 10:00 → 12:00.
      expect(analysis.perTrade.map((trade) => trade.holdingMinutes)).toEqual([59, 31, 120]);
      const [first, second, third] = trades.map((trade) => trade.netPnl);
      if (first === undefined || second === undefined || third === undefined) throw new Error("3");
      expect(analysis).toMatchObject({
        model: "CrudeOil:Yamuna",
        days: 30,
        trades: 3,
        wins: 2,
        losses: 1,
        tradesWithoutR: 0,
        longestWinningStreak: 1,
        longestLosingStreak: 1,
        slippage: 20,
        byHour: [
          { key: 10, trades: 1, wins: 1 },
          { key: 23, trades: 2, wins: 1 },
        ],
        // Win, loss, win: the loss is the drawdown; the last win (net of charges) falls short of it.
        maxDrawdown: { rupees: -second, recoveredTime: null, trades: 2, tradingDays: 1 },
      });
      expect(analysis.equity.map((point) => point.cumulative)).toEqual([
        first,
        Math.round((first + second) * 100) / 100,
        Math.round((first + second + third) * 100) / 100,
      ]);
      expect(analysis.winRateInterval?.low).toBeLessThan(2 / 3);
      expect(analysis.winRateInterval?.high).toBeGreaterThan(2 / 3);
    });

    it("exports the same trades as a CSV attachment, oldest first", async () => {
      const res = await get("/api/paper/history.csv?model=CrudeOil:Yamuna&days=15");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="kalpa-journal-crudeoil-yamuna-15d-${today}.csv"`,
      );
      const lines = res.body.trimEnd().split("\r\n");
      expect(lines[0]).toBe(PAPER_CSV_COLUMNS.join(","));
      expect(lines).toHaveLength(4);
      const first = lines[1]?.split(",") ?? [];
      expect(first.slice(0, 8)).toEqual([
        dayBefore,
        "CrudeOil:Yamuna",
        currentModelVersion("CrudeOil:Yamuna").version,
        "CrudeOil",
        "CRUDEOIL 2026-12-29 5500 CE",
        "BUY",
        "1",
        "100",
      ]);
      expect(first[10]).toBe(`${dayBefore}T23:59:00+05:30`);
      const cell = (name: (typeof PAPER_CSV_COLUMNS)[number]) =>
        first[PAPER_CSV_COLUMNS.indexOf(name)];
      expect(cell("fill_basis")).toBe("model");
      expect(cell("slippage_ticks")).toBe("0");
      expect(cell("gross_pnl")).toBe("1000");
      expect(Number(cell("net_pnl"))).toBeCloseTo(1000 - Number(cell("charges")), 2);
      expect(cell("rates_as_of")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  describe("stops that the price gapped past (stop-loss-limit orders)", () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const trade = (entry: string, exit: string, exitPrice: number) => ({
        model: "Nifty:KalpaVruksha" as const,
        entryTime: india(yesterday, entry),
        entryPrice: 100,
        exitTime: india(yesterday, exit),
        exitPrice,
      });
      ids.target = await recordTrade(repository, trade("09:30:00", "09:50:00", 150));
      ids.filled = await recordTrade(repository, trade("10:00:00", "10:30:00", 69.9));
      ids.atLimit = await recordTrade(repository, {
        ...trade("11:00:00", "11:30:00", 67.9),
        stop: "filled-at-limit",
      });
      ids.squared = await recordTrade(repository, {
        ...trade("14:00:00", "15:15:00", 55),
        stop: "squared-off",
      });
    });

    it("says in the history which happened to each stop, with its limit and trigger time", async () => {
      const history = PaperHistorySchema.parse(
        (await get("/api/paper/history?model=Nifty:KalpaVruksha&days=7")).json().data,
      );
      const trades = history.flatMap((group) => group.trades);
      expect(
        trades.map((t) => [t.id, t.closeReason, t.stopLimit, t.stopTriggeredAt, t.stopFill]),
      ).toEqual([
        [ids.target, "target", 67.9, null, null],
        [ids.filled, "stop", 67.9, india(yesterday, "10:30:00"), "filled"],
        [ids.atLimit, "stop", 67.9, india(yesterday, "11:25:00"), "filled-at-limit"],
        [ids.squared, "eod", 67.9, india(yesterday, "15:10:00"), "squared-off"],
      ]);
    });

    it("counts them in the track record: triggered, past the limit, squared off", async () => {
      const stats = PaperStatsSchema.parse(
        (await get("/api/paper/stats?model=Nifty:KalpaVruksha&days=7")).json().data,
      );
      expect(stats).toMatchObject({
        trades: 4,
        stopsTriggered: 3,
        stopsPastLimit: 2,
        stopsSquaredOff: 1,
      });
    });

    it("writes the stop's limit, trigger time and fill to the CSV", async () => {
      const res = await get("/api/paper/history.csv?model=Nifty:KalpaVruksha&days=7");
      const rows = res.body
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(","));
      const column = (name: (typeof PAPER_CSV_COLUMNS)[number]) =>
        rows.map((row) => row[PAPER_CSV_COLUMNS.indexOf(name)]);
      expect(column("close_reason")).toEqual(["target", "stop", "stop", "eod"]);
      expect(column("stop_limit")).toEqual(["67.9", "67.9", "67.9", "67.9"]);
      expect(column("stop_triggered_at")).toEqual([
        "",
        `${yesterday}T10:30:00+05:30`,
        `${yesterday}T11:25:00+05:30`,
        `${yesterday}T15:10:00+05:30`,
      ]);
      expect(column("stop_fill")).toEqual(["", "filled", "filled-at-limit", "squared-off"]);
    });

    it("records a resting stop as its own event, in the ledger", async () => {
      const events = await repository.events(ids.atLimit as string);
      expect(events.map((event) => event.kind)).toEqual([
        "generated",
        "triggered",
        "stop-resting",
        "closed",
      ]);
      expect(events[2]?.changes).toEqual({
        stopTriggeredAt: india(yesterday, "11:25:00"),
        stopRested: true,
        updatedAt: india(yesterday, "11:25:00"),
      });
      const entries = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.kind} = 'stop-resting'`);
      const contents = entries.map((entry) => JSON.parse(String(entry.content)) as { id: string });
      expect(contents.map((content) => content.id)).toContain(ids.atLimit);
    });
  });

  describe("bad queries", () => {
    for (const path of [
      "/api/paper/history",
      "/api/paper/stats",
      "/api/paper/analytics",
      "/api/paper/history.csv",
    ]) {
      it(`${path}: an unknown model or days is a 400 with the schema's message`, async () => {
        const badModel = await get(`${path}?model=Sensex:Anything&days=7`);
        expect(badModel.statusCode).toBe(400);
        expect(badModel.json()).toMatchObject({
          success: false,
          error: PAPER_MESSAGES.invalidModel,
        });
        for (const days of ["10", "0", "-7", "abc", "7.0"]) {
          const badDays = await get(`${path}?model=Nifty:KalpaVruksha&days=${days}`);
          expect(badDays.statusCode, days).toBe(400);
          expect(badDays.json().error, days).toBe(PAPER_MESSAGES.invalidDays);
        }
      });
    }
  });

  it("prices each trade's premium path from the stored minute bars once, and keeps it when they are gone", async () => {
    // BankNifty:KalpaVruksha has no other trade here. Yesterday 10:00 to 10:30, a 25,000 call.
    const entryTime = india(yesterday, "10:00:00");
    const exitTime = india(yesterday, "10:30:00");
    const id = await recordTrade(repository, {
      model: "BankNifty:KalpaVruksha",
      entryTime,
      entryPrice: 200,
      exitTime,
      exitPrice: 210,
    });
    // The underlying dips to 24,880 at 10:07 and reaches 25,150 at 10:21.
    const bars = Array.from({ length: 30 }, (_, i) => {
      const base = 25_000 + (i === 7 ? -120 : i === 21 ? 150 : 0);
      return {
        symbol: "BANKNIFTY" as const,
        interval: "1m" as const,
        time: entryTime + i * 60_000,
        open: base,
        high: base + 5,
        low: base - 5,
        close: base,
        volume: 0,
      };
    });
    const market = createMarketRepository(t.database.db);
    await market.saveBars(bars);
    const expected = premiumExcursions({
      contract: {
        symbol: "BANKNIFTY",
        optionType: "CE",
        strike: 25_000,
        expiresAt: Date.parse("2026-12-29T15:30:00+05:30"),
      },
      entryTime,
      exitTime,
      entryPrice: 200,
      exitPrice: 210,
      bars,
    });
    if (!expected) throw new Error("the fixture's path should price");
    const read = async (days: number) =>
      PaperAnalyticsSchema.parse(
        (await get(`/api/paper/analytics?model=BankNifty:KalpaVruksha&days=${days}`)).json().data,
      );
    const first = await read(7);
    const row = first.perTrade.find((trade) => trade.id === id);
    expect(row).toMatchObject({
      mae: expected.mae,
      mfe: expected.mfe,
      // Risk per unit: 30 (the fixture's stop is 30 below its entry); the fill was inside its zone.
      maeR: Math.round((expected.mae / 30) * 100) / 100,
      mfeR: Math.round((expected.mfe / 30) * 100) / 100,
      entryVsZone: 0,
    });
    expect(expected.mae).toBeGreaterThan(0);
    expect(expected.mfe).toBeGreaterThan(10);
    expect(first.tradesWithExcursions).toBe(1);
    const [kept] = await t.database.db
      .select()
      .from(tradeExcursions)
      .where(eq(tradeExcursions.signalId, id));
    expect(kept).toMatchObject({
      mae: expected.mae,
      mfe: expected.mfe,
      minutes: 30,
      spanMinutes: 30,
    });

    // The engine prunes old minute bars: the journal still has the trade's excursions.
    await market.pruneBefore("1m", Date.now());
    const later = await read(30);
    expect(later.perTrade.find((trade) => trade.id === id)).toMatchObject({
      mae: expected.mae,
      mfe: expected.mfe,
    });
  });

  it("guards CSV cells against spreadsheet formulas; numbers stay numbers", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-1234.5)).toBe("-1234.5");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("BUY")).toBe("BUY");
  });
});
