import { execFile } from "node:child_process";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "./cli.js";
import {
  type DayBundle,
  entryHash,
  GENESIS_HASH,
  type LedgerEntry,
  publicKeyDocument,
  readKeyDocument,
  type SignedHead,
  signHead,
  verifyBundle,
  verifyRun,
} from "./index.js";

const operator = generateKeyPairSync("ed25519").privateKey;
const stranger = generateKeyPairSync("ed25519").privateKey;
const operatorKey = readKeyDocument(publicKeyDocument(operator));

function chained(
  previous: Pick<LedgerEntry, "seq" | "hash"> | null,
  day: string,
  content: unknown,
) {
  const base = {
    seq: previous ? previous.seq + 1 : 1,
    day,
    kind: "trade",
    content,
    prevHash: previous ? previous.hash : GENESIS_HASH,
  };
  return { ...base, hash: entryHash(base) };
}

/** A record of several days, each with its trades, as the server publishes it: one bundle a day. */
function record(days: Array<[string, number]>, key: KeyObject = operator): DayBundle[] {
  const bundles: DayBundle[] = [];
  let last: LedgerEntry | null = null;
  let prevHead: SignedHead | null = null;
  for (const [day, trades] of days) {
    const entries: LedgerEntry[] = [];
    for (let i = 0; i < trades; i += 1) {
      last = chained(last, day, {
        model: "Nifty:KalpaVruksha",
        exitPrice: 110 + i,
        netPnl: 586.13,
      });
      entries.push(last);
    }
    const head: SignedHead = signHead(
      {
        day,
        seq: last?.seq ?? 0,
        hash: last?.hash ?? GENESIS_HASH,
        prev: prevHead,
        publishedAt: Date.parse(`${day}T18:30:00+05:30`),
      },
      key,
    );
    bundles.push({ v: 1, day, keyId: head.keyId, prevHead, head, entries });
    prevHead = head;
  }
  return bundles;
}

const DAYS: Array<[string, number]> = [
  ["2026-05-04", 3],
  ["2026-05-05", 4],
  ["2026-05-06", 2],
];

/** A deep copy to alter. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("a day bundle", () => {
  it("verifies as published", () => {
    for (const bundle of record(DAYS)) {
      expect(verifyBundle(bundle, operatorKey)).toMatchObject({ ok: true, problems: [] });
    }
    // Saved as the API answers it (in its envelope), it verifies the same.
    const [first] = record(DAYS);
    expect(verifyBundle({ success: true, data: first }, operatorKey).ok).toBe(true);
  });

  it("shows an entry removed, at the entry", () => {
    const bundle = copy(record(DAYS)[1] as DayBundle);
    bundle.entries.splice(1, 1);
    const verdict = verifyBundle(bundle, operatorKey);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems[0]).toEqual({
      day: "2026-05-05",
      seq: 5,
      code: "missing",
      message: "entry 5 is missing (the next one is 6)",
    });
  });

  it("shows the last entry removed: the signed head is not there", () => {
    const bundle = copy(record(DAYS)[1] as DayBundle);
    bundle.entries.pop();
    expect(verifyBundle(bundle, operatorKey).problems).toEqual([
      {
        day: "2026-05-05",
        seq: 7,
        code: "head",
        message: "entries 7 to 7 are missing: the signed head is entry 7",
      },
    ]);
  });

  it("shows a price changed inside an entry's content, at that entry", () => {
    const bundle = copy(record(DAYS)[1] as DayBundle);
    (bundle.entries[2]?.content as { exitPrice: number }).exitPrice = 212;
    const verdict = verifyBundle(bundle, operatorKey);
    expect(verdict.problems).toEqual([
      {
        day: "2026-05-05",
        seq: 6,
        code: "edited",
        message: "entry 6 no longer matches its hash",
      },
    ]);
  });

  it("shows a price changed and every later hash recomputed: the chain no longer ends at the signed head", () => {
    const bundle = copy(record(DAYS)[1] as DayBundle);
    (bundle.entries[2]?.content as { exitPrice: number }).exitPrice = 212;
    let previous: LedgerEntry | null = null;
    bundle.entries = bundle.entries.map((entry, index) => {
      const base = { ...entry, prevHash: index === 0 ? entry.prevHash : (previous?.hash ?? "") };
      previous = { ...base, hash: entryHash(base) };
      return previous;
    });
    expect(verifyBundle(bundle, operatorKey).problems).toEqual([
      {
        day: "2026-05-05",
        seq: 7,
        code: "head",
        message: "entry 7 is not the signed head: the chain was rewritten at or before it",
      },
    ]);
  });

  it("shows a day rewritten and re-signed with another key", () => {
    const honest = record(DAYS);
    const forged = record(
      [
        ["2026-05-04", 3],
        ["2026-05-05", 3],
      ],
      stranger,
    );
    // The forger keeps the operator's previous head and re-signs a shorter day with a key of their own:
    // its entries chain, and its head is its last entry, so only the key gives it away.
    const bundle = { ...(forged[1] as DayBundle), prevHead: (honest[0] as DayBundle).head };
    expect(verifyBundle(bundle, operatorKey).problems).toEqual([
      {
        day: "2026-05-05",
        seq: 6,
        code: "key",
        message: `the head (2026-05-05) is signed by key ${(forged[1] as DayBundle).head.keyId}, not the operator's key ${operatorKey.keyId}`,
      },
    ]);
  });

  it("shows a head whose key id was set to the operator's but whose signature is another key's", () => {
    const bundle = copy(record(DAYS, stranger)[0] as DayBundle);
    bundle.head.keyId = operatorKey.keyId;
    expect(verifyBundle(bundle, operatorKey).problems).toEqual([
      {
        day: "2026-05-04",
        seq: 3,
        code: "signature",
        message: "the head's signature (2026-05-04, seq 3) does not verify with the operator's key",
      },
    ]);
  });

  it("shows a signed head altered after signing (its publication time moved)", () => {
    const bundle = copy(record(DAYS)[0] as DayBundle);
    bundle.head.publishedAt += 86_400_000;
    expect(verifyBundle(bundle, operatorKey).problems[0]?.code).toBe("signature");
  });
});

describe("a run of day bundles", () => {
  it("verifies consecutive days in any order given", () => {
    const [a, b, c] = record(DAYS);
    const verdict = verifyRun([c, a, b], operatorKey);
    expect(verdict.ok).toBe(true);
    expect(verdict.days.map((day) => [day.day, day.entries, day.head?.seq])).toEqual([
      ["2026-05-04", 3, 3],
      ["2026-05-05", 4, 7],
      ["2026-05-06", 2, 9],
    ]);
  });

  it("shows a day missing from the run", () => {
    const [a, , c] = record(DAYS);
    const verdict = verifyRun([a, c], operatorKey);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([
      {
        day: "2026-05-06",
        seq: 7,
        code: "gap",
        message: expect.stringMatching(
          /^2026-05-05 is missing: 2026-05-06's head follows 2026-05-05 \(seq 7, hash [0-9a-f]{12}…\), not 2026-05-04 \(seq 3, hash [0-9a-f]{12}…\)$/,
        ),
      },
    ]);
  });
});

describe("a run of day bundles, altered in more than one way", () => {
  it("names, day by day, the day left out before what changed inside the next one", () => {
    const [a, , c, d] = record([...DAYS, ["2026-05-07", 2]]);
    const edited = copy(c as DayBundle);
    (edited.entries[1]?.content as { exitPrice: number }).exitPrice = 999;
    const verdict = verifyRun([d, edited, a], operatorKey);
    expect(verdict.problems.map((problem) => [problem.day, problem.seq, problem.code])).toEqual([
      ["2026-05-06", 7, "gap"],
      ["2026-05-06", 9, "edited"],
    ]);
    expect(verdict.days.map((day) => [day.day, day.ok])).toEqual([
      ["2026-05-04", true],
      ["2026-05-06", false],
      ["2026-05-07", true],
    ]);
  });

  it("names a day given twice once", () => {
    const [a, b] = record(DAYS);
    expect(verifyRun([a, b, b], operatorKey).problems).toEqual([
      { day: "2026-05-05", seq: null, code: "duplicate", message: "2026-05-05 is given twice" },
    ]);
  });
});

describe("kalpa-verify", () => {
  let dir: string;
  const bin = fileURLToPath(new URL("../bin/kalpa-verify.js", import.meta.url));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kalpa-verify-"));
    await writeFile(path.join(dir, "key.json"), JSON.stringify(publicKeyDocument(operator)));
    const bundles = record(DAYS);
    for (const bundle of bundles) {
      await writeFile(path.join(dir, `${bundle.day}.json`), JSON.stringify(bundle));
    }
    const edited = copy(bundles[1] as DayBundle);
    (edited.entries[0]?.content as { netPnl: number }).netPnl = 9586.13;
    await writeFile(path.join(dir, "edited.json"), JSON.stringify(edited));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("exits 0 on an intact run, run by node as a user would", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      "--key",
      path.join(dir, "key.json"),
      path.join(dir, "2026-05-04.json"),
      path.join(dir, "2026-05-05.json"),
    ]);
    expect(stdout).toContain("ok   2026-05-04  3 entries, head seq 3");
    expect(stdout).toContain("verified: 2 day(s)");
  });

  it("prints where a rewrite shows and exits 1", async () => {
    const lines: string[] = [];
    const status = await main(
      [
        "--key",
        path.join(dir, "key.json"),
        path.join(dir, "2026-05-04.json"),
        path.join(dir, "edited.json"),
      ],
      { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    );
    expect(status).toBe(1);
    expect(lines).toContain("FAIL 2026-05-05  4 entries, head seq 7");
    expect(lines).toContain("2026-05-05 seq 4: edited: entry 4 no longer matches its hash");
    expect(lines.at(-1)).toBe("NOT verified: 1 problem(s)");
  });

  it("exits 2 without a key, or with a file that is not JSON", async () => {
    const errors: string[] = [];
    const io = { out: () => undefined, err: (line: string) => errors.push(line) };
    expect(await main([path.join(dir, "2026-05-04.json")], io)).toBe(2);
    expect(errors[0]).toMatch(/^usage: kalpa-verify --key/);
    await writeFile(path.join(dir, "torn.json"), '{"v":1,');
    expect(await main(["--key", path.join(dir, "key.json"), path.join(dir, "torn.json")], io)).toBe(
      2,
    );
    expect(errors.at(-1)).toBe(`kalpa-verify: ${path.join(dir, "torn.json")} is not JSON`);
  });
});
