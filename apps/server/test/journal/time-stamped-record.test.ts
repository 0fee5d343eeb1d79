/**
 * The signed record time-stamped by an RFC 3161 authority (LEDGER_TSA_URL), against the local double
 * (tools/tsa-double): each published head carries the authority's token, in the bundle, the heads file and
 * the database; without the setting, none; with the authority down, publishing goes on and the token comes
 * at the next publication.
 */
import { readFile } from "node:fs/promises";
import { LedgerBundleSchema } from "@kalpa/contracts/api/ledger";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { startTsaDouble, type TsaDouble } from "@kalpa/tsa-double";
import {
  headMessage,
  messageImprintOf,
  readKeyDocument,
  readTimeStampToken,
  readTsaCertificate,
  verifyRun,
} from "@kalpa/verify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { headsFilePath } from "../../src/modules/ledger/heads-file";
import { createLedgerRepository } from "../../src/modules/ledger/repository";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createTestApp } from "../helpers/test-app";
import { recordDayTrades } from "./fixtures";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Each test starts its own app (its own settings), which takes a while on a loaded machine. */
const APP_TEST = { timeout: 120_000 };

const today = dayKeyOf(Date.now());
const first = addDays(today, -3);
const second = addDays(today, -2);

async function bundleOf(t: TestApp, day: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/ledger/bundles/${day}` });
  expect(res.statusCode).toBe(200);
  return LedgerBundleSchema.parse(res.json().data);
}

async function operatorKey(t: TestApp) {
  return readKeyDocument(
    (await t.app.inject({ method: "GET", url: "/.well-known/kalpa-ledger-key" })).json(),
  );
}

let tsa: TsaDouble;
const apps: TestApp[] = [];
beforeAll(async () => {
  tsa = await startTsaDouble();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});
afterAll(async () => {
  await tsa.close();
});

describe("the record time-stamped by an RFC 3161 authority", () => {
  it(
    "stamps each published head: the token is in the bundle, the heads file and the database",
    APP_TEST,
    async () => {
      const t = await createTestApp({ env: { LEDGER_TSA_URL: tsa.url } });
      apps.push(t);
      await recordDayTrades(createSignalRepository(t.database.db), [first, second]);
      const asked = tsa.requests.length;
      await t.ledger.publishFinishedDays(today);

      const bundles = [await bundleOf(t, first), await bundleOf(t, second)];
      for (const bundle of bundles) {
        expect(bundle.head.timestamp).toEqual(expect.any(String));
        const { info } = readTimeStampToken(Buffer.from(bundle.head.timestamp as string, "base64"));
        expect(info.hashAlgorithm).toBe("sha256");
        expect(info.hashedMessage).toEqual(messageImprintOf(headMessage(bundle.head)));
      }
      // One request per head, SHA-256 of its signed message, asking for the certificate.
      expect(
        tsa.requests.slice(asked).map((request) => [request.hashedMessage, request.certReq]),
      ).toEqual(bundles.map((bundle) => [messageImprintOf(headMessage(bundle.head)), true]));
      const tsaCertificate = readTsaCertificate(Buffer.from(tsa.certificatePem));
      const verdict = verifyRun(bundles, await operatorKey(t), { tsaCertificate });
      expect(verdict.problems).toEqual([]);
      expect(verdict.days.map((day) => day.timestamp?.authorityChecked)).toEqual([true, true]);

      const lines = (await readFile(headsFilePath(t.config.dataDir), "utf8")).trim().split("\n");
      expect(lines.map((line) => JSON.parse(line).timestamp)).toEqual(
        bundles.map((bundle) => bundle.head.timestamp),
      );
      const stored = await createLedgerRepository(t.database.db).headOf(second);
      expect(stored?.timestamp).toBe(bundles[1]?.head.timestamp);
      expect((await t.ledger.timeStamping()).failures).toEqual([]);
    },
  );

  it("stamps nothing without LEDGER_TSA_URL", APP_TEST, async () => {
    const t = await createTestApp();
    apps.push(t);
    await recordDayTrades(createSignalRepository(t.database.db), [first]);
    const asked = tsa.requests.length;
    await t.ledger.publishFinishedDays(today);
    const bundle = await bundleOf(t, first);
    expect(bundle.head.signature).toEqual(expect.any(String));
    expect(bundle.head.timestamp).toBeNull();
    expect(tsa.requests.length).toBe(asked);
    expect(await t.ledger.timeStamping()).toEqual({ url: null, failures: [] });
    expect(verifyRun([bundle], await operatorKey(t)).ok).toBe(true);
  });

  it(
    "publishes while the authority is down, records why, and stamps the head at the next publication",
    APP_TEST,
    async () => {
      const down = await startTsaDouble({ identity: tsa.identity });
      const port = down.port;
      await down.close();
      const t = await createTestApp({ env: { LEDGER_TSA_URL: `http://127.0.0.1:${port}/` } });
      apps.push(t);
      const signals = createSignalRepository(t.database.db);
      await recordDayTrades(signals, [first]);

      const published = await t.ledger.publishFinishedDays(addDays(first, 1));
      expect(published.map((head) => [head.day, head.timestamp])).toEqual([[first, null]]);
      const unstamped = await bundleOf(t, first);
      expect(unstamped.head.signature).toEqual(expect.any(String));
      expect(unstamped.head.timestamp).toBeNull();
      const { failures } = await t.ledger.timeStamping();
      expect(failures).toEqual([
        {
          day: first,
          reason: expect.stringContaining("could not be reached"),
          at: expect.any(Number),
        },
      ]);

      // The authority is back; the next day is published and the first day's head stamped with it.
      const back = await startTsaDouble({ port, identity: tsa.identity });
      try {
        await recordDayTrades(signals, [second]);
        await t.ledger.publishFinishedDays(today);
      } finally {
        await back.close();
      }
      const bundles = [await bundleOf(t, first), await bundleOf(t, second)];
      expect(bundles.map((bundle) => bundle.head.timestamp === null)).toEqual([false, false]);
      // Stamped later, the head itself is unchanged: the same signature, the same publication time.
      expect(bundles[0]?.head.signature).toBe(unstamped.head.signature);
      expect(bundles[0]?.head.publishedAt).toBe(unstamped.head.publishedAt);
      const tsaCertificate = readTsaCertificate(Buffer.from(tsa.certificatePem));
      expect(verifyRun(bundles, await operatorKey(t), { tsaCertificate }).problems).toEqual([]);
      expect((await t.ledger.timeStamping()).failures).toEqual([]);
      // The file: the first day's line as published, then the same head with its token, then the second day.
      const lines = (await readFile(headsFilePath(t.config.dataDir), "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => [line.day, line.timestamp !== null])).toEqual([
        [first, false],
        [first, true],
        [second, true],
      ]);
      expect((await createLedgerRepository(t.database.db).headOf(first))?.timestamp).toBe(
        bundles[0]?.head.timestamp,
      );
    },
  );
});
