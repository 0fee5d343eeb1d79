/**
 * A day head's RFC 3161 time-stamp, as kalpa-verify checks it: tokens come from the local authority
 * (tools/tsa-double, written with pkijs), so the DER reading here is checked against another implementation.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startTsaDouble, type TsaDouble } from "@kalpa/tsa-double";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DayBundle,
  entryHash,
  GENESIS_HASH,
  headMessage,
  type LedgerEntry,
  messageImprintOf,
  publicKeyDocument,
  readKeyDocument,
  readTimeStampResponse,
  readTsaCertificate,
  type SignedHead,
  signHead,
  timeStampRequest,
  verifyBundle,
  verifyRun,
} from "./index.js";

const operator = generateKeyPairSync("ed25519").privateKey;
const operatorKey = readKeyDocument(publicKeyDocument(operator));
// Within the double's certificate, made as the test starts; whole seconds, as the double writes them.
const GEN_TIME = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
const YEAR = GEN_TIME.slice(0, 4);
const EARLIER_YEAR = String(Number(YEAR) - 1);

let tsa: TsaDouble;
let otherTsa: TsaDouble;
beforeAll(async () => {
  [tsa, otherTsa] = await Promise.all([
    startTsaDouble({ now: () => new Date(GEN_TIME) }),
    startTsaDouble(),
  ]);
});
afterAll(async () => {
  await Promise.all([tsa.close(), otherTsa.close()]);
});

/** Asks the authority to stamp SHA-256 of a message, as the server does. */
async function stamp(message: string, authority = tsa): Promise<string> {
  const { der } = timeStampRequest(messageImprintOf(message));
  const response = await fetch(authority.url, {
    method: "POST",
    headers: { "content-type": "application/timestamp-query" },
    body: der,
  });
  const answer = readTimeStampResponse(Buffer.from(await response.arrayBuffer()));
  if (!answer.granted) throw new Error(answer.reason);
  return answer.token.toString("base64");
}

/** Two published days, each head time-stamped. */
async function twoDays(): Promise<DayBundle[]> {
  const bundles: DayBundle[] = [];
  let last: LedgerEntry | null = null;
  let prevHead: SignedHead | null = null;
  for (const day of ["2026-11-26", "2026-11-27"]) {
    const entries: LedgerEntry[] = [];
    for (let i = 0; i < 2; i += 1) {
      const base: Omit<LedgerEntry, "hash"> = {
        seq: last ? last.seq + 1 : 1,
        day,
        kind: "trade",
        content: { model: "Nifty:KalpaVruksha", netPnl: 100 + i },
        prevHash: last ? last.hash : GENESIS_HASH,
      };
      const entry: LedgerEntry = { ...base, hash: entryHash(base) };
      entries.push(entry);
      last = entry;
    }
    const signed = signHead(
      {
        day,
        seq: last?.seq ?? 0,
        hash: last?.hash ?? GENESIS_HASH,
        prev: prevHead,
        publishedAt: Date.parse(`${day}T18:30:00+05:30`),
      },
      operator,
    );
    const head = { ...signed, timestamp: await stamp(headMessage(signed)) };
    bundles.push({ v: 1, day, keyId: head.keyId, prevHead, head, entries });
    prevHead = head;
  }
  return bundles;
}

describe("a time-stamped day bundle", () => {
  let bundles: DayBundle[];
  beforeAll(async () => {
    bundles = await twoDays();
  });

  it("verifies, and reports when the authority stamped the head (imprint only without its certificate)", () => {
    const verdict = verifyBundle(bundles[1], operatorKey);
    expect(verdict.problems).toEqual([]);
    expect(verdict.timestamp).toEqual({ genTime: GEN_TIME, authorityChecked: false });
  });

  it("verifies the authority's signature when given its certificate", () => {
    const tsaCertificate = readTsaCertificate(Buffer.from(tsa.certificatePem));
    const verdict = verifyRun(bundles, operatorKey, { tsaCertificate });
    expect(verdict.ok).toBe(true);
    expect(verdict.days.map((day) => day.timestamp)).toEqual([
      { genTime: GEN_TIME, authorityChecked: true },
      { genTime: GEN_TIME, authorityChecked: true },
    ]);
  });

  it("fails at the head when its token stamps another head", () => {
    const [first, second] = bundles as [DayBundle, DayBundle];
    const swapped = structuredClone(second);
    (swapped.head as SignedHead & { timestamp: string }).timestamp = (
      first.head as SignedHead & { timestamp: string }
    ).timestamp;
    const verdict = verifyBundle(swapped, operatorKey);
    expect(verdict.ok).toBe(false);
    expect(verdict.timestamp).toBeNull();
    expect(verdict.problems).toEqual([
      {
        day: "2026-11-27",
        seq: 4,
        code: "timestamp",
        message: `the time-stamp (${GEN_TIME}) is for another message than this head's`,
      },
    ]);
  });

  it("fails when another authority's certificate is given, or the token's time was altered", async () => {
    const others = readTsaCertificate(Buffer.from(otherTsa.certificatePem));
    const wrong = verifyBundle(bundles[0], operatorKey, { tsaCertificate: others });
    expect(wrong.problems.map((problem) => [problem.code, problem.message])).toEqual([
      ["timestamp", "the token's signature does not verify with the authority's certificate"],
    ]);

    // The genTime's year moved back one inside the DER: the imprint still matches, the signature does not.
    const altered = structuredClone(bundles[0] as DayBundle);
    const head = altered.head as SignedHead & { timestamp: string };
    const der = Buffer.from(head.timestamp, "base64");
    const at = der.indexOf(Buffer.from(GEN_TIME.replace(/[-:T]|\.000/g, ""), "latin1"));
    expect(at).toBeGreaterThan(0);
    der.write(EARLIER_YEAR, at, "latin1");
    head.timestamp = der.toString("base64");
    const own = readTsaCertificate(Buffer.from(tsa.certificatePem));
    expect(verifyBundle(altered, operatorKey).timestamp?.genTime).toBe(
      `${EARLIER_YEAR}${GEN_TIME.slice(4)}`,
    );
    expect(verifyBundle(altered, operatorKey, { tsaCertificate: own }).problems[0]?.message).toBe(
      "the token's TSTInfo does not match the digest its authority signed",
    );
  });

  it("kalpa-verify --tsa-cert prints the time and exits 0; a token not RFC 3161 fails as timestamp", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "kalpa-verify-tsa-"));
    try {
      await writeFile(path.join(dir, "key.json"), JSON.stringify(publicKeyDocument(operator)));
      await writeFile(path.join(dir, "tsa.pem"), tsa.certificatePem);
      for (const bundle of bundles) {
        await writeFile(
          path.join(dir, `${bundle.day}.json`),
          JSON.stringify({ success: true, data: bundle }),
        );
      }
      const bin = fileURLToPath(new URL("../bin/kalpa-verify.js", import.meta.url));
      const { stdout } = await promisify(execFile)(process.execPath, [
        bin,
        "--key",
        path.join(dir, "key.json"),
        "--tsa-cert",
        path.join(dir, "tsa.pem"),
        path.join(dir, "2026-11-26.json"),
        path.join(dir, "2026-11-27.json"),
      ]);
      expect(stdout).toContain(
        `ok   2026-11-27  2 entries, head seq 4, time-stamped ${GEN_TIME} (authority's signature checked)`,
      );
      expect(stdout).toContain("verified: 2 day(s)");

      const torn = structuredClone(bundles[1] as DayBundle);
      (torn.head as SignedHead & { timestamp: string }).timestamp = "MAA=";
      await writeFile(path.join(dir, "torn.json"), JSON.stringify(torn));
      const run = promisify(execFile)(process.execPath, [
        bin,
        "--key",
        path.join(dir, "key.json"),
        path.join(dir, "torn.json"),
      ]);
      await expect(run).rejects.toMatchObject({
        code: 1,
        stdout: expect.stringContaining(
          "2026-11-27 seq 4: timestamp: the head's time-stamp is not an RFC 3161 token",
        ),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
