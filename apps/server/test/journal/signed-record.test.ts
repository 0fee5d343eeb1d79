/**
 * The signed record over HTTP: heads published for two days are signed with the operator's key; the key, the
 * heads and the day bundles fetched as anyone would verify offline with @kalpa/verify's library, and a row
 * altered afterwards shows in the bundle at its entry.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  LedgerBundleSchema,
  LedgerKeySchema,
  SignedLedgerHeadSchema,
} from "@kalpa/contracts/api/ledger";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import {
  headSignatureValid,
  keyIdOf,
  rawPublicKey,
  readKeyDocument,
  verifyBundle,
  verifyRun,
} from "@kalpa/verify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../src/db/schema";
import { headsFilePath } from "../../src/modules/ledger/heads-file";
import { createLedgerRepository } from "../../src/modules/ledger/repository";
import { signingKeyPath } from "../../src/modules/ledger/signing-key";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { recordDayTrades } from "./fixtures";

describe("the signed record", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const today = dayKeyOf(Date.now());
  const first = addDays(today, -3);
  const second = addDays(today, -2);

  beforeAll(async () => {
    t = await createTestApp();
    await recordDayTrades(createSignalRepository(t.database.db), [first, second]);
    await t.ledger.publishFinishedDays(today);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const operatorKey = async () => {
    const res = await get("/.well-known/kalpa-ledger-key");
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const bundleOf = async (day: string) => {
    const res = await get(`/api/ledger/bundles/${day}`);
    expect(res.statusCode).toBe(200);
    return LedgerBundleSchema.parse(res.json().data);
  };

  it("publishes the key made on first start, kept in DATA_DIR readable by the server alone", async () => {
    const res = await get("/.well-known/kalpa-ledger-key");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    const key = LedgerKeySchema.parse(res.json());
    expect(Buffer.from(key.publicKey, "base64")).toHaveLength(32);
    expect(key.keyId).toBe(keyIdOf(Buffer.from(key.publicKey, "base64")));
    const file = signingKeyPath(t.config.dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, "utf8")).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it("serves the signed heads, newest first and paged by day, each naming the one before", async () => {
    const res = await get("/api/ledger/heads");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const heads = res.json().data.map((head: unknown) => SignedLedgerHeadSchema.parse(head));
    expect(heads.map((head: { day: string; seq: number }) => [head.day, head.seq])).toEqual([
      [second, 8],
      [first, 4],
    ]);
    const [newer, older] = heads;
    expect(older.prev).toBeNull();
    expect(newer.prev).toEqual({ day: first, seq: 4, hash: older.hash });
    const { key, keyId } = readKeyDocument(await operatorKey());
    for (const head of heads) {
      expect(head.keyId).toBe(keyId);
      expect(headSignatureValid(head, key)).toBe(true);
    }

    const days = async (query: string) =>
      (await get(`/api/ledger/heads?${query}`)).json().data.map((h: { day: string }) => h.day);
    expect(await days("limit=1")).toEqual([second]);
    expect(await days(`before=${second}`)).toEqual([first]);
    expect(await days(`after=${first}`)).toEqual([second]);
    expect((await get("/api/ledger/heads?limit=0")).statusCode).toBe(400);

    const one = await get(`/api/ledger/heads/${first}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers["cache-control"]).toBe("public, max-age=86400");
    expect(one.json().data).toEqual(older);
    expect((await get(`/api/ledger/heads/${today}`)).statusCode).toBe(404);
    expect((await get("/api/ledger/heads/yesterday")).statusCode).toBe(400);
  });

  it("writes each signed head to the heads file as it signed it", async () => {
    const { key } = readKeyDocument(await operatorKey());
    const lines = (await readFile(headsFilePath(t.config.dataDir), "utf8")).trim().split("\n");
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(headSignatureValid(JSON.parse(line), key)).toBe(true);
  });

  it("serves day bundles that verify offline with the published key, as a run of days", async () => {
    const key = readKeyDocument(await operatorKey());
    const [a, b] = [await bundleOf(first), await bundleOf(second)];
    expect(a.prevHead).toBeNull();
    expect(a.entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect(b.prevHead).toEqual(a.head);
    expect(b.entries.map((entry) => entry.seq)).toEqual([5, 6, 7, 8]);
    expect(verifyRun([a, b], key)).toMatchObject({ ok: true, problems: [] });
    expect(verifyRun([b], key).ok).toBe(true);
    expect((await get(`/api/ledger/bundles/${today}`)).statusCode).toBe(404);
  });

  it("does not verify against another key", async () => {
    const stranger = generateKeyPairSync("ed25519").publicKey;
    const raw = rawPublicKey(stranger);
    const other = readKeyDocument({
      algorithm: "Ed25519",
      publicKey: raw.toString("base64"),
      keyId: keyIdOf(raw),
    });
    const verdict = verifyBundle(await bundleOf(first), other);
    expect(verdict.problems[0]).toMatchObject({ day: first, seq: 4, code: "key" });
  });

  it("shows a row altered after publication in the day's bundle, at its entry", async () => {
    const key = readKeyDocument(await operatorKey());
    // The second day's first entry holding the exit price: its price is changed in place.
    const [saved] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(sql`day = ${second} and content like '%"exitPrice":110,%'`)
      .orderBy(ledgerEntries.seq)
      .limit(1);
    if (!saved) throw new Error("no entry of the second day holds the exit price");
    expect(saved.seq).toBeGreaterThan(4);
    try {
      await t.database.db.execute(
        sql`update ledger_entries set content = replace(content, '"exitPrice":110,', '"exitPrice":111,') where seq = ${saved.seq}`,
      );
      const verdict = verifyRun([await bundleOf(first), await bundleOf(second)], key);
      expect(verdict.ok).toBe(false);
      expect(verdict.problems).toEqual([
        {
          day: second,
          seq: saved.seq,
          code: "edited",
          message: `entry ${saved.seq} no longer matches its hash`,
        },
      ]);
    } finally {
      await t.database.db
        .update(ledgerEntries)
        .set({ content: saved.content })
        .where(sql`seq = ${saved.seq}`);
    }
    expect(verifyBundle(await bundleOf(second), key).ok).toBe(true);
  });
});

describe("the signing key given in the environment", () => {
  it("signs with LEDGER_SIGNING_KEY and publishes its public half", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    // As a .env file holds it: on one line, its line breaks written as \n.
    const t = await createTestApp({ env: { LEDGER_SIGNING_KEY: pem.replace(/\n/g, "\\n") } });
    try {
      const res = await t.app.inject({ method: "GET", url: "/.well-known/kalpa-ledger-key" });
      expect(res.json().keyId).toBe(keyIdOf(rawPublicKey(privateKey)));
    } finally {
      await t.close();
    }
  });
});

describe("heads published before heads were signed", () => {
  it("are signed as they stand on the next publication, so every day verifies", async () => {
    const t = await createTestApp();
    try {
      const today = dayKeyOf(Date.now());
      const days = [addDays(today, -4), addDays(today, -3), addDays(today, -2)];
      await recordDayTrades(createSignalRepository(t.database.db), days);
      // The first day's head as it was published before signing: a bare line and its database copy.
      const ledger = createLedgerRepository(t.database.db);
      const through = await ledger.headThrough(days[0] as string);
      if (!through) throw new Error("no entries");
      const legacy = {
        day: days[0] as string,
        ...through,
        publishedAt: Date.parse("2026-01-01T00:00:00Z"),
        prev: null,
        signature: null,
        keyId: null,
        timestamp: null,
      };
      const file = headsFilePath(t.config.dataDir);
      await mkdir(path.dirname(file), { recursive: true });
      const { day, seq, hash, publishedAt } = legacy;
      await writeFile(file, `${JSON.stringify({ day, seq, hash, publishedAt })}\n`);
      await ledger.saveHead(legacy);

      await t.ledger.publishFinishedDays(today);

      const key = readKeyDocument(
        (await t.app.inject({ method: "GET", url: "/.well-known/kalpa-ledger-key" })).json(),
      );
      const bundles = [];
      for (const day of days) {
        const res = await t.app.inject({ method: "GET", url: `/api/ledger/bundles/${day}` });
        bundles.push(LedgerBundleSchema.parse(res.json().data));
      }
      expect(verifyRun(bundles, key)).toMatchObject({ ok: true, problems: [] });
      // Signed as published: when it was published stays; the file keeps its first line and adds one.
      expect(bundles[0]?.head).toMatchObject({ publishedAt: legacy.publishedAt, prev: null });
      const lines = (await readFile(headsFilePath(t.config.dataDir), "utf8")).trim().split("\n");
      expect(lines.map((line) => [JSON.parse(line).day, "signature" in JSON.parse(line)])).toEqual([
        [days[0], false],
        [days[0], true],
        [days[1], true],
        [days[2], true],
      ]);
      expect((await ledger.headOf(days[0] as string))?.signature).toBe(bundles[0]?.head.signature);
      // Publishing again signs nothing twice.
      expect(await t.ledger.publishFinishedDays(today)).toEqual([]);
      expect(
        (await readFile(headsFilePath(t.config.dataDir), "utf8")).trim().split("\n"),
      ).toHaveLength(4);
    } finally {
      await t.close();
    }
  });
});
