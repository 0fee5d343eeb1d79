/**
 * The ledger through GET /api/ledger/verify after tampering with SQL: an edited row, a deleted middle row,
 * a deleted last row (published as a day's head), each detected; restored between cases.
 */
import { LedgerVerdictSchema } from "@kalpa/contracts/api/paper";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../src/db/schema";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { recordDayTrades } from "./fixtures";

describe("the tamper-evident ledger", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let saved: Array<typeof ledgerEntries.$inferSelect>;
  const today = dayKeyOf(Date.now());

  beforeAll(async () => {
    t = await createTestApp();
    await recordDayTrades(createSignalRepository(t.database.db), [
      addDays(today, -3),
      addDays(today, -2),
    ]);
    await t.ledger.publishFinishedDays(today);
    saved = await t.database.db.select().from(ledgerEntries);
  });
  afterAll(async () => {
    await t?.close();
  });

  const verify = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ledger/verify" });
    expect(res.statusCode).toBe(200);
    return LedgerVerdictSchema.parse(res.json().data);
  };
  const restore = async () => {
    await t.database.db.delete(ledgerEntries);
    await t.database.db.insert(ledgerEntries).values(saved);
  };

  it("verifies the untouched chain against the published heads", async () => {
    const verdict = await verify();
    expect(verdict).toMatchObject({ ok: true, entries: 8, headsChecked: 2, firstBreak: null });
    expect(verdict.latestHead).toMatchObject({ day: addDays(today, -2), seq: 8 });
    const heads = await t.app.inject({ method: "GET", url: "/api/ledger/heads" });
    expect(heads.json().data.map((head: { day: string }) => head.day)).toEqual([
      addDays(today, -2),
      addDays(today, -3),
    ]);
    // Publishing again adds nothing.
    expect(await t.ledger.publishFinishedDays(today)).toEqual([]);
  });

  it("finds an edited row", async () => {
    await t.database.db.execute(
      sql`update ledger_entries set content = replace(content, '"netPnl":586.13', '"netPnl":9586.13') where seq = 4`,
    );
    expect((await verify()).firstBreak).toMatchObject({ seq: 4, reason: "edited" });
    await restore();
  });

  it("finds a deleted middle row", async () => {
    await t.database.db.execute(sql`delete from ledger_entries where seq = 5`);
    expect((await verify()).firstBreak).toMatchObject({ seq: 5, reason: "missing" });
    await restore();
  });

  it("finds a deleted last row, and a chain cut back to a consistent shorter one", async () => {
    await t.database.db.execute(sql`delete from ledger_entries where seq = 8`);
    // The database's copy of the heads goes too: the file still holds what was published.
    await t.database.db.execute(sql`delete from ledger_heads`);
    const verdict = await verify();
    expect(verdict.ok).toBe(false);
    expect(verdict.firstBreak).toMatchObject({ seq: 8, reason: "missing" });
    await restore();
    expect((await verify()).ok).toBe(true);
  });
});
