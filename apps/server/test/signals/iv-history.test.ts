/**
 * The daily at-the-money IV record (decision 038): written once per instrument and day on the first check
 * after its last session has closed, never before, and the chain's IV percentile taken over the last year's
 * recorded days once there are 20.
 */
import { emptySnapshot } from "@kalpa/contracts/market";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketState } from "../../src/engine/market-state";
import { createOptionChainService, notEnoughHistory } from "../../src/modules/signals/chain";
import {
  createIvHistoryRepository,
  type IvHistoryRepository,
  recordClosedSessions,
} from "../../src/modules/signals/iv-history";
import { createTestApp } from "../helpers/test-app";

const india = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);
const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;

describe("the daily at-the-money IV record", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let repository: IvHistoryRepository;
  beforeAll(async () => {
    t = await createTestApp();
    repository = createIvHistoryRepository(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("records each instrument once, on the first check after its last session of the day closed", async () => {
    // Wednesday 2025-11-26 (over a year ago: out of the percentile test's window): NSE closes at 15:30.
    const day = "2025-11-26";
    let now = india(day, "15:20:00");
    const asked: string[] = [];
    let excursionsAsked = 0;
    const deps = {
      now: () => now,
      calendar: {},
      repository,
      atmIv: async (instrument: string) => {
        asked.push(instrument);
        return { iv: 0.12, source: "model" as const };
      },
      recordExcursions: async () => {
        excursionsAsked += 1;
        return 0;
      },
      log,
    };
    const done = new Set<string>();
    expect(await recordClosedSessions(deps, done)).toEqual([]);
    now = india(day, "15:45:00");
    expect(await recordClosedSessions(deps, done)).toEqual(["nifty", "banknifty"]);
    expect(await recordClosedSessions(deps, done)).toEqual([]);
    expect(excursionsAsked).toBe(1);
    now = india(day, "23:59:00");
    expect(await recordClosedSessions(deps, done)).toEqual(["crudeoil"]);
    expect(asked).toEqual(["nifty", "banknifty", "crudeoil"]);
    // Another process (a new `done`) finds the days recorded and does not ask again.
    expect(await recordClosedSessions(deps, new Set())).toEqual([]);
    expect(asked).toHaveLength(3);
    expect(await repository.between("NIFTY", day, addDays(day, 1))).toEqual([0.12]);
  });

  it("gives the chain's IV a percentile over the last year once 20 days are recorded", async () => {
    const today = dayKeyOf(Date.now());
    const state = createMarketState();
    state.setSnapshot({
      ...emptySnapshot("NIFTY"),
      ltp: 25_000,
      open: 25_000,
      high: 25_000,
      low: 25_000,
    });
    const chainWith = () =>
      createOptionChainService({
        state,
        current: { read: async () => ({ data: { signals: [] } }) } as never,
        marketNow: Date.now,
        feed: "sim",
        spreadTicks: 1,
        ivHistory: repository.between,
      });
    // A day older than a year does not count.
    await repository.record({
      symbol: "NIFTY",
      day: addDays(today, -400),
      iv: 0.01,
      source: "model",
    });
    for (let i = 1; i <= 19; i += 1) {
      await repository.record({
        symbol: "NIFTY",
        day: addDays(today, -i),
        iv: 0.01 * i,
        source: "model",
      });
    }
    const few = await chainWith().read("nifty");
    expect(few.volatility).toMatchObject({
      percentile: null,
      historyDays: 19,
      note: notEnoughHistory(19),
    });

    await repository.record({ symbol: "NIFTY", day: addDays(today, -20), iv: 5, source: "model" });
    const enough = await chainWith().read("nifty");
    const value = enough.volatility.value;
    // Nineteen days at 1 % to 19 %, one at 500 %: today's level ranks above the days at or below it.
    const atOrBelow = [...Array.from({ length: 19 }, (_, i) => 0.01 * (i + 1)), 5].filter(
      (v) => v <= value,
    ).length;
    expect(enough.volatility).toMatchObject({
      historyDays: 20,
      percentile: Math.round((atOrBelow / 20) * 100),
      note: null,
      source: "model",
    });
  });
});
