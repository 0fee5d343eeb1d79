/**
 * MARKET_FEED=replay on a folder of recorded prices (REPLAY_DATA), end to end: a tiny folder in
 * shared/market-data's layout, written here with made-up rows (never the real data), replayed by the
 * whole app. The clock walks the recorded sessions (2024's index days, then a crude day of 2025), the
 * bars are the recorded ones, a crude signal is priced, filled and marked at the recorded option prices,
 * and the browser is told it is a replay (the screens then say "Recorded market data of <date>").
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BarsResponseSchema, MarketOverviewSchema } from "@kalpa/contracts/api/market";
import { AdminSignalsSchema } from "@kalpa/contracts/signals";
import pino from "pino";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { loadConfig } from "../../src/config/env";
import { createMarketSource } from "../../src/engine/market-runtime";
import type { MarketRepository, StoredBar } from "../../src/modules/market/repository";
import { firstAdmin } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { waitFor } from "../helpers/wait";

const at = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
const stamp = (instant: number) =>
  `${new Date(instant + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;

/** Ten made-up minutes from 09:15 on each of Mon 3 and Tue 4 June 2024, rising by a point a minute. */
function indexRows(base: number): string {
  const rows = ["time,open,high,low,close"];
  for (const day of ["2024-06-03", "2024-06-04"]) {
    for (let minute = 0; minute < 10; minute++) {
      const open = base + minute + (day === "2024-06-04" ? 100 : 0);
      rows.push(
        `${stamp(at(day, "09:15") + minute * 60_000)},${open},${open + 2},${open - 1},${open + 1}`,
      );
    }
  }
  return rows.join("\n");
}

/** The 5500 call's made-up close in minute `minute` after 09:00 on 13 June 2025: up 0.5 a minute. */
const callClose = (minute: number) => 100 + minute * 0.5;
/** Two hours of the 5500 call and put, every minute from 09:00 on Friday 13 June 2025. */
function crudeRows(): string {
  const rows = ["time,expiry,strike,type,open,high,low,close,volume"];
  for (let minute = 0; minute < 120; minute++) {
    const time = stamp(at("2025-06-13", "09:00") + minute * 60_000);
    const call = callClose(minute);
    rows.push(`${time},2025-07-17,5500,CE,${call},${call},${call},${call},5`);
    rows.push(`${time},2025-07-17,5500,PE,90,90,90,90,5`);
  }
  return rows.join("\n");
}

const folder = mkdtempSync(path.join(tmpdir(), "kalpa-recorded-"));
mkdirSync(path.join(folder, "index-1min"));
mkdirSync(path.join(folder, "crudeoil-options-1min"));
writeFileSync(path.join(folder, "index-1min", "NIFTY_2024-06.csv"), indexRows(23_000));
writeFileSync(path.join(folder, "index-1min", "BANKNIFTY_2024-06.csv"), indexRows(50_000));
writeFileSync(
  path.join(folder, "crudeoil-options-1min", "CRUDEOIL_options_2025-06.csv"),
  crudeRows(),
);
// Made-up daily bars of NIFTY (the daily files hold the official close): Friday 31 May and Monday 3 June.
mkdirSync(path.join(folder, "index-daily"));
writeFileSync(
  path.join(folder, "index-daily", "NIFTY.csv"),
  "date,open,high,low,close,volume\n2024-05-31,22900,22950,22850,22930.5,100\n2024-06-03,23000,23020,22990,23012.5,100\n",
);

describe("the recorded market source", () => {
  const config = {
    ...loadConfig({ MARKET_FEED: "replay", REPLAY_DATA: folder }).market,
    clockStart: at("2024-06-04", "15:20"),
  };

  it("takes each symbol's previous close from the recording, and none it does not hold", async () => {
    const source = await createMarketSource(config, () => 0);
    // The engine replays from the day before: its previous close is the one before the first recorded day.
    expect(source.previousClose?.("NIFTY", "2024-05-31")).toBe(22930.5);
    // 3 June's official close (the daily file), not its last recorded minute.
    expect(source.previousClose?.("NIFTY", "2024-06-04")).toBe(23012.5);
    // Friday 31 May is not recorded for BANKNIFTY, and crude's first recorded day is a year later.
    expect(source.previousClose?.("BANKNIFTY", "2024-06-03")).toBeUndefined();
    expect(source.previousClose?.("CRUDEOIL", "2024-06-04")).toBeUndefined();
  });

  it("seeds the recorded days before the clock's: daily bars, and the last sessions' minutes", async () => {
    const source = await createMarketSource(config, () => 0);
    const saved: StoredBar[] = [];
    const repository = {
      saveBars: async (bars: readonly StoredBar[]) => {
        saved.push(...bars);
      },
    } as unknown as MarketRepository;
    await source.seedHistory?.(repository, pino({ level: "silent" }), () => false);
    const daily = saved.filter((bar) => bar.interval === "1d");
    expect(daily.map((bar) => [bar.symbol, bar.time, bar.close])).toEqual([
      ["NIFTY", at("2024-05-31", "00:00"), 22930.5],
      ["NIFTY", at("2024-06-03", "00:00"), 23012.5],
      // BANKNIFTY has no daily file here: its day is made of its minutes.
      ["BANKNIFTY", at("2024-06-03", "00:00"), 50_010],
    ]);
    expect(daily[2]).toMatchObject({ open: 50_000, high: 50_011, low: 49_999 });
    const minutes = saved.filter((bar) => bar.interval === "1m");
    expect(minutes.map((bar) => `${bar.symbol} ${bar.time === at("2024-06-03", "09:15")}`)).toEqual(
      expect.arrayContaining(["NIFTY true", "BANKNIFTY true"]),
    );
    expect(minutes).toHaveLength(20);
    // Nothing of the clock's day or after it (4 June's minutes come from the replay itself).
    expect(saved.every((bar) => bar.time < at("2024-06-04", "00:00"))).toBe(true);
  });
});

describe("a replay of recorded market data (REPLAY_DATA)", () => {
  const h = useAccountsApp({
    env: {
      MARKET_ENGINE: "true",
      MARKET_FEED: "replay",
      REPLAY_DATA: folder,
      // Ten replayed minutes before 4 June's close, at a minute a second.
      SIM_CLOCK_START: "2024-06-04 15:20",
      SIM_CLOCK_SPEED: "60",
    },
  });

  async function overview() {
    const res = await h.t.app.inject({ method: "GET", url: "/api/market/snapshots" });
    expect(res.statusCode).toBe(200);
    return z.parse(MarketOverviewSchema, res.json().data);
  }

  it("walks the recorded sessions, serves the recorded bars, and tells the browser it is a replay", async () => {
    const site = await h.t.app.inject({ method: "GET", url: "/api/site" });
    expect(site.json().data.feed).toBe("replay");
    const first = await overview();
    expect(first.feed).toEqual({ kind: "replay", simulated: true, stalled: [] });
    expect(first.clock).toMatchObject({ speed: 60, simulated: true });
    // Wherever it is now, it is inside a recorded session, and says when that session ends.
    const sessions = [
      { open: at("2024-06-04", "09:15"), close: at("2024-06-04", "15:30") },
      { open: at("2025-06-13", "09:00"), close: at("2025-06-13", "23:30") },
    ];
    const current = sessions.find((s) => s.open <= first.clock.now && first.clock.now < s.close);
    expect(current?.close).toBe(first.clock.sessionEnd);
    expect(first.clock.now).toBeGreaterThanOrEqual(at("2024-06-04", "15:20"));

    // Both recorded NSE days' minutes are stored as they were recorded.
    for (const day of ["2024-06-03", "2024-06-04"]) {
      const res = await h.t.app.inject({
        method: "GET",
        url: `/api/market/bars?symbol=NIFTY&interval=1m&from=${day}&to=${day}`,
      });
      const { bars } = z.parse(BarsResponseSchema, res.json().data);
      const base = 23_000 + (day === "2024-06-04" ? 100 : 0);
      expect(bars.map((bar) => [bar.time, bar.open, bar.high, bar.low, bar.close])).toEqual(
        Array.from({ length: 10 }, (_, minute) => [
          at(day, "09:15") + minute * 60_000,
          base + minute,
          base + minute + 2,
          base + minute - 1,
          base + minute + 1,
        ]),
      );
    }

    // After 4 June's close the clock is at the next recorded session's open (13 June 2025, MCX), not in
    // the night of 4 June nor anywhere in the year between.
    const crude = await waitFor(async () => {
      const data = await overview();
      return data.clock.now >= at("2024-06-04", "15:30") ? data : undefined;
    }, 30_000);
    expect(crude.clock.now).toBeGreaterThanOrEqual(at("2025-06-13", "09:00"));
    expect(crude.clock.now).toBeLessThan(at("2025-06-13", "09:30"));
    expect(crude.clock.sessionEnd).toBe(at("2025-06-13", "23:30"));
    // Crude's price is the synthetic future of the recorded call and put: 5,500 + (C − P)·carry.
    const snapshot = await waitFor(async () => {
      const found = (await overview()).snapshots.find((s) => s.symbol === "CRUDEOIL");
      return found && found.ltp > 0 ? found : undefined;
    }, 10_000);
    expect(snapshot.ltp).toBeGreaterThan(5_505);
    expect(snapshot.ltp).toBeLessThan(5_600);
    // NIFTY stays at 4 June's last recorded price, against 3 June's official close (the daily file),
    // not 3 June's last minute (23,010).
    const nifty = (await overview()).snapshots.find((s) => s.symbol === "NIFTY");
    expect(nifty?.ltp).toBe(23_110);
    expect((nifty?.ltp ?? 0) - (nifty?.change ?? 0)).toBeCloseTo(23_012.5, 6);
    // A gap in the recording is not a stall: nothing is shown stalled.
    expect((await overview()).feed.stalled).toEqual([]);
  }, 60_000);

  it("prices, fills and marks a crude signal at the recorded option prices", async () => {
    await waitFor(
      async () => ((await overview()).clock.now >= at("2025-06-13", "09:05") ? true : undefined),
      40_000,
    );
    const admin = await firstAdmin(h);
    const send = (body: Record<string, unknown>) => admin.browser.post("/api/paper/signal", body);
    const base = { model: "CrudeOil:Yamuna", optionType: "CE", strike: 5500 };
    // The refusal names the premium the signal would have: the recorded close of the minute just ended.
    const away = await send({ ...base, entryLow: 900, entryHigh: 910, target: 990, stopLoss: 800 });
    expect(away.statusCode).toBe(400);
    const premium = Number(/\(([\d,.]+)\)/.exec(away.json().error)?.[1]?.replaceAll(",", ""));
    const recorded = Array.from({ length: 120 }, (_, minute) => callClose(minute));
    expect(recorded).toContain(premium);

    const created = await send({
      ...base,
      entryLow: premium * 0.95,
      entryHigh: premium * 1.2,
      target: premium * 1.8,
      stopLoss: premium * 0.5,
    });
    expect(created.statusCode).toBe(201);
    const signal = created.json().data.signal;
    expect(signal).toMatchObject({
      status: "generated",
      expiry: "2025-07-17",
      priceSource: "quote",
    });
    expect(recorded).toContain(signal.premium);

    // The next recorded minutes reach it as quotes: it fills at the ask (close + one 0.10 tick) and is
    // marked at later recorded closes.
    const latest = async () => {
      const res = await admin.browser.get("/api/admin/signals");
      const { signals } = z.parse(AdminSignalsSchema, res.json().data);
      return signals.find((s) => s.model === "CrudeOil:Yamuna")?.signal;
    };
    const filled = await waitFor(async () => {
      const current = await latest();
      if (!current || current.id !== signal.id || current.status !== "triggered") return undefined;
      return (current.ltp ?? 0) > (current.entryPrice ?? 0) ? current : undefined;
    }, 20_000);
    const entry = filled.entryPrice as number;
    expect(recorded.map((close) => Math.round((close + 0.1) * 10) / 10)).toContain(entry);
    expect(recorded).toContain(filled.ltp);
    expect(filled.ltp).toBeGreaterThan(signal.premium);
  }, 90_000);
});
