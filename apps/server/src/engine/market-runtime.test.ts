/** The simulated market's history seed stops writing once the server is closing. */
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { MarketRepository } from "../modules/market/repository";
import { createMarketSource } from "./market-runtime";

const CONFIG = {
  engine: true,
  feed: "sim" as const,
  seed: "history-seed-test",
  replayFile: undefined,
  replayData: undefined,
  replayWindow: { from: undefined, to: undefined },
  clockStart: Date.parse("2026-11-18T10:00:00+05:30"),
  clockSpeed: 1,
  clockEpoch: undefined,
  nseClose: "15:30",
  squareOff: { NSE: "15:15", MCX: "23:00" },
  slippageTicks: 1,
  stopLimitPercent: 3,
  publicPriceDelayMinutes: 15,
};

/** A repository that stores nothing, counts the writes, and says stop after `stopAfter` of them. */
function countingRepository(stopAfter: number) {
  let writes = 0;
  const repository = {
    bars: async () => [],
    saveBars: async () => {
      writes++;
    },
  } as unknown as MarketRepository;
  return { repository, writes: () => writes, stopped: () => writes >= stopAfter };
}

describe("the simulated market's history seed", () => {
  it("writes a year of daily bars and the last sessions' minutes when left to finish", async () => {
    const source = await createMarketSource(CONFIG, () => CONFIG.clockStart);
    const all = countingRepository(Number.POSITIVE_INFINITY);
    await source.seedHistory?.(all.repository, pino({ level: "silent" }), all.stopped);
    expect(all.writes()).toBeGreaterThan(20);
  });

  it("begins no write once told the server is closing", async () => {
    const source = await createMarketSource(CONFIG, () => CONFIG.clockStart);
    const closing = countingRepository(3);
    await source.seedHistory?.(closing.repository, pino({ level: "silent" }), closing.stopped);
    expect(closing.writes()).toBe(3);
  });
});
