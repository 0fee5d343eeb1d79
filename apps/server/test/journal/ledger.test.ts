/**
 * The ledger through GET /api/ledger/verify after tampering with SQL: an edited row, a deleted middle row,
 * a deleted last row (published as a day's head), each detected; restored between cases. And after tampering
 * with the published heads: a head altered after signing, signed by another key, or unsigned, each named
 * at its day's entry.
 */
import { generateKeyPairSync, sign } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { LedgerVerdictSchema } from "@kalpa/contracts/api/paper";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { headMessage, keyIdOf, rawPublicKey } from "@kalpa/verify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../src/db/schema";
import { headsFilePath } from "../../src/modules/ledger/heads-file";
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

  describe("the published heads' signatures", () => {
    const file = () => headsFilePath(t.config.dataDir);
    /** Rewrites the first day's line of the heads file (the published record the server reads first). */
    const tamperFirstHead = async (change: (head: Record<string, unknown>) => void) => {
      const original = await readFile(file(), "utf8");
      const lines = original.trim().split("\n");
      const head = JSON.parse(lines[0] as string);
      change(head);
      lines[0] = JSON.stringify(head);
      await writeFile(file(), `${lines.join("\n")}\n`);
      return async () => writeFile(file(), original);
    };
    const firstDay = addDays(today, -3);

    it("finds a head altered after it was signed, at its day's entry", async () => {
      const restoreFile = await tamperFirstHead((head) => {
        head.publishedAt = (head.publishedAt as number) + 60_000;
      });
      try {
        const verdict = await verify();
        expect(verdict.ok).toBe(false);
        expect(verdict.firstBreak).toEqual({
          seq: 4,
          reason: "signature",
          detail: `the head published for ${firstDay} (entry 4) does not match its signature by the operator's key`,
        });
      } finally {
        await restoreFile();
      }
      expect((await verify()).ok).toBe(true);
    });

    it("finds a head signed by another key, even when it claims the operator's key id", async () => {
      const stranger = generateKeyPairSync("ed25519").privateKey;
      const restoreFile = await tamperFirstHead((head) => {
        // A whole head made anew and signed by someone else: its message is intact, its signature not ours.
        head.signature = sign(
          null,
          Buffer.from(headMessage(head as never), "utf8"),
          stranger,
        ).toString("base64");
      });
      try {
        expect((await verify()).firstBreak).toMatchObject({
          seq: 4,
          reason: "signature",
          detail: `the head published for ${firstDay} (entry 4) does not match its signature by the operator's key`,
        });
      } finally {
        await restoreFile();
      }
      const restoreAgain = await tamperFirstHead((head) => {
        head.keyId = keyIdOf(rawPublicKey(stranger));
      });
      try {
        expect((await verify()).firstBreak?.detail).toMatch(
          new RegExp(
            `^the head published for ${firstDay} \\(entry 4\\) names key [0-9a-f]{64}, not the operator's key`,
          ),
        );
      } finally {
        await restoreAgain();
      }
    });

    it("finds an unsigned head", async () => {
      const restoreFile = await tamperFirstHead((head) => {
        head.signature = null;
        head.keyId = null;
      });
      try {
        expect((await verify()).firstBreak).toMatchObject({
          seq: 4,
          reason: "signature",
          detail: `the head published for ${firstDay} (entry 4) is not signed`,
        });
      } finally {
        await restoreFile();
      }
    });
  });
});
