/**
 * The public journal behind one busy address (decision 021): thousands of phones share a carrier's
 * address, so the day groups and the track record are answered from a kept copy rather than refused; a
 * trade that closes shows within the copy's second.
 */
import { PaperHistorySchema } from "@kalpa/contracts/api/paper";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_CACHE_TTL_MS } from "../../src/modules/journal/service";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { recordTrade } from "./fixtures";

const CARRIER_ADDRESS = "100.64.0.7";
const india = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);

describe("the journal read from one busy address", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: CARRIER_ADDRESS });

  it("answers 600 reads of the history and the track record, none refused", async () => {
    const urls = ["/api/paper/history?days=7", "/api/paper/stats?days=7"];
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, index) => get(urls[index % 2] as string)),
    );
    expect(answers.filter((res) => res.statusCode !== 200)).toEqual([]);
  });

  it("shows a trade that closes within the kept copy's time", async () => {
    const model = "CrudeOil:Yamuna";
    const url = `/api/paper/history?model=${encodeURIComponent(model)}&days=7`;
    const before = PaperHistorySchema.parse((await get(url)).json().data);
    const yesterday = addDays(dayKeyOf(Date.now()), -1);
    await recordTrade(createSignalRepository(t.database.db), {
      model,
      entryTime: india(yesterday, "19:00:00"),
      entryPrice: 100,
      exitTime: india(yesterday, "19:30:00"),
      exitPrice: 104,
      lotSize: 100,
    });
    const began = performance.now();
    let after = before;
    while (after.length === before.length && performance.now() - began < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = PaperHistorySchema.parse((await get(url)).json().data);
    }
    expect(after.reduce((sum, day) => sum + day.count, 0)).toBe(
      before.reduce((sum, day) => sum + day.count, 0) + 1,
    );
    expect(performance.now() - began).toBeLessThan(JOURNAL_CACHE_TTL_MS + 500);
  });
});
