/**
 * The replay on the real recorded prices (shared/market-data beside the project; MARKET_DATA_DIR elsewhere):
 * the server starts on the whole folder and serves the first recorded session's NIFTY minutes as the file
 * has them. Without the folder (a fresh clone) it skips and says why.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BarsResponseSchema, MarketOverviewSchema } from "@kalpa/contracts/api/market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { loadConfig } from "../../src/config/env";
import { createMarketSource } from "../../src/engine/market-runtime";
import { createTestApp } from "../helpers/test-app";

const MARKET_DATA_DIR =
  process.env.MARKET_DATA_DIR ??
  fileURLToPath(new URL("../../../../../shared/market-data", import.meta.url));
const present = existsSync(path.join(MARKET_DATA_DIR, "index-1min"));
const SKIPPED = present ? "" : ` (skipped: no recorded prices at ${MARKET_DATA_DIR})`;

/** 2 Jan 2024's replay begins after 1 Jan's session, the first the recording holds. */
const FIRST_DAY = "2024-01-01";

/** The recorded NIFTY rows of `day` (time,open,high,low,close), from the files themselves. */
function niftyRows(day: string): number[][] {
  const dir = path.join(MARKET_DATA_DIR, "index-1min");
  return readdirSync(dir)
    .filter((name) => name.startsWith("NIFTY_") && name.endsWith(".csv"))
    .flatMap((name) => readFileSync(path.join(dir, name), "utf8").split("\n").slice(1))
    .filter((line) => line.startsWith(day))
    .map((line) => {
      const [time, ...prices] = line.split(",");
      return [Date.parse(time as string), ...prices.map(Number)];
    });
}

/** NIFTY's close on `day` in the daily file. */
function dailyClose(day: string): number {
  const daily = readFileSync(path.join(MARKET_DATA_DIR, "index-daily", "NIFTY.csv"), "utf8");
  return Number(
    daily
      .split("\n")
      .find((line) => line.startsWith(`${day},`))
      ?.split(",")[4],
  );
}

describe.skipIf(!present)(`the replay of the real recorded market${SKIPPED}`, () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        MARKET_ENGINE: "true",
        MARKET_FEED: "replay",
        REPLAY_DATA: MARKET_DATA_DIR,
        REPLAY_FROM: "2024-01-02",
      },
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it(`starts at 2 Jan 2024's open and serves ${FIRST_DAY}'s NIFTY minutes as recorded`, async () => {
    const overview = await t.app.inject({ method: "GET", url: "/api/market/snapshots" });
    const { clock, feed, snapshots } = z.parse(MarketOverviewSchema, overview.json().data);
    expect(feed.kind).toBe("replay");
    expect(clock.now).toBeGreaterThanOrEqual(Date.parse("2024-01-02T09:15:00+05:30"));
    expect(clock.sessionEnd).toBe(Date.parse("2024-01-02T15:30:00+05:30"));
    // The previous close is 1 Jan's official close (the daily file), not its last recorded minute.
    const rows = niftyRows(FIRST_DAY);
    const nifty = snapshots.find((s) => s.symbol === "NIFTY");
    expect((nifty?.ltp ?? 0) - (nifty?.change ?? 0)).toBeCloseTo(dailyClose(FIRST_DAY), 2);
    expect(dailyClose(FIRST_DAY)).not.toBe(rows.at(-1)?.[4]);

    const res = await t.app.inject({
      method: "GET",
      url: `/api/market/bars?symbol=NIFTY&interval=1m&from=${FIRST_DAY}&to=${FIRST_DAY}`,
    });
    const { bars } = z.parse(BarsResponseSchema, res.json().data);
    expect(rows).toHaveLength(375);
    expect(bars.map((bar) => [bar.time, bar.open, bar.high, bar.low, bar.close])).toEqual(rows);
  });

  it("opens the first recorded session against the official close of the trading day before it", async () => {
    const config = loadConfig({ MARKET_FEED: "replay", REPLAY_DATA: MARKET_DATA_DIR }).market;
    const source = await createMarketSource(config, () => 0);
    // The engine replays from Friday 29 Dec 2023, which has no recorded minutes: its close stands.
    expect(source.previousClose?.("NIFTY", "2023-12-29")).toBe(dailyClose("2023-12-29"));
  }, 60_000);
});
